/**
 * Saved transcripts (conversation.md, Saved transcript): the "Conversations" history of one
 * person, an account or a guest's own device. The entity, its page size, the search rule and
 * the list rule, said once for the server that applies them and the client that shows them.
 */
import { ROOM_TITLE_MAX_LENGTH } from './constants';
import { type Infer, array, boolean, literal, number, object, optional, string } from './schema';

/** How many speakers an entry names; the others are counted (issue 30, item 23). */
export const ENTRY_PARTICIPANTS_SHOWN = 3;
/** How much of the transcript's opening an entry quotes, in characters (cut between words). */
export const ENTRY_FIRST_WORDS_MAX_LENGTH = 120;
/** How many opening lines the list reads to quote the first words from. */
export const ENTRY_FIRST_LINES = 3;

/**
 * What an entry says of its conversation besides the title and date, so a person can tell one
 * from another: how long it lasted, who spoke (a few names, the rest counted) and how it began.
 */
export const savedTranscriptSummarySchema = object({
  durationMs: number({ min: 0 }),
  participants: array(string(), { max: ENTRY_PARTICIPANTS_SHOWN }),
  otherParticipants: number({ min: 0, integer: true }),
  firstWords: string({ max: ENTRY_FIRST_WORDS_MAX_LENGTH + 1 }),
});
export type SavedTranscriptSummary = Infer<typeof savedTranscriptSummarySchema>;

/**
 * The spec's entity, with its summary. `deleted` is always false here: a deleted entry is
 * removed, not marked.
 */
export const savedTranscriptSchema = object({
  roomId: string(),
  startTimestampMs: number(),
  title: string(),
  hasTranscripts: boolean(),
  isAllowedAccess: boolean(),
  deleted: boolean(),
  summary: savedTranscriptSummarySchema,
});
export type SavedTranscript = Infer<typeof savedTranscriptSchema>;

/** What the list's query reads of one conversation for its summary (history/repository.ts). */
export interface SummaryFacts {
  startTimestampMs: number;
  /** When it ended, or null while it runs (then its last activity stands for the end). */
  endedAtMs: number | null;
  lastActiveMs: number;
  /** The first speakers' names in the order they first spoke (at most one more than shown). */
  speakers: readonly string[];
  /** How many different names spoke in all. */
  speakerCount: number;
  /** The opening lines, joined. */
  openingText: string;
}

/**
 * Quotes the start of a text: whitespace folded, at most `max` characters, cut at the last
 * word boundary that fits, with an ellipsis when anything was left out.
 */
export function firstWordsOf(text: string, max = ENTRY_FIRST_WORDS_MAX_LENGTH): string {
  const folded = text.replace(/\s+/gu, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  // One very long word: cut inside it rather than quote nothing.
  const kept = (lastSpace > 0 ? cut.slice(0, lastSpace) : folded.slice(0, max)).replace(/[\s,;:.!?-]+$/u, '');
  return `${kept}…`;
}

/** The entry's summary from what the list's query read. */
export function summarizeSavedTranscript(facts: SummaryFacts): SavedTranscriptSummary {
  const end = facts.endedAtMs ?? facts.lastActiveMs;
  const names: string[] = [];
  for (const name of facts.speakers) {
    const trimmed = name.trim();
    if (trimmed !== '' && !names.includes(trimmed)) names.push(trimmed);
  }
  const participants = names.slice(0, ENTRY_PARTICIPANTS_SHOWN);
  return {
    durationMs: Math.max(0, end - facts.startTimestampMs),
    participants,
    otherParticipants: Math.max(0, facts.speakerCount - participants.length),
    firstWords: firstWordsOf(facts.openingText),
  };
}

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

/** Most entries one bulk delete may name: a few pages of the list, selected. */
export const SAVED_TRANSCRIPTS_BULK_DELETE_MAX = 100;

/**
 * POST bulk delete (conversation.md: saved-transcript bulk delete): the caller's entries to
 * delete, all or none. An id twice counts once.
 */
export const bulkDeleteSavedTranscriptsSchema = object({
  roomIds: array(string({ min: 1, max: 128 }), { max: SAVED_TRANSCRIPTS_BULK_DELETE_MAX }),
});
export type BulkDeleteSavedTranscripts = Infer<typeof bulkDeleteSavedTranscriptsSchema>;

/** Bulk delete's answer: the entries deleted (every one asked for). */
export const bulkDeletedSavedTranscriptsSchema = object({ roomIds: array(string()), deleted: number() });
export type BulkDeletedSavedTranscripts = Infer<typeof bulkDeletedSavedTranscriptsSchema>;

/** The ids a bulk delete names, each once in the order given; undefined when it names none. */
export function bulkDeleteIds(roomIds: readonly string[]): string[] | undefined {
  const ids = [...new Set(roomIds)];
  return ids.length > 0 ? ids : undefined;
}

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
