/**
 * Limits that hold under abuse, each a configuration value with a default sized for honest use
 * (a lecture hall of 200 behind one address, a host running a few rooms at once). Every limit
 * is answered with `rate-limited` (or the spec's own error) and never with a crash.
 */
import type { Limit } from './http';
import { LINE_MAX_CHARS, LINE_MAX_WORDS } from '../shared/transcript-edit/line-cap';
import { AUTO_STOP_AFTER_MS } from '../shared/session-limits';

export interface ServerLimits {
  /** Room-name look-ups, per client address and, separately, per identity. */
  nameLookups: Limit;
  /** Rooms created, per client address and per identity. */
  roomCreations: Limit;
  /** Rooms an identity may host at once (live in this server; in a cluster, on any node). */
  liveRoomsPerIdentity: number;
  /** Recognition streams running at once on this server; beyond it `speech-unavailable`. */
  maxDecoders: number;
  /** Recognition streams one identity may hold at once (its devices, rooms, computer audio, bots). */
  maxStreamsPerIdentity: number;
  /** Recognition streams one room may hold at once, so one room never takes every decoder. */
  maxStreamsPerRoom: number;
  /**
   * A recording that has started and then receives no audio for this long (ms) is stopped and
   * its decoder released (socket/recording-watch.ts): a started stream holds a share whether or
   * not audio comes.
   */
  streamSilentMs: number;
  /**
   * A recording started with format webrtc whose peer connection brings no audio this long (ms)
   * after the offer (never answered, never connected) is stopped and the connection closed.
   */
  webrtcConnectMs: number;
  /**
   * Below the cap, a new speaker is also refused (`speech-unavailable`) when the speech worker
   * it would go to would then be busier than this share of its time (0..1, native/speech/load.ts).
   */
  speechLoadLimit: number;
  /** `audio` start messages per connection. */
  audioStarts: Limit;
  /** Typed replies per identity, across its sockets. */
  typedMessages: Limit;
  /** Boost list changes (`access-boost-words` add or remove) per identity, across its sockets. */
  boostChanges: Limit;
  /** Voiced replies (text-to-speech) per connection. */
  ttsRequests: Limit;
  /**
   * Pages of finals (`transcripts-since`, `transcripts-before`) per identity, across its
   * sockets; per client address, ten times as many (a venue behind one address).
   */
  transcriptPages: Limit;
  /**
   * Changes of a line's text or speaker (`transcript-edit` but cursor moves) per identity,
   * across its sockets; per client address, ten times as many (issue 31).
   */
  lineEdits: Limit;
  /** Characters (code points) people's corrections may make a line hold (shared/transcript-edit/line-cap.ts). */
  maxLineChars: number;
  /** Words people's corrections may make a line hold. */
  maxLineWords: number;
  /**
   * Client log entries (POST /pushClientLogsToElastic) per identity, over an hour; per client
   * address, the entry allowance of http/address-limits.ts.
   */
  clientLogEntries: Limit;
  /**
   * Bytes of client log entries (their JSON) per identity, over an hour; per client address, ten
   * times as many (guests are cheap to make, so one address could otherwise store for many).
   */
  clientLogBytes: Limit;
  /** Audio a stream may have waiting for its recogniser before frames are dropped (seconds). */
  streamBacklogSeconds: number;
  /** After the host said no, how long that person's knocks at the room are refused without asking (ms). */
  admissionCooldownMs: number;
  /** A socket that has not sent connection-params this long after opening is closed. */
  connectTimeoutMs: number;
  /** Open caption sockets per identity (on this server). */
  socketsPerIdentity: number;
  /** Open sockets per client address (in a cluster, across the nodes). */
  socketsPerAddress: number;
  /** An ongoing room nobody has come into for this long is ended, and its name released. */
  roomAbandonMs: number;
  /**
   * Recording time after which a free solo conversation's stream stops (the spec's auto stop,
   * shared/session-limits.ts AUTO_STOP_AFTER_MS); set shorter only to test it.
   */
  autoStopMs: number;
  /** Who gets Premium recognition until licences exist: see auth/entitlements.ts. */
  premiumFor: 'entitled' | 'everyone';
  /**
   * Who may ask for a Scribe: holders of an organisation licence with Scribe credit (the spec:
   * organisations only), or everyone, uncounted, on a private installation (scribes/credit.ts).
   */
  scribesFor: 'organizations' | 'everyone';
  /**
   * Who may boost words (the spec: "Vocabulary Boost requires upgrade"): paid subscribers, or
   * everyone on a private installation (auth/entitlements.ts mayBoost).
   */
  boostFor: 'subscribers' | 'everyone';
}

/**
 * Recognition streams per speech worker by default (the decoder cap; HEARKEN_MAX_DECODERS): an
 * upper bound for memory (about 50 MB a decoder); how many a machine keeps real-time is the
 * load limit's to judge.
 */
export const DECODERS_PER_WORKER = 8;

/** Default busy share of a speech worker above which a new speaker is refused (HEARKEN_SPEECH_LOAD_LIMIT). */
export const SPEECH_LOAD_LIMIT = 0.8;

export const LIMIT_VARIABLES = {
  nameLookups: 'HEARKEN_NAME_LOOKUPS_PER_MINUTE',
  roomCreations: 'HEARKEN_ROOM_CREATIONS_PER_HOUR',
  liveRoomsPerIdentity: 'HEARKEN_LIVE_ROOMS_PER_IDENTITY',
  maxDecoders: 'HEARKEN_MAX_DECODERS',
  maxStreamsPerIdentity: 'HEARKEN_MAX_STREAMS_PER_IDENTITY',
  maxStreamsPerRoom: 'HEARKEN_MAX_STREAMS_PER_ROOM',
  streamSilentMs: 'HEARKEN_STREAM_SILENT_SECONDS',
  webrtcConnectMs: 'HEARKEN_WEBRTC_CONNECT_SECONDS',
  speechLoadLimit: 'HEARKEN_SPEECH_LOAD_LIMIT',
  audioStarts: 'HEARKEN_AUDIO_STARTS_PER_MINUTE',
  typedMessages: 'HEARKEN_TYPED_MESSAGES_PER_MINUTE',
  ttsRequests: 'HEARKEN_TTS_REQUESTS_PER_MINUTE',
  boostChanges: 'HEARKEN_BOOST_CHANGES_PER_MINUTE',
  transcriptPages: 'HEARKEN_TRANSCRIPT_PAGES_PER_MINUTE',
  lineEdits: 'HEARKEN_LINE_EDITS_PER_MINUTE',
  maxLineChars: 'HEARKEN_MAX_LINE_CHARS',
  maxLineWords: 'HEARKEN_MAX_LINE_WORDS',
  clientLogEntries: 'HEARKEN_CLIENT_LOG_ENTRIES_PER_HOUR',
  clientLogBytes: 'HEARKEN_CLIENT_LOG_KB_PER_HOUR',
  streamBacklogSeconds: 'HEARKEN_STREAM_BACKLOG_SECONDS',
  admissionCooldownMs: 'HEARKEN_ADMISSION_COOLDOWN_SECONDS',
  connectTimeoutMs: 'HEARKEN_CONNECT_TIMEOUT_MS',
  socketsPerAddress: 'HEARKEN_SOCKETS_PER_ADDRESS',
  socketsPerIdentity: 'HEARKEN_SOCKETS_PER_IDENTITY',
  premiumFor: 'HEARKEN_PREMIUM_FOR',
  scribesFor: 'HEARKEN_SCRIBES_FOR',
  boostFor: 'HEARKEN_BOOST_FOR',
  roomAbandonMs: 'HEARKEN_ROOM_ABANDON_MINUTES',
  autoStopMs: 'HEARKEN_AUTO_STOP_SECONDS',
} as const satisfies Record<keyof ServerLimits, string>;

/** A per-minute (or per-hour) allowance as a token bucket whose burst is the whole allowance. */
function perPeriod(count: number, periodSeconds: number): Limit {
  return { ratePerSecond: count / periodSeconds, burst: count };
}

/** A per-period allowance whose burst is a third of it (at least 1). */
function burstOfAThird(count: number, periodSeconds: number): Limit {
  return { ratePerSecond: count / periodSeconds, burst: Math.max(1, Math.ceil(count / 3)) };
}

/** The per-address allowance beside a per-identity one: a venue of people behind one address. */
export function perAddressOf(limit: Limit, people = 10): Limit {
  return { ratePerSecond: limit.ratePerSecond * people, burst: limit.burst * people };
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

/** A share in (0, 1]. */
function fraction(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const value = positive(env, name, fallback);
  if (value > 1) throw new Error(`${name} must be a share between 0 and 1 (got "${env[name]}")`);
  return value;
}

/** The limits from the environment; `speechWorkers` sizes the decoder cap's default. */
export function loadLimits(env: Record<string, string | undefined>, speechWorkers: number): ServerLimits {
  const premium = env[LIMIT_VARIABLES.premiumFor] ?? 'entitled';
  if (premium !== 'entitled' && premium !== 'everyone') {
    throw new Error(`${LIMIT_VARIABLES.premiumFor} must be "entitled" or "everyone" (got "${premium}")`);
  }
  const scribes = env[LIMIT_VARIABLES.scribesFor] ?? 'organizations';
  if (scribes !== 'organizations' && scribes !== 'everyone') {
    throw new Error(`${LIMIT_VARIABLES.scribesFor} must be "organizations" or "everyone" (got "${scribes}")`);
  }
  const boost = env[LIMIT_VARIABLES.boostFor] ?? 'subscribers';
  if (boost !== 'subscribers' && boost !== 'everyone') {
    throw new Error(`${LIMIT_VARIABLES.boostFor} must be "subscribers" or "everyone" (got "${boost}")`);
  }
  return {
    // 60 a minute is a person retyping a name now and then, and slows enumeration of the
    // roughly 400,000 names to days per address.
    nameLookups: perPeriod(positive(env, LIMIT_VARIABLES.nameLookups, 60), 60),
    roomCreations: perPeriod(positive(env, LIMIT_VARIABLES.roomCreations, 60), 3600),
    liveRoomsPerIdentity: Math.floor(positive(env, LIMIT_VARIABLES.liveRoomsPerIdentity, 5)),
    // What a machine sustains varies (8 to 15 streams on 2 cores, docs/measurements.md): the
    // cap bounds memory and the count, and the load limit refuses a speaker whose worker is
    // too busy to keep everyone on it real-time, so the others do not fall behind.
    maxDecoders: Math.floor(
      positive(env, LIMIT_VARIABLES.maxDecoders, Math.max(1, speechWorkers) * DECODERS_PER_WORKER),
    ),
    // A person's microphone, the computer's sound, a meeting bot and a phone call at once.
    maxStreamsPerIdentity: Math.floor(positive(env, LIMIT_VARIABLES.maxStreamsPerIdentity, 4)),
    // Half the decoders (at least 4): the busiest room leaves the other half to everyone else.
    maxStreamsPerRoom: Math.floor(
      positive(
        env,
        LIMIT_VARIABLES.maxStreamsPerRoom,
        Math.max(4, Math.ceil((Math.max(1, speechWorkers) * DECODERS_PER_WORKER) / 2)),
      ),
    ),
    // An honest client sends a chunk every 60 ms for as long as it records, silence included
    // (muted, it sends zeros), and a dropped socket ends its stream anyway: 15 s without a frame
    // is a client that holds a decoder without speaking (issue 29 F-01). Time the server itself
    // stalled is not counted.
    streamSilentMs: positive(env, LIMIT_VARIABLES.streamSilentMs, 15) * 1000,
    // Longer than a browser tries before it falls back to the socket (shared/webrtc.ts: 4 s for
    // the offer, 8 s to connect), so only an offer nobody meant to complete is closed.
    webrtcConnectMs: positive(env, LIMIT_VARIABLES.webrtcConnectMs, 15) * 1000,
    speechLoadLimit: fraction(env, LIMIT_VARIABLES.speechLoadLimit, SPEECH_LOAD_LIMIT),
    audioStarts: perPeriod(positive(env, LIMIT_VARIABLES.audioStarts, 30), 60),
    // 60 a minute is a fast typist's every line in a lively exchange.
    typedMessages: perPeriod(positive(env, LIMIT_VARIABLES.typedMessages, 60), 60),
    // Adding or removing a few words now and then; a third of them at once.
    boostChanges: burstOfAThird(positive(env, LIMIT_VARIABLES.boostChanges, 30), 60),
    // Each runs the engine: 30 a minute is a reply every two seconds, more than anyone types.
    ttsRequests: perPeriod(positive(env, LIMIT_VARIABLES.ttsRequests, 30), 60),
    // A reconnection asks one page (a few after a long gap); scrolling back asks one a screen.
    // 60 a minute with a burst of 20 is 4,000 older lines at once, and bounds what one identity
    // makes the server serialise to 200 finals a second.
    transcriptPages: burstOfAThird(positive(env, LIMIT_VARIABLES.transcriptPages, 60), 60),
    // A corrected word is one or two edits: 120 a minute (a burst of 40) keeps up with a Scribe
    // fixing a word every second, and bounds what one identity makes the server store, send to
    // everyone and translate again to two lines a second, each at most the cap long.
    lineEdits: burstOfAThird(positive(env, LIMIT_VARIABLES.lineEdits, 120), 60),
    // Four typed lines' worth (a typed line holds 500 characters): far more than one utterance.
    maxLineChars: Math.floor(positive(env, LIMIT_VARIABLES.maxLineChars, LINE_MAX_CHARS)),
    maxLineWords: Math.floor(positive(env, LIMIT_VARIABLES.maxLineWords, LINE_MAX_WORDS)),
    // A client logs its warnings and errors, a few dozen in a session: 1,000 an hour is a client
    // in trouble, and 2 MB what that many of them weigh (a batch is at most 64 KB, the body limit).
    clientLogEntries: perPeriod(positive(env, LIMIT_VARIABLES.clientLogEntries, 1000), 3600),
    clientLogBytes: perPeriod(positive(env, LIMIT_VARIABLES.clientLogBytes, 2048) * 1024, 3600),
    streamBacklogSeconds: positive(env, LIMIT_VARIABLES.streamBacklogSeconds, 30),
    // Long enough that a refusal is not answered by another prompt a second later, short enough
    // that someone refused by mistake can soon ask again.
    admissionCooldownMs: positive(env, LIMIT_VARIABLES.admissionCooldownMs, 60) * 1000,
    connectTimeoutMs: positive(env, LIMIT_VARIABLES.connectTimeoutMs, 10_000),
    socketsPerAddress: Math.floor(positive(env, LIMIT_VARIABLES.socketsPerAddress, 300)),
    // A person's phone, laptop, caption windows and a reload or two; not a guest's 300.
    socketsPerIdentity: Math.floor(positive(env, LIMIT_VARIABLES.socketsPerIdentity, 20)),
    premiumFor: premium,
    scribesFor: scribes,
    boostFor: boost,
    // Longer than the longest conversation a tier allows (Premium: 2 h), so only rooms people
    // walked away from are ended.
    roomAbandonMs: positive(env, LIMIT_VARIABLES.roomAbandonMs, 240) * 60_000,
    autoStopMs: positive(env, LIMIT_VARIABLES.autoStopMs, AUTO_STOP_AFTER_MS / 1000) * 1000,
  };
}
