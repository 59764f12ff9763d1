/**
 * The spec's Mutation (conversation.md section 3): one human change to one live transcript line,
 * sent in `transcript-edit`. Indexes and lengths count Unicode code points (an emoji is one), as
 * ot-text-unicode does, so a client in any language and the server agree on where a word is.
 *
 * `parent` is the line's `version` the mutation was made against: the server transforms it past
 * the changes made since (docs/editing.md). `id` is the client's, kept on resends, so a mutation
 * sent twice (a reconnection) is applied once.
 */
import { LANGUAGE_TAG_PATTERN } from '../translation';
import type { Issue, Result, Schema } from '../schema';
import { number, oneOf, string } from '../schema';

export const MUTATION_TYPES = ['insert', 'delete', 'cursor', 'changeSpeaker', 'updateField'] as const;
export type MutationType = (typeof MUTATION_TYPES)[number];

/** The line's fields a person may set with `updateField` (text goes through insert and delete). */
export const EDITABLE_LINE_FIELDS = ['speechLang'] as const;
export type EditableLineField = (typeof EDITABLE_LINE_FIELDS)[number];

/** Longest text one insert may carry: a corrected sentence, not a document. */
export const MUTATION_TEXT_MAX_LENGTH = 500;
/** Longest run one delete may remove (a line is one utterance). */
export const MUTATION_DELETE_MAX_LENGTH = 5000;
/** The spec's error for a mutation whose type is none of the five. */
export const UNKNOWN_MUTATION_TYPE = 'Unknown mutation type';
/** The spec's words when members may not correct: the host turned it off, or the room is public-muted. */
export const EDITING_DISABLED_MESSAGE = 'Edition has been disabled by the host';
/** The spec's error for a transcript the room does not have. */
export const NO_TRANSCRIPT_FOUND = 'No transcript found';

export const MUTATION_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

interface MutationBase {
  id: string;
  /** The line version this was made against. */
  parent: number;
  origin: 'human';
}

export type InsertMutation = MutationBase & { type: 'insert'; index: number; text: string; lang: string };
export type DeleteMutation = MutationBase & { type: 'delete'; index: number; length: number; lang: string };
export type CursorMutation = MutationBase & { type: 'cursor'; mutatorHash: string; index: number };
export type ChangeSpeakerMutation = MutationBase & { type: 'changeSpeaker'; speakerId: string };
export type UpdateFieldMutation = MutationBase & {
  type: 'updateField';
  field: EditableLineField;
  value: string;
};

export type Mutation =
  InsertMutation | DeleteMutation | CursorMutation | ChangeSpeakerMutation | UpdateFieldMutation;

/** A mutation that changes the line's text (the ones operational transformation is about). */
export type TextMutation = InsertMutation | DeleteMutation;
export const isTextMutation = (m: Mutation): m is TextMutation => m.type === 'insert' || m.type === 'delete';

/** One editor's cursor on a line (the spec's cursors: index, mutatorHash). */
export interface Cursor {
  mutatorHash: string;
  index: number;
}

/**
 * Who made a change, as others see it: a short hash of the avaId (FNV-1a, 32 bits), so cursors can
 * be told apart and matched to the people listed in the room without a round trip. Not a secret:
 * the server sets it from the connection, never from what a client claims.
 */
export function mutatorHashOf(avaId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < avaId.length; i++) {
    hash ^= avaId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const nonNegative = () => number({ min: 0, max: 1_000_000, integer: true });
const speakerIdSchema = string({ min: 1, max: 128, pattern: /^[A-Za-z0-9_.:-]+$/ });
const langSchema = string({ min: 2, max: 16, pattern: LANGUAGE_TAG_PATTERN });

const FIELDS: Record<MutationType, Record<string, Schema<unknown>>> = {
  insert: { index: nonNegative(), text: string({ min: 1, max: MUTATION_TEXT_MAX_LENGTH }), lang: langSchema },
  delete: {
    index: nonNegative(),
    length: number({ min: 1, max: MUTATION_DELETE_MAX_LENGTH, integer: true }),
    lang: langSchema,
  },
  cursor: { mutatorHash: string({ max: 16, pattern: /^[0-9a-f]*$/ }), index: nonNegative() },
  changeSpeaker: { speakerId: speakerIdSchema },
  updateField: { field: oneOf(EDITABLE_LINE_FIELDS), value: langSchema },
};

const COMMON: Record<string, Schema<unknown>> = {
  id: string({ min: 1, max: 64, pattern: MUTATION_ID_PATTERN }),
  parent: nonNegative(),
  origin: oneOf(['human'] as const),
};

const fail = (path: string, message: string): Result<never> => ({ ok: false, issue: { path, message } });

/**
 * The mutation schema: the fields of its type, and only those. A type that is none of the five is
 * refused with the spec's 'Unknown mutation type'.
 */
export const mutationSchema: Schema<Mutation> = {
  describe: 'mutation',
  json: { type: 'object', required: ['type'], properties: { type: { enum: [...MUTATION_TYPES] } } },
  optional: false,
  check(input: unknown, path = ''): Result<Mutation> {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return fail(path, 'expected object');
    const source = input as Record<string, unknown>;
    const type = source.type;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (type === undefined) return fail(at('type'), `expected one of ${MUTATION_TYPES.join(', ')}`);
    if (typeof type !== 'string' || !(MUTATION_TYPES as readonly string[]).includes(type))
      return fail(at('type'), UNKNOWN_MUTATION_TYPE);
    const out: Record<string, unknown> = { type };
    const shape = { ...COMMON, ...FIELDS[type as MutationType] };
    for (const [key, schema] of Object.entries(shape)) {
      const value = source[key];
      if (value === undefined) return fail(at(key), 'is required');
      const result = schema.check(value, at(key));
      if (!result.ok) return result as { ok: false; issue: Issue };
      out[key] = result.value;
    }
    return { ok: true, value: out as unknown as Mutation };
  },
};
