/**
 * The realtime socket protocol's server side: every message the server sends (ServerMessage),
 * the reasons they carry, and the client's light check of them. The client side (its messages'
 * schemas and their parser) is protocol.ts, which re-exports this: import both from there.
 */
import type { ConnectionRole, ConversationStatus, Transcript } from './entities';
import type { BotErrorKey, BotStatus } from './meeting-bot';
import type { ScribeChatMessage } from './scribe/api';
import type { AUTO_STOPPED_REASON, SESSION_ENDED_REASON, SESSION_PROLONGED_REASON } from './session-limits';
import type { IceCandidateInit, SessionDescriptionInit } from './webrtc';
import type { Cursor } from './transcript-edit/mutation';
import type { LineChange } from './transcript-edit/line-change';
import type { SocketError } from './protocol';
import type { JoinError } from './errors';
import type { UserQueryResult } from './user-query';

/** Reasons carried by `room-status-update`. */
export type RoomStatusReason =
  | 'participant-joined'
  | 'participant-left'
  | 'title-updated'
  | 'someone-is-typing'
  | 'audio-stream-started'
  | 'audio-stream-stopped'
  /** Auto stop stopped a free solo conversation's stream (shared/session-limits.ts). */
  | typeof AUTO_STOPPED_REASON
  | 'conversation-mode-changed'
  /** A voicing speaker was named, renamed or claimed (who said what). */
  | 'speakers-changed'
  | 'auto-translate-changed'
  /** Someone's recognition started or stopped favouring their boost list (status.boost). */
  | 'boost-changed'
  /** The languages the room's captions are translated into changed (status.translation). */
  | 'translation-changed'
  /** A host entitled to it added a period to the restricted session (shared/session-limits.ts). */
  | typeof SESSION_PROLONGED_REASON
  /** The room's Scribe request or its status changed (status.scribe). */
  | 'scribe-changed'
  /** A phone call of the room started or changed status (status.twilioCalls). */
  | 'phone-calls-changed'
  /** A stream's WebRTC microphone track was muted or unmuted (status.audioStreams[].muted). */
  | 'audio-stream-muted'
  /** The host named someone an owner of the transcript, or no longer (status.transcriptOwners). */
  | 'transcript-owners-changed'
  | 'ended'
  /** Ended at its tier's limit (the spec's reason; close reason max_convo_time_reached). */
  | typeof SESSION_ENDED_REASON;

/**
 * Why the server stopped a member's microphone: auto stop, the host's force-mute, or no audio
 * arrived for a while after it started (socket/recording-watch.ts: a stream without audio still
 * holds a recogniser).
 */
export const RECORDING_STOPPED_REASONS = ['auto-stop', 'force-mute', 'no-audio'] as const;
export type RecordingStoppedReason = (typeof RECORDING_STOPPED_REASONS)[number];

/** Why a request to come in was refused (conversation.md section 8, join errors). */
export const JOIN_REFUSAL_REASONS = ['rejected-by-user', 'timeout', 'too-many-requests'] as const;
export type JoinRefusalReason = (typeof JOIN_REFUSAL_REASONS)[number];

export type ServerMessage =
  /**
   * `readonly`: the server's word on this member's access (from the link they joined through);
   * `role`: participant or scribe.
   */
  | {
      type: 'connection-succeeded';
      speakerId: string;
      roomId: string;
      serverTimeMs: number;
      readonly: boolean;
      role: ConnectionRole;
    }
  | { type: 'room-status'; status: ConversationStatus }
  | { type: 'room-status-update'; reason: RoomStatusReason; status: ConversationStatus }
  /**
   * The room's latest stored finals (at most TRANSCRIPT_SNAPSHOT_SIZE, in index order), sent once
   * after `room-status`; lines still being spoken follow as `transcript` messages. `seq` is the
   * room's sequence number now; `hasOlder` says finals before these exist (`transcripts-before`).
   */
  | { type: 'transcripts'; transcripts: Transcript[]; seq: number; hasOlder: boolean }
  /**
   * One caption created or changed (a partial growing, or its final). A final is sent only once
   * stored, with the next `seq` of the room (one more than the last): a client that sees a jump
   * has missed one and asks `transcripts-since`. Partials and removals (a final with no words)
   * change nothing stored and carry the room's current `seq`.
   */
  | { type: 'transcript'; transcript: Transcript; seq: number; change?: LineChange }
  /**
   * Answers `transcript-edit` to its sender once the mutation is applied and its line sent (or
   * when it was a resend of one applied before): the next may go. `version`: the line's then.
   */
  | { type: 'transcript-edit-ack'; transcriptId: string; mutationId: string; version: number }
  /** Where the editors' cursors are on a line now (a cursor moved, or its editor left). */
  | { type: 'transcript-cursors'; transcriptId: string; cursors: Cursor[] }
  /**
   * Answers `transcripts-since`: the finals stored after `afterSeq`, in the order they were
   * stored. The client then has everything up to `seq`; when `complete` is false, more follow
   * on asking again from `seq`.
   */
  | {
      type: 'transcripts-since-response';
      afterSeq: number;
      transcripts: Transcript[];
      seq: number;
      complete: boolean;
    }
  /** Answers `transcripts-before`: finals with a lower index, in index order; `hasOlder` if more remain. */
  | { type: 'transcripts-before-response'; beforeIndex: number; transcripts: Transcript[]; hasOlder: boolean }
  /**
   * To someone joining a room that requires admission: `requested` (waiting for the host), then
   * `accepted` (connection-succeeded follows) or `refused` with the reason.
   */
  | {
      type: 'connection-response';
      id: string;
      status: 'requested' | 'accepted' | 'refused';
      reason?: JoinRefusalReason;
    }
  /** To the host: someone asks to come in; answer with `connection-request-answer`. */
  | {
      type: 'connection-request';
      id: string;
      to: string;
      role: ConnectionRole;
      fromSource: 'link' | 'name';
      from: { avaId: string; userName: string };
    }
  /** To the host: a request is no longer waiting (answered, withdrawn or timed out). */
  | { type: 'connection-request-closed'; id: string }
  /**
   * Answers `user-query`, repeating the query as it was understood (trimmed, lower case): the
   * findable accounts that match, names and avatar only (shared/user-query.ts).
   */
  | {
      type: 'user-query-response';
      avaNameStartsWith?: string;
      emailEqualTo?: string;
      users: UserQueryResult[];
    }
  /**
   * About one's own `connection-request` (an invitation; `to` says so, and whom): `requested`
   * (the invitee was told), then `accepted`, or `refused` with `error`, a key of the spec's join
   * errors (shared/errors.ts JOIN_ERRORS). `connection-response` without `to` is about one's own
   * knock at a room (above).
   */
  | {
      type: 'connection-response';
      id: string;
      to: string;
      status: 'requested' | 'accepted' | 'refused';
      error?: JoinError;
      /**
       * With `requested`: they had no conversation open, so the conversation's link was sent to
       * their email instead (the server's mail server took it); no answer will follow.
       */
      mailed?: true;
    }
  /**
   * To the invitee, wherever they have a conversation open: `from` asks them to join `roomId`;
   * answer with `connection-invitation-answer`. Accepting makes them a member of it.
   */
  | {
      type: 'connection-invitation';
      id: string;
      roomId: string;
      role: ConnectionRole;
      from: { avaId: string; userName: string; roomTitle: string };
    }
  /** To the invitee: an invitation is no longer waiting (answered elsewhere, or timed out). */
  | { type: 'connection-invitation-closed'; id: string }
  /**
   * Answers `request-text-to-speech`, to its sender (and, marked `fromAvaId`, to members who
   * asked to hear others' voiced replies with `downAudio`): chunks of the voice (`audio`: base64
   * of mono little-endian Int16 PCM at `sampleRate`) in order, then one with `isDone`; or one
   * with `isDone` and `error` (the engine is off, the language has no voice...).
   */
  | {
      type: 'response-text-to-speech';
      requestId: string;
      isDone: boolean;
      audio?: string;
      sampleRate?: number;
      voiceId?: string;
      /** How long the voice is expected to speak (shared/tts.ts), for the client's lifecycle. */
      estimatedDurationMs?: number;
      /** Set on a voiced reply played in another member's room (they asked, with downAudio): its sender. */
      fromAvaId?: string;
      error?: string;
    }
  /** Answers `set-reading-language`: captions now come translated into `lang` (a primary subtag). */
  | { type: 'reading-language'; lang: string }
  /** Answers `set-curse-filter`: the level now applied to the captions this member receives. */
  | { type: 'curse-filter'; level: number }
  /**
   * WebRTC audio (shared/webrtc.ts): the server's offer after `audio` start with format
   * `webrtc` (its candidates gathered in it), then any candidate it finds later.
   */
  | { type: 'webrtc'; offer?: SessionDescriptionInit<'offer'>; iceCandidate?: IceCandidateInit }
  /**
   * The room's meeting bot, to every member (on joining too): its status, the error that
   * explains it (a key of BOT_ERROR_TEXTS), the meeting and its language.
   */
  | {
      type: 'ava-bot-status';
      status: BotStatus;
      error?: BotErrorKey;
      meetingUrl?: string;
      speechLang?: string;
      /** The bot can speak typed replies into the meeting (ava-bot-text-to-speech). */
      speaks?: boolean;
    }
  /** A chat message between the Scribe and the person who asked for them (to both, and on joining). */
  | { type: 'scribe-chat'; message: ScribeChatMessage }
  /**
   * One's boost list (answer to `access-boost-words` and `boost`): `added` and `removed` name
   * what the request changed; `enabled`: whether one's recognition uses the list.
   */
  | {
      type: 'user-boost-words';
      words: string[];
      enabled: boolean;
      added?: string[];
      removed?: string[];
      /** The plan does not include boost ("Vocabulary Boost requires upgrade"): the list is not used. */
      upgradeRequired?: boolean;
    }
  | { type: 'PONG'; serverTimeMs: number; clientTimeMs: number }
  /** The server stopped this member's microphone (the stream is closed; start again to resume). */
  | { type: 'recording-stopped'; reason: RecordingStoppedReason }
  /**
   * To the speaker whose recognition language changed (`change-speaker-language`, by the host or
   * themself): their recording, if any, goes on in it; their next ones should start in it.
   */
  | { type: 'speaker-language'; language: string }
  | { type: 'error'; error: SocketError; inReplyTo?: string };

export type ServerMessageType = ServerMessage['type'];
export type ServerMessageOf<K extends ServerMessageType> = Extract<ServerMessage, { type: K }>;

/** One's own knock at a room (`connection-response` without `to`), not news of an invitation one sent. */
export type KnockResponse = Exclude<ServerMessageOf<'connection-response'>, { to: string }>;
export function isKnockResponse(message: ServerMessage): message is KnockResponse {
  return message.type === 'connection-response' && !('to' in message);
}

/**
 * Light check of a server message on the client: the client trusts its own server, but a
 * frame that is not an object with a known type is dropped rather than crashing a reducer.
 */
const SERVER_TYPES: ReadonlySet<string> = new Set<ServerMessageType>([
  'connection-succeeded',
  'room-status',
  'room-status-update',
  'transcripts',
  'transcript',
  'transcript-edit-ack',
  'transcript-cursors',
  'transcripts-since-response',
  'transcripts-before-response',
  'connection-response',
  'connection-request',
  'connection-request-closed',
  'user-query-response',
  'connection-invitation',
  'connection-invitation-closed',
  'response-text-to-speech',
  'reading-language',
  'curse-filter',
  'webrtc',
  'ava-bot-status',
  'scribe-chat',
  'user-boost-words',
  'PONG',
  'recording-stopped',
  'speaker-language',
  'error',
]);

export function parseServerMessage(text: string): ServerMessage | undefined {
  try {
    const data: unknown = JSON.parse(text);
    if (
      typeof data === 'object' &&
      data !== null &&
      SERVER_TYPES.has((data as { type?: string }).type ?? '')
    ) {
      return data as ServerMessage;
    }
  } catch {
    // fall through
  }
  return undefined;
}
