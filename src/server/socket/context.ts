/**
 * What a socket message's handler is given: the connection's context, explicit, so each handler
 * lives beside its feature and is tested with a fake one. The table of handlers (socket/handlers.ts)
 * has one typed entry per message type, as the access table (auth/access.ts ACTIONS_OF) has one
 * row of actions per message type; the table decides who may before any handler runs.
 */
import type { IdentitySockets } from './identity-sockets';
import type {
  ClientMessageOf,
  ClientMessageType,
  ServerMessage,
  SocketErrorCode,
} from '../../shared/protocol';
import type { Principal, PrincipalResolver } from '../auth';
import type { RoomRepository, LiveRoom, RoomMember, ReaderCurseFilter, RoomRegistry } from '../rooms';
import type { RateLimiter } from '../http';
import type { ServerLimits } from '../limits';
import type { MeetingBots } from '../meeting-bot';
import type { TtsStatus } from '../../native/tts/types';
import type { WebRtcConfig } from '../webrtc';
import type { ScribeDesk } from '../scribes';
import type { CreditRepository, PremiumChoice } from '../credits';
import type { BoostWordsRepository, ConnectionBoost } from '../boost';
import type { Invitations } from '../invitations';
import type { TokenBucket } from '../token-bucket';
import type { WebRtcAudio } from './webrtc-audio';
import type { RecordingWatch } from './recording-watch';

export interface ConnectionDeps {
  registry: RoomRegistry;
  /** Who connects: the guest credential or identity token of connection-params, checked. */
  principals: Pick<PrincipalResolver, 'fromConnectionParams'>;
  rooms: Pick<RoomRepository, 'find' | 'membership' | 'addMember' | 'touch'>;
  limits: ServerLimits;
  /** Rooms created, keyed `address:<ip>` and `identity:<avaId>` (shared by all connections). */
  roomCreations: RateLimiter;
  /**
   * Pages of finals asked for (shared by all connections): keyed `identity:<avaId>` under
   * limits.transcriptPages, and `address:<ip>` under ten times that.
   */
  transcriptPages: { identity: Pick<RateLimiter, 'take'>; address: Pick<RateLimiter, 'take'> };
  /** Typed lines (shared by all connections), keyed `identity:<avaId>` under limits.typedMessages. */
  typedLines: { take(key: string): boolean };
  /** Open sockets per identity (shared by all connections), at most limits.socketsPerIdentity. */
  identitySockets: IdentitySockets;
  /** Boost list changes (shared by all connections), keyed `identity:<avaId>` under limits.boostChanges. */
  boostChanges: Pick<RateLimiter, 'take'>;
  /**
   * Changes of a line asked for (shared by all connections): keyed `identity:<avaId>` under
   * limits.lineEdits, and `address:<ip>` under ten times that.
   */
  lineEdits: { identity: Pick<RateLimiter, 'take'>; address: Pick<RateLimiter, 'take'> };
  /** The client's address (behind a trusted proxy, the person's). */
  address: string;
  now(): number;
  /**
   * How long this server's event loop has been stalled in all (loop-stalls.ts): the flood limits
   * and the idle check give that time back to the client.
   */
  stalledMs(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** The text-to-speech engine, or why voiced replies are off. */
  tts?: TtsStatus;
  /**
   * The recognition languages the installed engines serve (GET /api/v1/config `speech.langs`);
   * absent: any language is taken (change-speaker-language is not checked).
   */
  speechLangs?(): readonly string[];
  /** WebRTC audio (webrtc/config.ts); absent or off: only PCM frames on the socket. */
  webrtc?: WebRtcConfig;
  /** The rooms' meeting bots; absent: request-ava-bot is refused as unavailable. */
  meetingBots?: MeetingBots;
  /** Scribe requests (scribes/desk.ts); absent: nobody can request a Scribe. */
  scribes?: ScribeDesk;
  /** Accounts' credits: Premium on credit (auth/entitlements.ts); absent: credit gives nothing. */
  credits?: Pick<CreditRepository, 'get'>;
  /**
   * People's boost lists and their organisation's vocabulary (boost/repository.ts); absent: boost
   * messages answer an empty list.
   */
  boostWords?: Pick<BoostWordsRepository, 'list' | 'save'> &
    Partial<Pick<BoostWordsRepository, 'organizationWords'>>;
  /**
   * Ongoing rooms an identity hosts that are live (cluster mode: on any node); absent: those in
   * this server's registry.
   */
  liveRoomsHostedBy?(avaId: string): Promise<number>;
  /** Invite by user query (invitations/); absent: user-query and connection-request are refused. */
  invitations?: Invitations;
}

export type SendOptions = { droppable?: boolean };

/** What every handler has: the server's services and the way back to this client. */
export interface SocketOutput {
  readonly deps: ConnectionDeps;
  /** To this client; `droppable` messages may be skipped for a client that is not keeping up. */
  send(message: ServerMessage, options?: SendOptions): void;
  /** An `error` to this client; `inReplyTo` names the message type it answers. */
  fail(code: SocketErrorCode, message: string, inReplyTo?: string): void;
}

/** Before joining: the handshake of this socket (socket/handshake.ts). */
export interface ConnectionContext extends SocketOutput {
  readonly handshake: { begin(message: ClientMessageOf<'connection-params'>): Promise<void> };
}

/** This connection's own limits of what one person does (deps.limits sizes them). */
export interface ConnectionRates {
  audioStarts: Pick<TokenBucket, 'take'>;
  typedMessages: Pick<TokenBucket, 'take'>;
  ttsRequests: Pick<TokenBucket, 'take'>;
}

/** A member of a room: what the handler of every other message is given, once the table let it through. */
export interface MemberContext extends SocketOutput {
  readonly room: LiveRoom;
  readonly member: RoomMember;
  readonly principal: Exclude<Principal, { kind: 'outsider' }>;
  /** When the message arrived, before it waited its turn in the queue. */
  readonly receivedAtMs: number;
  readonly rates: ConnectionRates;
  /** What this reader's captions pass through (connection-params, then set-curse-filter). */
  readonly curseFilter: Pick<ReaderCurseFilter, 'level' | 'set'>;
  /** The WebRTC side of this socket (socket/webrtc-audio.ts). */
  readonly webrtc: Pick<WebRtcAudio, 'enabled' | 'start' | 'stop' | 'signal' | 'describeTrack' | 'trackMute'>;
  /** Whether this socket's recording brings audio: told of its starts and stops (recording-watch.ts). */
  readonly recording: Pick<RecordingWatch, 'started' | 'stopped'>;
  /** What the client asked of Premium, and what the server grants now. */
  readonly premium: Pick<PremiumChoice, 'asked' | 'grantOf'>;
  /** This connection's boost (boost/connection-boost.ts). */
  readonly boost: ConnectionBoost;
  /** Aborted when the socket closes: voices being read for it stop. */
  readonly speaking: AbortSignal;
  /** Closes this socket. */
  close(code: number, reason: string): void;
}

/** Messages a socket answers before it is a member of a room. */
export type OpeningMessageType = 'ping' | 'connection-params';
export type MemberMessageType = Exclude<ClientMessageType, OpeningMessageType>;

export type ContextOf<K extends ClientMessageType> = K extends OpeningMessageType
  ? ConnectionContext
  : MemberContext;

export type SocketHandler<K extends ClientMessageType> = (
  ctx: ContextOf<K>,
  message: ClientMessageOf<K>,
) => void | Promise<void>;

/** One handler per message type: the compiler refuses a table that misses one. */
export type SocketHandlers = { [K in ClientMessageType]: SocketHandler<K> };
