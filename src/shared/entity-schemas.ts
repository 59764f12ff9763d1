/**
 * The spec's room status and transcript line (entities.ts) as schemas, for the HTTP answers that
 * carry them (a room's transcripts, a shared link's): the OpenAPI document shows what they hold.
 *
 * The interfaces stay in entities.ts, where the socket protocol and the rooms use them; each
 * schema here is held to its interface by the compiler both ways: its value must be the
 * interface (`Schema<Transcript>`), and its shape must name every field of it, no more
 * (`FieldsOf`), so a field added to an entity and not here does not compile.
 */
import type {
  AudioStream,
  AutoTranslation,
  ConversationStatus,
  HostInfo,
  Participant,
  RoomAsr,
  RoomBoost,
  RoomLinks,
  RoomTranslationStatus,
  Speaker,
  Transcript,
  TranscriptGap,
  WordTiming,
} from './entities';
import {
  CONFERENCE_TYPES,
  PHONE_CALL_END_REASONS,
  PHONE_CALL_STATUSES,
  type TwilioCall,
} from './phone-calls';
import { roomScribeSchema } from './scribe/model';
import {
  type Schema,
  array,
  boolean,
  literal,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
} from './schema';
import type { RestrictedSession } from './session-limits';
import { SPEAKER_THEMES } from './speakers';
import type { HighlightRange } from './transcript-edit/text-ops';
import { type Cursor, mutationSchema } from './transcript-edit/mutation';

/** A schema for each field of T (the optional ones too) and for nothing else. */
type FieldsOf<T> = { [K in keyof Required<T>]: Schema<unknown> };

/** A room's lines have no set limit: the document says so rather than array()'s default. */
const UNBOUNDED = { max: Number.MAX_SAFE_INTEGER };

const hostInfoSchema: Schema<HostInfo> = object({
  avaId: string(),
  avaName: string(),
  flags: optional(record(boolean())),
} satisfies FieldsOf<HostInfo>);

const speakerSchema: Schema<Speaker> = object({
  avaId: string(),
  avaName: string(),
  userName: string(),
  voicing: optional(boolean()),
  isSoloDiaSpeaker: optional(boolean()),
  userAvatar: optional(string()),
  theme: optional(oneOf(SPEAKER_THEMES)),
  possiblyMyself: optional(boolean()),
  myself: optional(boolean()),
} satisfies FieldsOf<Speaker>);

const participantSchema: Schema<Participant> = object({
  avaId: string(),
  isTyping: boolean(),
  userName: optional(string()),
  role: optional(oneOf(['participant', 'scribe'] as const)),
} satisfies FieldsOf<Participant>);

const audioStreamSchema: Schema<AudioStream> = object({
  avaId: string(),
  trackId: string(),
  usePaidASR: boolean(),
  muted: optional(boolean()),
} satisfies FieldsOf<AudioStream>);

const roomLinksSchema: Schema<RoomLinks> = object({
  ro: string(),
  rw: optional(string()),
} satisfies FieldsOf<RoomLinks>);

const autoTranslationSchema: Schema<AutoTranslation> = object({
  hostLanguage: string(),
  guestLanguage: string(),
  active: oneOf(['host', 'guest'] as const),
} satisfies FieldsOf<AutoTranslation>);

const restrictedSessionSchema: Schema<RestrictedSession> = object({
  tier: oneOf(['basic', 'premium'] as const),
  endsAtMs: number(),
  prolongable: boolean(),
} satisfies FieldsOf<RestrictedSession>);

const twilioCallSchema: Schema<TwilioCall> = object({
  sid: string(),
  status: oneOf(PHONE_CALL_STATUSES),
  reason: optional(oneOf(PHONE_CALL_END_REASONS)),
  conferenceType: oneOf(CONFERENCE_TYPES),
  speechLang: string(),
  avaId: string(),
  startedAtMs: number(),
  calleeInternationalNumber: optional(string()),
} satisfies FieldsOf<TwilioCall>);

const conversationStatusShape = {
  id: string(),
  name: optional(string()),
  host: hostInfoSchema,
  conversationMode: oneOf(['public', 'public-muted'] as const),
  transcriptOwners: optional(array(string())),
  title: string(),
  langs: array(string()),
  links: roomLinksSchema,
  startTimestampMs: number(),
  past: boolean(),
  reason: optional(string()),
  state: object({ value: oneOf(['ongoing', 'ended'] as const) }),
  speakers: array(speakerSchema),
  participants: array(participantSchema),
  audioStreams: array(audioStreamSchema),
  admissionRequired: optional(boolean()),
  autoTranslation: optional(autoTranslationSchema),
  editingDisabled: optional(boolean()),
  confidential: optional(object({ allowTranscriptsSaving: boolean(), forbidSharing: boolean() })),
  restrictedSession: optional(restrictedSessionSchema),
  scribe: optional(roomScribeSchema),
  twilioCalls: optional(array(twilioCallSchema)),
  asr: optional(object({ googleCloud: boolean() } satisfies FieldsOf<RoomAsr>)),
  translation: optional(
    object({ available: boolean(), langs: array(string()) } satisfies FieldsOf<RoomTranslationStatus>),
  ),
  boost: optional(object({ avaIds: array(string()) } satisfies FieldsOf<RoomBoost>)),
} satisfies FieldsOf<ConversationStatus>;

/** The room status (conversation status), as a member reads it. */
export const conversationStatusSchema: Schema<ConversationStatus> = object(conversationStatusShape);

/** What a shared link's reader sees of the room (shared/recap/api.ts). */
export const sharedConversationStatusSchema = object({
  id: conversationStatusShape.id,
  title: conversationStatusShape.title,
  startTimestampMs: conversationStatusShape.startTimestampMs,
  host: conversationStatusShape.host,
  langs: conversationStatusShape.langs,
} satisfies FieldsOf<Pick<ConversationStatus, 'id' | 'title' | 'startTimestampMs' | 'host' | 'langs'>>);

const wordTimingSchema: Schema<WordTiming> = object({
  w: string(),
  startMs: number(),
  endMs: number(),
} satisfies FieldsOf<WordTiming>);

const gapSchema: Schema<TranscriptGap> = object({
  fromMs: number(),
  toMs: number(),
  reason: literal('connection-lost'),
} satisfies FieldsOf<TranscriptGap>);

const highlightSchema: Schema<HighlightRange> = object({
  index: number(),
  length: number(),
} satisfies FieldsOf<HighlightRange>);

const cursorSchema: Schema<Cursor> = object({
  mutatorHash: string(),
  index: number(),
} satisfies FieldsOf<Cursor>);

/** A transcript line (live or final); its texts by language, the original under speechLang. */
export const transcriptSchema: Schema<Transcript> = object({
  id: string(),
  isFinal: boolean(),
  author: string(),
  authorShow: string(),
  origin: oneOf(['asr', 'human'] as const),
  speechLang: string(),
  texts: record(string()),
  indexes: optional(record(number())),
  translationErrors: optional(record(string())),
  asr: optional(
    object({
      final: boolean(),
      timeReceivedMs: number(),
      engine: string(),
      endMs: optional(number()),
      words: optional(array(wordTimingSchema, UNBOUNDED)),
    }),
  ),
  firmWords: optional(number()),
  usePaidASR: boolean(),
  index: number(),
  timestampMs: number(),
  t0: number(),
  trackName: string(),
  sourceAuthor: optional(string()),
  gap: optional(gapSchema),
  late: optional(boolean()),
  version: optional(number()),
  highlighted: optional(array(highlightSchema, UNBOUNDED)),
  mutations: optional(array(mutationSchema)),
  cursors: optional(array(cursorSchema)),
  asrText: optional(string()),
} satisfies FieldsOf<Transcript>);

/** A room's lines, in order. */
export const transcriptsSchema = array(transcriptSchema, UNBOUNDED);
