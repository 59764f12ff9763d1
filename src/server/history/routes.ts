/**
 * The history of conversations (issue 13): a conversation joins the caller's saved transcripts
 * (the end sequence's SAVE stage), the list newest first in pages of 10 with the spec's search,
 * rename and delete of one's own entries, and the rating after a conversation. Who may call
 * each is the authorisation table's (auth/access.ts); what is asked of the data, here.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API, API_ROUTES, apiError, apiErrorSchema, roomIdParamsSchema } from '../../shared/api';
import { ROOM_TITLE_MAX_LENGTH } from '../../shared/constants';
import {
  ALREADY_RATED_MESSAGE,
  RATING_COMMENT_MAX_LENGTH,
  RATING_MAX_STARS,
  RATING_MIN_STARS,
  normalizeRating,
  ratedSchema,
  ratingAnswerSchema,
  ratingBodySchema,
  type RatingAnswer,
} from '../../shared/rating';
import {
  SAVED_TRANSCRIPTS_LIMITS,
  bulkDeleteIds,
  bulkDeleteSavedTranscriptsSchema,
  bulkDeletedSavedTranscriptsSchema,
  SAVED_TRANSCRIPTS_PAGE_SIZE,
  SEARCH_TOO_SHORT_MESSAGE,
  type SavedTranscriptsResponse,
  renameSavedTranscriptSchema,
  renamedSavedTranscriptSchema,
  savedTranscriptAddedSchema,
  savedTranscriptsQuerySchema,
  savedTranscriptsResponseSchema,
  savedTranscriptsUrlQuerySchema,
  searchTerms,
} from '../../shared/saved-transcripts';
import { formatIssue } from '../../shared/schema';
import { normalizeTitle } from '../../shared/validation';
import type { ConversationMetricsRepository } from '../accounts';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { RatingRepository } from './ratings-repository';
import type { SavedTranscriptRepository } from './repository';
import { savingRefusal } from './saving';

const route = routeIn('history');

export interface HistoryRouteDeps {
  saved: SavedTranscriptRepository;
  ratings: RatingRepository;
  metrics: ConversationMetricsRepository;
  /** A deleted conversation leaves the server's memory too. */
  forgetRoom(roomId: string): Promise<void>;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

/**
 * The query's text (checked by the route's schema) as values: numbers read as numbers, empty
 * values skipped (the spec). savedTranscriptsQuerySchema then says what is wrong with them.
 */
function queryOf(raw: Readonly<Record<string, string | undefined>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === '') continue;
    out[key] = (key === 'limit' || key === 'before') && /^\d{1,15}$/.test(value) ? Number(value) : value;
  }
  return out;
}

function counted(deps: HistoryRouteDeps, what: string, work: Promise<unknown>): void {
  // Counters are a report, not the person's data: a failure is logged and the answer stands.
  work.catch((error: unknown) =>
    deps.log('warn', `could not update conversation metrics (${what})`, { error: (error as Error).message }),
  );
}

export function historyRoutes(deps: HistoryRouteDeps): AnyRoute[] {
  return [
    route('POST', API_ROUTES.roomSavedTranscript, {
      summary: "The conversation joins the caller's saved transcripts (201 when it just did).",
      params: roomIdParamsSchema,
      response: { 200: savedTranscriptAddedSchema, 201: savedTranscriptAddedSchema },
      handler: async (request, reply) => {
        const access = request.roomAccess!;
        const refusal = savingRefusal(access.room, access.actor, request.principal);
        if (refusal) return reply.code(403).send(apiError(refusal.code, refusal.message));
        const avaId = request.principal.avaId!;
        const created = await deps.saved.save(avaId, access.room.id, deps.now());
        if (created) counted(deps, 'saved transcript', deps.metrics.countSavedTranscript(avaId, deps.now()));
        return reply.code(created ? 201 : 200).send({ roomId: access.room.id, saved: true });
      },
    }),
    route('GET', API.savedTranscripts, {
      summary: "The caller's saved transcripts, newest first: a page of 10 (or the latest one), searchable.",
      query: savedTranscriptsUrlQuerySchema,
      response: { 200: savedTranscriptsResponseSchema },
      handler: async (request, reply) => {
        const checked = savedTranscriptsQuerySchema.check(queryOf(request.query));
        if (!checked.ok) return reply.code(400).send(apiError('invalid-query', formatIssue(checked.issue)));
        const { limit = SAVED_TRANSCRIPTS_PAGE_SIZE, before, search } = checked.value;
        // The spec's two sizes: a page, or the latest one.
        if (!(SAVED_TRANSCRIPTS_LIMITS as readonly number[]).includes(limit))
          return reply
            .code(400)
            .send(apiError('invalid-query', `limit: ${SAVED_TRANSCRIPTS_LIMITS.join(' or ')}`));
        let terms: string[] | undefined;
        if (search !== undefined) {
          terms = searchTerms(search);
          if (!terms) return reply.code(400).send(apiError('search-too-short', SEARCH_TOO_SHORT_MESSAGE));
          await deps.saved.indexForSearch(checked.value.avaId);
        }
        // One more than asked says whether another page follows, without a count of everything.
        const rows = await deps.saved.list(checked.value.avaId, {
          limit: limit + 1,
          ...(before !== undefined ? { before } : {}),
          ...(terms ? { terms } : {}),
        });
        const page = rows.slice(0, limit);
        const body: SavedTranscriptsResponse = {
          savedTranscripts: page,
          ...(rows.length > limit ? { nextBefore: page[page.length - 1]!.startTimestampMs } : {}),
        };
        return body;
      },
    }),
    route('PATCH', API_ROUTES.savedTranscript, {
      summary: "Renames the caller's own saved transcript (the room title's rule).",
      params: roomIdParamsSchema,
      body: renameSavedTranscriptSchema,
      response: { 200: renamedSavedTranscriptSchema, 404: apiErrorSchema },
      handler: async (request, reply) => {
        const title = normalizeTitle(request.body.title);
        if (title === undefined)
          return reply
            .code(400)
            .send(apiError('invalid-title', `A title has 1 to ${ROOM_TITLE_MAX_LENGTH} characters.`));
        const renamed = await deps.saved.rename(request.principal.avaId!, request.params.roomId, title);
        if (!renamed) return notFound(reply);
        return { roomId: request.params.roomId, title };
      },
    }),
    route('DELETE', API_ROUTES.savedTranscript, {
      summary:
        "Removes the caller's saved transcript (204); the host's removes the conversation itself, once it has ended.",
      params: roomIdParamsSchema,
      response: { 404: apiErrorSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const outcome = await deps.saved.remove(request.principal.avaId!, request.params.roomId);
        if (outcome === 'not-found') return notFound(reply);
        if (outcome === 'ongoing')
          return reply
            .code(409)
            .send(apiError('conversation-ongoing', 'End the conversation before deleting it.'));
        if (outcome === 'removed-conversation') await deps.forgetRoom(request.params.roomId);
        return reply.code(204).send();
      },
    }),
    route('POST', API.savedTranscriptsBulkDelete, {
      summary:
        "Deletes several of the caller's saved transcripts in one transaction, all or none, each as DELETE would.",
      body: bulkDeleteSavedTranscriptsSchema,
      response: { 200: bulkDeletedSavedTranscriptsSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const roomIds = bulkDeleteIds(request.body.roomIds);
        if (!roomIds)
          return reply
            .code(400)
            .send(apiError('invalid-body', 'Choose at least one conversation to delete.'));
        const outcome = await deps.saved.removeMany(request.principal.avaId!, roomIds);
        // Nothing was deleted: the person is told which, and can choose again.
        if (outcome.kind === 'not-found') return notFound(reply);
        if (outcome.kind === 'ongoing')
          return reply
            .code(409)
            .send(
              apiError(
                'conversation-ongoing',
                `End the conversation before deleting it (${outcome.roomIds.length} still going on).`,
              ),
            );
        for (const roomId of outcome.conversations) await deps.forgetRoom(roomId);
        return { roomIds, deleted: roomIds.length };
      },
    }),
    route('POST', API_ROUTES.roomRating, {
      summary: "The caller's rating of a conversation that ended (1 to 5 stars, optional comment), once.",
      params: roomIdParamsSchema,
      body: ratingBodySchema,
      response: { 201: ratedSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const rating = normalizeRating(request.body);
        if (!rating)
          return reply
            .code(400)
            .send(
              apiError(
                'invalid-rating',
                `A rating is ${RATING_MIN_STARS} to ${RATING_MAX_STARS} stars, with a comment of at most ${RATING_COMMENT_MAX_LENGTH} characters.`,
              ),
            );
        const access = request.roomAccess!;
        const avaId = request.principal.avaId!;
        if (!(await deps.ratings.add(access.room.id, avaId, rating, deps.now())))
          return reply.code(409).send(apiError('already-rated', ALREADY_RATED_MESSAGE));
        counted(
          deps,
          'rating',
          deps.metrics.countRating(avaId, rating.stars as 1 | 2 | 3 | 4 | 5, deps.now()),
        );
        return reply.code(201).send({ roomId: access.room.id, ...rating });
      },
    }),
    route('GET', API_ROUTES.roomRating, {
      summary: "Reads back the caller's own rating of the conversation (null when none).",
      params: roomIdParamsSchema,
      response: { 200: ratingAnswerSchema },
      // The rating step reads this before offering the form, so a reload does not ask again.
      handler: async (request) => {
        const access = request.roomAccess!;
        const rating = await deps.ratings.find(access.room.id, request.principal.avaId!);
        return { roomId: access.room.id, rating: rating ?? null } satisfies RatingAnswer;
      },
    }),
  ];
}

export function registerHistoryRoutes(app: FastifyInstance, deps: HistoryRouteDeps): void {
  registerDescribed(app, historyRoutes(deps));
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send(apiError('saved-transcript-not-found', 'No transcript found'));
}
