/**
 * What a live room (room.ts) and the rest of the server agree on: a member as the room sees it,
 * the services and the store the room is given, and the error it refuses a request with.
 */
import type { ConnectionRole, Transcript } from '../../shared/entities';
import type { ServerMessage, SocketErrorCode } from '../../shared/protocol';
import type { LineCap } from '../../shared/transcript-edit/line-cap';
import type { PremiumMeter } from '../credits';
import type { TranslationEngine } from '../translation';
import type { AudioTrack } from './audio-track';
import type { RoomChanges } from './repository';
import type { Embedder } from './speaker-identification';
import type { StoredSpeaker } from './speakers-repository';
import type { Timers } from './throttle';

/** One connected client as the room sees it. */
export interface RoomMember {
  readonly avaId: string;
  readonly userName: string;
  /** The account's picture, shown with their speaker (Speaker.userAvatar); none for guests. */
  readonly userAvatar?: string;
  readonly role: ConnectionRole;
  readonly readonly: boolean;
  /**
   * Premium captions for this member's next recording: the server's decision (auth/entitlements.ts
   * servedTier), never the client's wish alone.
   */
  usePaidASR: boolean;
  /** Premium is served on the member's credit: counted down while it serves (credits/premium-meter.ts). */
  premiumOnCredit?: boolean;
  /**
   * Vocabulary boost: the words this person's recognition favours (their boost list, unless
   * they turned boosting off with `boost`). Applied from their next utterance (docs/boost.md).
   */
  boostWords?: readonly string[];
  /** Plays others' voiced replies in their room (connection-params-update downAudio). */
  downAudio?: boolean;
  /** Speaker identification (beta solo_speaker_id) is on for this person's microphone. */
  identifySpeakers?: boolean;
  /** A free or Lite user (or a guest): auto stop applies to their lone stream (session-limits.ts). */
  freeOrLite?: boolean;
  /** `droppable` messages (partials) may be skipped for a client that is not keeping up. */
  send(message: ServerMessage, options?: { droppable?: boolean }): void;
  /** Closes this member's connection (a Scribe the host sent away). */
  close?(code: number, reason: string): void;
}

/** Where a room's finals and counters are kept (TranscriptRepository; a failing one in tests). */
export interface TranscriptStore {
  saveFinal(roomId: string, t: Transcript, seq: number): Promise<void>;
  reserveIndexes(roomId: string, upTo: number): Promise<number>;
  /** A voicing speaker named, renamed or claimed (rooms/speakers.ts). */
  saveSpeaker(roomId: string, speaker: StoredSpeaker): Promise<void>;
}

export interface RoomServices {
  updateRoom(id: string, changes: RoomChanges): Promise<void>;
  /** Opens a recognition stream on the engine serving `tier`. */
  /** A recognition stream for `track`, charged to `holder` (the room, and whose device it is). */
  openSpeech(
    tier: 'basic' | 'premium',
    lang: string,
    track: AudioTrack,
    /** `voice`: whose voice through which source (`<identity>:microphone`), for speech/voice-memory.ts. */
    holder: { roomId: string; identity: string; voice?: string },
  ): { ok: true } | { ok: false; code: SocketErrorCode; message: string; reason?: string };
  now(): number;
  /**
   * A caption left the server `ms` after the end of the audio it was computed from (metrics:
   * hearken_caption_lag_seconds). Not for lines captioned late from held audio.
   */
  captionLag?(kind: 'partial' | 'final', ms: number): void;
  /** Storing a final failed and will be tried again (metrics: hearken_persist_retries_total). */
  persistRetrying?(): void;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** The speaker-embedding model, when one is installed (speaker identification). */
  speakerEmbedder?: Embedder;
  /** Clock for retries; real timers unless a test gives its own. */
  timers?: Timers;
  /** Translates captions for people who read another language; none: translation is off. */
  translationEngine?: TranslationEngine;
  /** Counts Premium credit down while a stream is served on it; none: nothing is counted. */
  premiumMeter?: Pick<PremiumMeter, 'start'>;
  /** How long people's corrections may make a line (limits.ts); none: the shared default. */
  lineCap?: LineCap;
  /** Recording time before auto stop (limits.ts); none: the spec's AUTO_STOP_AFTER_MS. */
  autoStopAfterMs?: number;
}

export class RoomError extends Error {
  constructor(
    readonly code: SocketErrorCode,
    message: string,
  ) {
    super(message);
  }
}
