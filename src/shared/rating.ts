/**
 * The rating step after a conversation (conversation.md: "A rating step after a conversation"):
 * one to five stars and an optional comment, once per conversation per person. The rule is said
 * here for the form that offers it and the server that stores it.
 */
import { type Infer, type Schema, nullable, number, object, optional, string } from './schema';

export const RATING_MIN_STARS = 1;
export const RATING_MAX_STARS = 5;
/** A comment is a few sentences about the conversation, not a document. */
export const RATING_COMMENT_MAX_LENGTH = 1000;

export const ALREADY_RATED_MESSAGE = 'You have already rated this conversation.';

export const ratingSchema = object({
  stars: number({ min: RATING_MIN_STARS, max: RATING_MAX_STARS, integer: true }),
  comment: optional(string({ max: RATING_COMMENT_MAX_LENGTH })),
});
export type ConversationRating = Infer<typeof ratingSchema>;

/**
 * The POST body as the route declares it: the rule above, for the API's document, but every
 * value reaches the route, whose refusal of a bad rating (normalizeRating) is 'invalid-rating'
 * with the rule in words, not a schema's field message.
 */
export const ratingBodySchema: Schema<unknown> = {
  ...ratingSchema,
  check: (input) => ({ ok: true, value: input }),
};

/** POST's answer (201): the rating as stored. */
export const ratedSchema = object({
  roomId: string(),
  stars: number(),
  comment: optional(string()),
});

/** GET's answer: the caller's own rating of the conversation, null when they gave none. */
export const ratingAnswerSchema = object({ roomId: string(), rating: nullable(ratingSchema) });
export type RatingAnswer = Infer<typeof ratingAnswerSchema>;

/**
 * A rating as it is stored: the comment trimmed, control characters out, and absent when
 * nothing is left. Undefined for stars outside 1-5 or a comment too long.
 */
export function normalizeRating(input: unknown): ConversationRating | undefined {
  const checked = ratingSchema.check(input);
  if (!checked.ok) return undefined;
  // eslint-disable-next-line no-control-regex
  const comment = (checked.value.comment ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  return { stars: checked.value.stars, ...(comment ? { comment } : {}) };
}
