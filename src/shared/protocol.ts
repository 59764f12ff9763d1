/**
 * The realtime socket protocol (conversation.md section 7), as JSON text messages with a `type`
 * named as in the spec, plus binary frames of little-endian Int16 PCM audio after `audio/start`.
 *
 * Order on connect: the client sends `connection-params`; the server answers
 * `connection-succeeded`, then `room-status`, then `transcripts` (the room's captions so far).
 */
import {
  DISPLAY_NAME_MAX_LENGTH,
  MAX_TEXT_MESSAGE_BYTES,
  KEYBOARD_MESSAGE_MAX_LENGTH,
  MBACKEND_CONTENT_MAX_LENGTH,
  ROOM_TITLE_MAX_LENGTH,
  TRANSCRIPT_PAGE_MAX,
} from './constants';
import { FIREBASE_TOKEN_MAX_LENGTH, GUEST_CREDENTIAL_PATTERN } from './auth';
import { VOICING_SPEAKER_ID_PATTERN } from './speakers';
import { TTS_REQUEST_ID_PATTERN } from './tts';
import { LANGUAGE_TAG_PATTERN } from './translation';
import { CURSE_FILTER_MAX, CURSE_FILTER_MIN } from './curse-filter';
import { MEETING_URL_MAX_LENGTH } from './meeting-bot';
import { CORRECTION_MODES, SCRIBE_CHAT_MAX_LENGTH } from './scribe/model';
import { type Infer, boolean, formatIssue, literal, number, object, oneOf, optional, string } from './schema';
import { mutationSchema } from './transcript-edit/mutation';
import { BOOST_ACTIONS } from './boost-words';
import { USER_QUERY_EMAIL_MAX_LENGTH } from './user-query';
import { audioMessageSchemas } from './protocol-audio';
import { opaqueId as id } from './protocol-fields';

// What the server sends (ServerMessage and its parser): protocol-server.ts, one vocabulary with this.
export * from './protocol-server';

export const SOCKET_PATH = '/ws';

export const clientMessageSchemas = {
  'connection-params': object({
    type: literal('connection-params'),
    speakerId: id(),
    roomId: id(),
    username: optional(string({ max: DISPLAY_NAME_MAX_LENGTH * 2 })),
    clientInfo: optional(
      object({ app: optional(string({ max: 64 })), version: optional(string({ max: 32 })) }),
    ),
    downAudio: optional(boolean()),
    conversationMode: optional(oneOf(['public', 'public-muted'] as const)),
    role: optional(oneOf(['participant', 'scribe'] as const)),
    lang: optional(string({ min: 2, max: 16 })),
    /** The link token the client joined with, if any: a read-only token makes a read-only member. */
    token: optional(string({ min: 1, max: 64, pattern: /^[A-Za-z0-9]+$/ })),
    /** A signed-in account's identity token: required when speakerId is an account's avaId. */
    identityToken: optional(string({ min: 1, max: FIREBASE_TOKEN_MAX_LENGTH })),
    /** A guest's credential (from POST /api/v1/guest-users/me): required when speakerId is a guest's. */
    guestCredential: optional(string({ min: 1, max: 128, pattern: GUEST_CREDENTIAL_PATTERN })),
    /** The reader's curse filter level (shared/curse-filter.ts); absent: the default, 2. */
    curseFilter: optional(number({ min: CURSE_FILTER_MIN, max: CURSE_FILTER_MAX, integer: true })),
  }),
  'connection-params-update': object({
    type: literal('connection-params-update'),
    roomId: optional(id()),
    saveTranscript: optional(boolean()),
    conversationMode: optional(oneOf(['public', 'public-muted'] as const)),
    state: optional(object({ value: oneOf(['ongoing', 'ended'] as const) })),
    usePaidASR: optional(boolean()),
    downAudio: optional(boolean()),
    audio: optional(boolean()),
    /** Host: people who are not yet members wait until the host lets them in. */
    requireAdmission: optional(boolean()),
    /** Host: members may no longer correct the transcript (the host and Scribes still may). */
    editingDisabled: optional(boolean()),
  }),
  /** Host: the answer to a `connection-request` (someone asking to come in). */
  'connection-request-answer': object({
    type: literal('connection-request-answer'),
    id: string({ min: 1, max: 64, pattern: /^[A-Za-z0-9]+$/ }),
    accept: boolean(),
  }),
  'update-title': object({
    type: literal('update-title'),
    title: string({ max: ROOM_TITLE_MAX_LENGTH }),
  }),
  /**
   * Host: names a member an owner of the transcript (`owner: true`), or no longer (the spec's
   * `update-transcript-owner`, whose fields it does not show). Owners, listed in the status's
   * `transcriptOwners`, keep it: they may read it back after the conversation whatever the
   * sharing settings say for others. The host always is one.
   */
  'update-transcript-owner': object({
    type: literal('update-transcript-owner'),
    avaId: id(),
    owner: boolean(),
  }),
  // The audio of a recording and its WebRTC route (protocol-audio.ts).
  ...audioMessageSchemas,
  'signal-i-am-typing': object({ type: literal('signal-i-am-typing'), fromUser: optional(boolean()) }),
  /**
   * A typed reply (the spec's keyboard input, whose message it does not name): it joins the
   * transcript as the sender's line, marked typed (no `asr`), shown to everyone like a caption.
   */
  'typed-message': object({
    type: literal('typed-message'),
    text: string({ min: 1, max: KEYBOARD_MESSAGE_MAX_LENGTH }),
    lang: optional(string({ min: 2, max: 16 })),
  }),
  /**
   * Who said what. A voicing speaker (shared/speakers.ts) is given a name, created by the first
   * one; `assign-voicing-speaker-myself` says a voicing speaker was the sender all along (its lines
   * become theirs); `assign-bloc-different-speaker` gives one line (blocId: a transcript id) to
   * another speaker of the room.
   */
  'assign-voicing-speaker-myself': object({
    type: literal('assign-voicing-speaker-myself'),
    speakerId: string({ min: 1, max: 64, pattern: VOICING_SPEAKER_ID_PATTERN }),
  }),
  'assign-voicing-speaker-name': object({
    type: literal('assign-voicing-speaker-name'),
    speakerId: string({ min: 1, max: 64, pattern: VOICING_SPEAKER_ID_PATTERN }),
    speakerName: string({ max: DISPLAY_NAME_MAX_LENGTH * 2 }),
  }),
  'assign-bloc-different-speaker': object({
    type: literal('assign-bloc-different-speaker'),
    speakerId: id(),
    blocId: id(),
  }),
  /**
   * A voiced reply: a typed reply (it joins the transcript as the sender's typed line, exactly
   * as `typed-message`, which the client does not also send) that the server also reads aloud,
   * answered by `response-text-to-speech` chunks for the sender's device to play. `voiceId`:
   * one of the six voices ("openai-echo" or "echo"); absent, the account's chosen voice.
   */
  'request-text-to-speech': object({
    type: literal('request-text-to-speech'),
    requestId: string({ min: 1, max: 64, pattern: TTS_REQUEST_ID_PATTERN }),
    text: string({ min: 1, max: KEYBOARD_MESSAGE_MAX_LENGTH }),
    voiceId: optional(string({ min: 1, max: 64 })),
    lang: optional(string({ min: 2, max: 16 })),
  }),
  /** The language this member reads captions in (translation.md); answered with `reading-language`. */
  'set-reading-language': object({
    type: literal('set-reading-language'),
    lang: string({ min: 2, max: 16, pattern: LANGUAGE_TAG_PATTERN }),
  }),
  /**
   * The reader's curse filter level (shared/curse-filter.ts): the captions this member receives
   * from now on are filtered so (the stored original never is); answered with `curse-filter`
   * and the room's latest finals again, filtered at the new level.
   */
  'set-curse-filter': object({
    type: literal('set-curse-filter'),
    level: number({ min: CURSE_FILTER_MIN, max: CURSE_FILTER_MAX, integer: true }),
  }),
  /**
   * A speaker's recognition language (the spec's `change-speaker-language`): the host changes
   * anyone's, a member their own. Refused with `speech-unavailable` when no installed engine
   * recognises it (the reason names those that do, as GET /api/v1/config `speech.langs`); the
   * target's recording goes on in it, and the target's clients are told with `speaker-language`.
   */
  'change-speaker-language': object({
    type: literal('change-speaker-language'),
    language: string({ min: 2, max: 16, pattern: LANGUAGE_TAG_PATTERN }),
    targetAvaId: id(),
  }),
  /**
   * A note from the client for the server's log (the spec's `mbackend`, which shows only
   * `content`): logged with the room and the sender, bounded, limited per connection, never
   * shown to anyone else.
   */
  mbackend: object({
    type: literal('mbackend'),
    content: string({ min: 1, max: MBACKEND_CONTENT_MAX_LENGTH }),
  }),
  /** Auto-translate: the other person's turn to speak (host). */
  'auto-translate-toggle': object({ type: literal('auto-translate-toggle') }),
  /** Auto-translate: the language the guest speaks and reads. */
  'auto-translate-set-guest-language': object({
    type: literal('auto-translate-set-guest-language'),
    language: string({ min: 2, max: 16, pattern: LANGUAGE_TAG_PATTERN }),
  }),
  /**
   * Limits (shared/session-limits.ts): the host stops one participant's microphone
   * (`force-mute`, the spec's), or adds another period to a restricted session they are
   * entitled to prolong (`prolong-restricted-session`, Hearken's: the spec shows the option but
   * names no message).
   */
  'force-mute': object({ type: literal('force-mute'), avaId: id() }),
  'prolong-restricted-session': object({ type: literal('prolong-restricted-session') }),
  /**
   * A correction of one line (docs/editing.md): the spec's mutation, made against the line's
   * `version` it names as `parent`. Answered with `transcript-edit-ack` once applied (or an
   * `error` in reply to `transcript-edit`); everyone sees the line change as a `transcript`.
   */
  'transcript-edit': object({
    type: literal('transcript-edit'),
    transcriptId: id(),
    mutation: mutationSchema,
    origin: optional(oneOf(['human'] as const)),
  }),
  /**
   * Host: a bot joins the online meeting at `meetingUrl` (shared/meeting-bot.ts checks it) and
   * its sound is captioned in `speechLang` as a participant named after the meeting. Everyone
   * in the room is told its status with `ava-bot-status`.
   */
  'request-ava-bot': object({
    type: literal('request-ava-bot'),
    speechLang: string({ min: 2, max: 16, pattern: LANGUAGE_TAG_PATTERN }),
    meetingUrl: string({ min: 1, max: MEETING_URL_MAX_LENGTH }),
  }),
  /** Host: the bot leaves the meeting. */
  'end-ava-bot': object({ type: literal('end-ava-bot') }),
  /** Host: the meeting's language changed; the bot's captions follow from the next utterance. */
  'update-ava-bot-speech-lang': object({
    type: literal('update-ava-bot-speech-lang'),
    speechLang: string({ min: 2, max: 16, pattern: LANGUAGE_TAG_PATTERN }),
  }),
  /** A typed reply the bot speaks into the meeting. */
  'ava-bot-text-to-speech': object({
    type: literal('ava-bot-text-to-speech'),
    text: string({ min: 1, max: KEYBOARD_MESSAGE_MAX_LENGTH }),
  }),
  close: object({
    type: literal('close'),
    reason: optional(
      oneOf(['app_terminated', 'max_convo_time_reached', 'closed', 'host_left', 'last_guest_left'] as const),
    ),
  }),
  ping: object({ type: literal('ping'), clientTimeMs: number({ min: 0 }) }),
  /**
   * The finals stored after `afterSeq` (a gap seen in `seq`, or a reconnection): answered with
   * `transcripts-since-response`, in pages of at most TRANSCRIPT_PAGE_MAX.
   */
  'transcripts-since': object({
    type: literal('transcripts-since'),
    afterSeq: number({ min: 0, integer: true }),
  }),
  /** Older finals than the client has (scrolling back): answered with `transcripts-before-response`. */
  'transcripts-before': object({
    type: literal('transcripts-before'),
    beforeIndex: number({ min: 0, integer: true }),
    limit: optional(number({ min: 1, max: TRANSCRIPT_PAGE_MAX, integer: true })),
  }),
  /**
   * Scribes (shared/scribe/model.ts). The host asks for a Scribe in a correction mode; it
   * waits on every Scribe's dashboard until one accepts. `cancel-scribe` withdraws a waiting
   * request or sends the serving Scribe away; `update-scribe-correction-mode` switches fast and
   * accurate for the request being served (the host or its Scribe). `scribe-chat`: the chat
   * between the Scribe and the person who asked (the Scribe's dashboard starts it: beginChat).
   */
  'request-scribe': object({
    type: literal('request-scribe'),
    correctionMode: oneOf(CORRECTION_MODES),
  }),
  'cancel-scribe': object({ type: literal('cancel-scribe') }),
  'update-scribe-correction-mode': object({
    type: literal('update-scribe-correction-mode'),
    correctionMode: oneOf(CORRECTION_MODES),
  }),
  'scribe-chat': object({
    type: literal('scribe-chat'),
    text: string({ min: 1, max: SCRIBE_CHAT_MAX_LENGTH }),
  }),
  /**
   * Vocabulary boost (shared/boost-words.ts, docs/boost.md). `access-boost-words`: one's own
   * boost list: `list` it, `add` the comma-separated `words` (in a room, only words of its
   * transcript that are not boosted yet), `remove` them. `boost`: whether one's own recognition
   * uses the list (on by default). Both are answered with `user-boost-words`; an input over the
   * limit is refused with 'Too many characters.'. The bound here only keeps frames sane: the
   * limit with the spec's message is the module's.
   */
  'access-boost-words': object({
    type: literal('access-boost-words'),
    action: oneOf(BOOST_ACTIONS),
    words: optional(string({ max: 10_000 })),
  }),
  boost: object({ type: literal('boost'), enabled: boolean() }),
  /**
   * Invite by user query (shared/user-query.ts, docs/socket.md): who may be invited, by the
   * start of their name or their exact email (one of the two), answered by `user-query-response`
   * with the findable accounts that match. Then `connection-request` asks one of them (`to`: the
   * avaId of an answer; `id`: the client's, repeated in the `connection-response`s about it) to
   * join this conversation; the invitee answers `connection-invitation-answer`.
   */
  'user-query': object({
    type: literal('user-query'),
    avaNameStartsWith: optional(string({ max: DISPLAY_NAME_MAX_LENGTH * 2 })),
    emailEqualTo: optional(string({ max: USER_QUERY_EMAIL_MAX_LENGTH * 2 })),
  }),
  'connection-request': object({
    type: literal('connection-request'),
    fromSource: oneOf(['name', 'email'] as const),
    id: string({ min: 1, max: 64, pattern: /^[A-Za-z0-9]+$/ }),
    to: id(),
    role: oneOf(['participant'] as const),
  }),
  'connection-invitation-answer': object({
    type: literal('connection-invitation-answer'),
    id: string({ min: 1, max: 64, pattern: /^[A-Za-z0-9]+$/ }),
    accept: boolean(),
  }),
} as const;

export type ClientMessageType = keyof typeof clientMessageSchemas;
export type ClientMessage = {
  [K in ClientMessageType]: Infer<(typeof clientMessageSchemas)[K]>;
}[ClientMessageType];
export type ClientMessageOf<K extends ClientMessageType> = Infer<(typeof clientMessageSchemas)[K]>;
export const CLIENT_MESSAGE_TYPES = Object.keys(clientMessageSchemas) as ClientMessageType[];

/** Error codes the server sends in `error` messages. */
export const SOCKET_ERROR_CODES = [
  'invalid-json',
  'invalid-message',
  'unknown-type',
  'message-too-large',
  'frame-too-large',
  'invalid-audio-frame',
  'rate-limited',
  'not-connected',
  'already-connected',
  'recording-not-started',
  'room-ended',
  'room-not-found',
  'forbidden',
  /** Allowed by one's role, but one's plan does not include it (prolonging a restricted session). */
  'not-entitled',
  'speech-unavailable',
  'translation-unavailable',
  /** A Scribe request, cancel or change the desk cannot make now (the spec's Scribe request and cancel failures). */
  'scribe-request-failed',
  'internal',
] as const;
export type SocketErrorCode = (typeof SOCKET_ERROR_CODES)[number];

export interface SocketError {
  code: SocketErrorCode;
  message: string;
}

export type CloseReason = NonNullable<ClientMessageOf<'close'>['reason']>;

export type ParseResult =
  { ok: true; message: ClientMessage } | { ok: false; error: SocketError; inReplyTo?: string };

/**
 * Parses and validates one text frame from a client. Never throws: a bad frame becomes an
 * error that names the problem, so the server can answer it and carry on.
 */
export function parseClientMessage(text: string): ParseResult {
  // The limit is in UTF-8 bytes: a character takes 1 to 3 bytes per UTF-16 unit, so encode only when it matters.
  const tooLarge =
    text.length > MAX_TEXT_MESSAGE_BYTES ||
    (text.length * 3 > MAX_TEXT_MESSAGE_BYTES &&
      new TextEncoder().encode(text).length > MAX_TEXT_MESSAGE_BYTES);
  if (tooLarge) {
    return {
      ok: false,
      error: { code: 'message-too-large', message: `message exceeds ${MAX_TEXT_MESSAGE_BYTES} bytes` },
    };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: { code: 'invalid-json', message: 'message is not valid JSON' } };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, error: { code: 'invalid-message', message: 'message must be a JSON object' } };
  }
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'string') {
    return { ok: false, error: { code: 'invalid-message', message: 'type: is required' } };
  }
  if (!Object.hasOwn(clientMessageSchemas, type)) {
    return {
      ok: false,
      error: { code: 'unknown-type', message: `unknown message type "${type.slice(0, 64)}"` },
      inReplyTo: type.slice(0, 64),
    };
  }
  const schema = clientMessageSchemas[type as ClientMessageType];
  const result = schema.check(data);
  if (!result.ok) {
    return {
      ok: false,
      error: { code: 'invalid-message', message: `${type}: ${formatIssue(result.issue)}` },
      inReplyTo: type,
    };
  }
  return { ok: true, message: result.value as ClientMessage };
}
