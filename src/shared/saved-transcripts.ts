/**
 * Saved transcripts (conversation.md, Saved transcript): the "Conversations" history of one
 * person, an account or a guest's own device. The entity, its page size, the search rule and
 * the list rule, said once for the server that applies them and the client that shows them.
 */
import { ROOM_TITLE_MAX_LENGTH } from './constants';
import { type Infer, array, boolean, literal, number, object, optional, string } from './schema';

/** The spec's entity. `deleted` is always false here: a deleted entry is removed, not marked. */
export const savedTranscriptSchema = object({
  roomId: string(),
  startTimestampMs: number(),
  title: string(),
  hasTranscripts: boolean(),
  isAllowedAccess: boolean(),
  deleted: boolean(),
});
export type SavedTranscript = Infer<typeof savedTranscriptSchema>;

/** The spec's page size of saved transcripts, and 1 for "the latest". */
export const SAVED_TRANSCRIPTS_PAGE_SIZE = 10;
export const SAVED_TRANSCRIPTS_LATEST = 1;
export const SAVED_TRANSCRIPTS_LIMITS = [SAVED_TRANSCRIPTS_LATEST, SAVED_TRANSCRIPTS_PAGE_SIZE] as const;

/** The spec's rule: a search string is valid only with at least 3 characters. */
export const SEARCH_MIN_LENGTH = 3;
/** Long enough for any phrase someone remembers; longer is not a search. */
export const SEARCH_MAX_LENGTH = 200;

export const SEARCH_TOO_SHORT_MESSAGE = `Type at least ${SEARCH_MIN_LENGTH} characters to search.`;

/**
 * GET saved transcripts: the page, newest first, and where the next one starts (absent: no
 * more): `nextBefore` is the `before` that asks for the next page.
 */
export const savedTranscriptsResponseSchema = object({
  savedTranscripts: array(savedTranscriptSchema),
  nextBefore: optional(number()),
});
export type SavedTranscriptsResponse = Infer<typeof savedTranscriptsResponseSchema>;

/**
 * The spec's matching normalisation: non-alphanumerics stripped and lower case. Letters are
 * decomposed first (NFKD), so an accent is a mark the stripping removes: "Café" matches "cafe".
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .toLowerCase();
}

/**
 * A search string as the words it asks for, each normalised; an entry matches when it has
 * every one. Invalid (undefined) when it has fewer than SEARCH_MIN_LENGTH characters once
 * normalised: "a!" searches nothing rather than everything.
 */
export function searchTerms(query: string): string[] | undefined {
  const terms = query
    .split(/\s+/u)
    .map(normalizeForSearch)
    .filter((t) => t.length > 0);
  if (terms.join('').length < SEARCH_MIN_LENGTH) return undefined;
  return terms;
}

/** Whether normalised text (normalizeForSearch of a title or a transcript) has every term. */
export function matchesSearch(normalizedText: string, terms: readonly string[]): boolean {
  return terms.every((term) => normalizedText.includes(term));
}

/** The spec's list rule: entries without transcripts, without access, or deleted are dropped. */
export function listedSavedTranscripts(entries: readonly SavedTranscript[]): SavedTranscript[] {
  return entries.filter((e) => e.hasTranscripts && e.isAllowedAccess && !e.deleted);
}

/**
 * PATCH a saved transcript: its new title. The room title's rule (not empty once normalised, at
 * most 200) is the route's to apply, with its own refusal ('invalid-title'); this bound only
 * keeps a document out.
 */
export const renameSavedTranscriptSchema = object({
  title: string({ max: ROOM_TITLE_MAX_LENGTH * 2 }),
});

/** PATCH's answer: the title as kept (normalised). */
export const renamedSavedTranscriptSchema = object({ roomId: string(), title: string() });

/** POST a room's saved transcript: it is among the caller's (201 when it just joined them). */
export const savedTranscriptAddedSchema = object({ roomId: string(), saved: literal(true) });

/**
 * The GET query as it arrives: text, every field the route reads. The route then reads numbers
 * as numbers and skips empty values (the spec), and checks the values with
 * savedTranscriptsQuerySchema below.
 */
export const savedTranscriptsUrlQuerySchema = object({
  avaId: string({ max: 64 }),
  firebaseAuthID: optional(string({ max: 256 })),
  limit: optional(string()),
  before: optional(string()),
  search: optional(string({ max: SEARCH_MAX_LENGTH })),
});

/** GET query's values: the spec's avaId (whose list), limit (1 or 10), optional before, and a search. */
export const savedTranscriptsQuerySchema = object({
  avaId: string({ min: 1, max: 64 }),
  firebaseAuthID: optional(string({ max: 256 })),
  limit: optional(number({ min: 1, max: SAVED_TRANSCRIPTS_PAGE_SIZE, integer: true })),
  before: optional(number({ min: 0, integer: true })),
  search: optional(string({ max: SEARCH_MAX_LENGTH })),
});
