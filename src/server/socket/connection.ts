/**
 * One client's realtime socket: validates every message, keeps the protocol's order
 * (connection-params first; connection-succeeded then room-status answer it), limits floods,
 * asks the access table before any handler runs, and hands valid requests to their handler
 * (socket/handlers.ts). A bad message gets an error naming the problem and changes nothing else.
 *
 * Messages of one socket are handled one after the other, in the order they came; a close waits
 * for the work already queued.
 */
import { wireText } from './shared-serialization';
import type { RawData } from 'ws';
import { type ConnectionSocket, outgoingVerdict } from './transport';
import {
  MAX_TEXT_MESSAGES_PER_SECOND,
  PING_INTERVAL_MS,
  SERVER_IDLE_TIMEOUT_MS,
} from '../../shared/constants';
import {
  parseClientMessage,
  type ClientMessage,
  type ServerMessage,
  type SocketErrorCode,
} from '../../shared/protocol';
import { mayBoost } from '../auth';
import { ReaderCurseFilter, RoomError } from '../rooms';
import { TokenBucket } from '../token-bucket';
import { PremiumChoice } from '../credits';
import { ConnectionBoost } from '../boost';
import { WebRtcAudio } from './webrtc-audio';
import type { ConnectionDeps, MemberContext, SendOptions } from './context';
import { type ConnectionState, Handshake } from './handshake';
import { AudioIntake } from './audio-intake';
import { RecordingWatch, overdueText } from './recording-watch';
import { actorOf, forbiddenAction, refusalOf } from './authorisation';
import { handleMember, handleOpening, isOpeningMessage } from './handlers';

export type { ConnectionDeps } from './context';
/** Said to a client that asked for Premium it is not entitled to (credits/premium-choice.ts). */
export { PREMIUM_NOT_ENTITLED_MESSAGE } from '../credits';

/** Messages waiting to be handled; a client that outruns this is flooding. */
const MAX_QUEUED = 200;
/** Limit violations tolerated before the connection is closed. */
const MAX_VIOLATIONS = 50;

export function handleConnection(ws: ConnectionSocket, deps: ConnectionDeps, origin?: string): void {
  const state: ConnectionState = { phase: 'awaiting-params' };
  const bucket = (limit: { ratePerSecond: number; burst: number }) =>
    new TokenBucket(limit.ratePerSecond, limit.burst, deps.now);
  const rates = {
    audioStarts: bucket(deps.limits.audioStarts),
    // Per identity, across its sockets (issue 29 F-02): more sockets do not type more lines.
    typedMessages: { take: () => deps.typedLines.take(`identity:${state.principal?.avaId ?? ''}`) },
    ttsRequests: bucket(deps.limits.ttsRequests),
  };
  /** What this reader's captions pass through (connection-params, then set-curse-filter). */
  const curseFilter = new ReaderCurseFilter();
  /** Voices being read for this socket: stopped when it closes. */
  const speaking = new AbortController();
  const premium = new PremiumChoice(deps.limits.premiumFor, deps.credits, deps.log);
  const boost = new ConnectionBoost(
    () => state.principal !== undefined && mayBoost(state.principal, deps.limits.boostFor),
  );
  // A socket that does not say who it is soon is closed: idle sockets cost memory and a slot.
  const connectTimer = setTimeout(() => {
    // Waiting at the door is not idle: the admission desk has its own time limit.
    if (state.phase === 'awaiting-params' || state.phase === 'connecting') {
      ws.close(1008, 'connection-params not received in time');
    }
  }, deps.limits.connectTimeoutMs);
  connectTimer.unref();
  let lastSeen = deps.now();
  let stalledWhenLastSeen = deps.stalledMs();
  const seen = () => {
    lastSeen = deps.now();
    stalledWhenLastSeen = deps.stalledMs();
  };
  let queued = 0;
  let violations = 0;
  let chain: Promise<void> = Promise.resolve();
  const textLimit = new TokenBucket(MAX_TEXT_MESSAGES_PER_SECOND, MAX_TEXT_MESSAGES_PER_SECOND * 2, deps.now);

  const send = (message: ServerMessage, options?: SendOptions) => {
    if (ws.readyState !== ws.OPEN) return;
    const droppable = options?.droppable === true;
    // A relayed socket's buffer is on the front node: it skips or terminates there.
    if (droppable && ws.sendDroppable) return ws.sendDroppable(wireText(message));
    const verdict = outgoingVerdict(ws.bufferedAmount, droppable);
    if (verdict === 'terminate') ws.terminate();
    else if (verdict === 'send') ws.send(wireText(message));
  };
  const fail = (code: SocketErrorCode, message: string, inReplyTo?: string) =>
    send({ type: 'error', error: { code, message }, ...(inReplyTo ? { inReplyTo } : {}) });

  /** Counts a refused message; audio problems repeat many times a second, so their errors are sampled. */
  const violation = (code: SocketErrorCode, message: string, inReplyTo?: string, sampled = false) => {
    violations += 1;
    if (!sampled || violations === 1 || violations % 10 === 0) fail(code, message, inReplyTo);
    if (violations >= MAX_VIOLATIONS) ws.close(1008, 'too many invalid or excessive messages');
  };

  /** What the member is in the room now (the room may have ended since they came in). */
  const actorNow = () => actorOf(state.principal, state.room, state.member);
  const intake = new AudioIntake({
    speaker: () =>
      state.phase === 'connected' && state.room && state.member
        ? { room: state.room, member: state.member }
        : undefined,
    actorNow,
    violation: (code, message) => violation(code, message, undefined, true),
    fail: (code, message) => fail(code, message),
    heard: (viaWebRtc) => recording.heard(viaWebRtc),
    streamBacklogSeconds: deps.limits.streamBacklogSeconds,
    now: deps.now,
    stalledMs: deps.stalledMs,
  });
  /** Queued once when a recording brings no audio (issue 29 F-01); not again until it ran. */
  let overdueQueued = false;
  const watchLimits = { silentMs: deps.limits.streamSilentMs, webrtcConnectMs: deps.limits.webrtcConnectMs };
  const recording = new RecordingWatch(
    watchLimits,
    // The server's running time: its own stalls are not the client's silence.
    () => deps.now() - deps.stalledMs(),
    () => {
      if (overdueQueued) return;
      overdueQueued = true;
      enqueue(async () => {
        overdueQueued = false;
        await stopOverdue();
      });
    },
  );
  const webrtc = new WebRtcAudio({
    config: deps.webrtc,
    send: (message) => send(message),
    deliver: (samples) => intake.webrtc(samples),
    log: deps.log,
  });
  const handshake = new Handshake({
    deps,
    send,
    fail,
    state,
    origin,
    enqueue: (task) => enqueue(task),
    isOpen: () => ws.readyState === ws.OPEN,
    close: (code, reason) => ws.close(code, reason),
    connected: () => clearTimeout(connectTimer),
    curseFilter,
    premium,
    boost,
  });

  const heartbeat = setInterval(() => {
    // Time the server itself stood still is not the client's silence: its pongs and frames
    // wait unread in the socket meanwhile.
    const idle = deps.now() - lastSeen - (deps.stalledMs() - stalledWhenLastSeen);
    if (idle > SERVER_IDLE_TIMEOUT_MS) {
      ws.terminate();
      return;
    }
    ws.ping();
  }, PING_INTERVAL_MS);
  heartbeat.unref();
  ws.on('pong', () => seen());

  /**
   * Stops a recording that brought no audio in time: its decoder and any peer connection are
   * released, and the member is told (`recording-stopped`, no-audio). Asked again here, in the
   * socket's turn: messages handled meanwhile may have brought audio or a new start.
   */
  async function stopOverdue(): Promise<void> {
    const why = recording.due();
    if (!why) return;
    recording.stopped();
    await webrtc.stop();
    const { room, member } = state;
    if (state.phase !== 'connected' || !room || !member) return;
    deps.log('info', 'a recording without audio was stopped', {
      roomId: room.id,
      why: overdueText(why, watchLimits),
    });
    await room.stopAudioByServer(member, 'no-audio');
  }

  /** `receivedAtMs`: when the message arrived, before it waited its turn in the queue. */
  async function dispatch(message: ClientMessage, receivedAtMs: number): Promise<void> {
    if (isOpeningMessage(message)) {
      await handleOpening({ deps, send, fail, handshake }, message);
      return;
    }
    const { room, member, principal } = state;
    if (state.phase !== 'connected' || !room || !member || !principal || principal.kind === 'outsider') {
      fail('not-connected', `send connection-params before ${message.type}`, message.type);
      return;
    }
    // Who may is decided here, for every message, before its handler runs.
    const actor = actorNow();
    const forbidden = forbiddenAction(message, actor, room, member);
    if (forbidden) {
      const refusal = refusalOf(forbidden, actor);
      fail(refusal.code, refusal.text, message.type);
      return;
    }
    const ctx: MemberContext = {
      deps,
      send,
      fail,
      room,
      member,
      principal,
      receivedAtMs,
      rates,
      curseFilter,
      webrtc,
      recording,
      premium,
      boost,
      speaking: speaking.signal,
      close: (code, reason) => ws.close(code, reason),
    };
    await handleMember(ctx, message);
  }

  function enqueue(task: () => Promise<void> | void, inReplyTo?: string): void {
    if (queued >= MAX_QUEUED) {
      violation('rate-limited', 'too many messages waiting; slow down', undefined, true);
      return;
    }
    queued += 1;
    chain = chain
      .then(task)
      .catch((error: unknown) => {
        if (error instanceof RoomError) {
          fail(error.code, error.message, inReplyTo);
        } else {
          deps.log('error', 'socket message failed', { error: (error as Error).message });
          fail('internal', 'the server could not handle this message', inReplyTo);
        }
        // A failed connection-params leaves the socket able to try again.
        if (state.phase === 'connecting') state.phase = 'awaiting-params';
      })
      .finally(() => {
        queued -= 1;
      });
  }

  ws.on('message', (data: RawData, isBinary: boolean) => {
    seen();
    if (state.phase === 'closed') return;
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) {
      enqueue(() => intake.frame(buffer));
      return;
    }
    if (!textLimit.take()) {
      violation('rate-limited', `at most ${MAX_TEXT_MESSAGES_PER_SECOND} messages per second`);
      return;
    }
    const parsed = parseClientMessage(buffer.toString('utf8'));
    if (!parsed.ok) {
      violation(parsed.error.code, parsed.error.message, parsed.inReplyTo);
      return;
    }
    const receivedAtMs = deps.now();
    enqueue(() => dispatch(parsed.message, receivedAtMs), parsed.message.type);
  });

  ws.on('close', () => {
    state.phase = 'closed';
    state.counted?.release();
    recording.stopped();
    speaking.abort();
    clearInterval(heartbeat);
    const { waiting } = state;
    if (waiting) {
      waiting.room.withdrawAdmission(waiting.knock);
      deps.registry.released(waiting.room);
      state.waiting = undefined;
    }
    clearTimeout(connectTimer);
    // Leave after the queued messages: audio already received still becomes captions.
    chain = chain.then(async () => {
      await webrtc.stop();
      state.viewerDelay?.close();
      const { room, member } = state;
      if (room && member) {
        room.leave(member);
        deps.scribes?.left(room, member);
        deps.registry.released(room);
      }
    });
  });
  ws.on('error', (error) => deps.log('warn', 'socket error', { error: error.message }));
}
