/**
 * One client's realtime socket: validates every message, keeps the protocol's order
 * (connection-params first; connection-succeeded then room-status answer it), limits floods,
 * and hands valid requests to the room. A bad message gets an error naming the problem and
 * changes nothing else.
 */
import type { WebSocket, RawData } from 'ws';
import {
  MAX_AUDIO_BYTES_PER_SECOND,
  MAX_AUDIO_FRAME_BYTES,
  MAX_AUDIO_FRAMES_PER_SECOND,
  MAX_AUDIO_SPEED,
  MAX_TEXT_MESSAGES_PER_SECOND,
  PING_INTERVAL_MS,
  SERVER_IDLE_TIMEOUT_MS,
} from '../../shared/constants';
import type { ConnectionRole } from '../../shared/entities';
import { littleEndianBytesToInt16 } from '../../shared/audio';
import {
  parseClientMessage,
  type ClientMessage,
  type ServerMessage,
  type SocketErrorCode,
} from '../../shared/protocol';
import { normalizeTitle } from '../../shared/validation';
import type { LiveRoom, RoomMember } from '../rooms/room';
import { RoomError } from '../rooms/room';
import type { RoomRegistry } from '../rooms/registry';
import { TokenBucket } from '../token-bucket';

export interface SocketUser {
  avaId: string;
  userName: string;
}

export interface ConnectionDeps {
  registry: RoomRegistry;
  /**
   * Who the client is: a guest by its avaId, or an account by its avaId and the identity token
   * that proves it (accounts cannot be claimed by id alone).
   */
  identify(speakerId: string, identityToken?: string): Promise<SocketUser | undefined>;
  /** Whether `token` is the room's read-only link token. */
  isReadonlyToken(roomId: string, token: string): Promise<boolean>;
  /** Remembers who was in a room, so they may read its transcript later. */
  recordMember(roomId: string, avaId: string): Promise<void>;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

/** Partials are skipped for a client whose socket has this much unsent data. */
const SLOW_CLIENT_BUFFERED_BYTES = 512 * 1024;
/** A client this far behind is gone for practical purposes. */
const DEAD_CLIENT_BUFFERED_BYTES = 16 * 1024 * 1024;
/** Messages waiting to be handled; a client that outruns this is flooding. */
const MAX_QUEUED = 200;
/** Limit violations tolerated before the connection is closed. */
const MAX_VIOLATIONS = 50;

type Phase = 'awaiting-params' | 'connecting' | 'connected' | 'closed';

export function handleConnection(ws: WebSocket, deps: ConnectionDeps, origin?: string): void {
  let phase: Phase = 'awaiting-params';
  let room: LiveRoom | undefined;
  let member: RoomMember | undefined;
  let lastSeen = deps.now();
  let queued = 0;
  let violations = 0;
  let chain: Promise<void> = Promise.resolve();
  const textLimit = new TokenBucket(MAX_TEXT_MESSAGES_PER_SECOND, MAX_TEXT_MESSAGES_PER_SECOND * 2, deps.now);
  const frameLimit = new TokenBucket(MAX_AUDIO_FRAMES_PER_SECOND, MAX_AUDIO_FRAMES_PER_SECOND * 2, deps.now);
  const byteLimit = new TokenBucket(MAX_AUDIO_BYTES_PER_SECOND, MAX_AUDIO_BYTES_PER_SECOND * 2, deps.now);

  const send = (message: ServerMessage, options?: { droppable?: boolean }) => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > DEAD_CLIENT_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    if (options?.droppable && ws.bufferedAmount > SLOW_CLIENT_BUFFERED_BYTES) return;
    ws.send(JSON.stringify(message));
  };
  const fail = (code: SocketErrorCode, message: string, inReplyTo?: string) =>
    send({ type: 'error', error: { code, message }, ...(inReplyTo ? { inReplyTo } : {}) });

  /** Counts a refused message; audio problems repeat many times a second, so their errors are sampled. */
  const violation = (code: SocketErrorCode, message: string, inReplyTo?: string, sampled = false) => {
    violations += 1;
    if (!sampled || violations === 1 || violations % 10 === 0) fail(code, message, inReplyTo);
    if (violations >= MAX_VIOLATIONS) ws.close(1008, 'too many invalid or excessive messages');
  };

  const heartbeat = setInterval(() => {
    if (deps.now() - lastSeen > SERVER_IDLE_TIMEOUT_MS) {
      ws.terminate();
      return;
    }
    ws.ping();
  }, PING_INTERVAL_MS);
  heartbeat.unref();
  ws.on('pong', () => {
    lastSeen = deps.now();
  });

  async function connect(message: Extract<ClientMessage, { type: 'connection-params' }>): Promise<void> {
    const user = await deps.identify(message.speakerId, message.identityToken);
    if (!user) {
      fail(
        'forbidden',
        'unknown speakerId (or an account without a valid identityToken): create a guest user with POST /api/v1/guest-users/me first, or sign in',
        message.type,
      );
      phase = 'awaiting-params';
      return;
    }
    const userName = message.username?.trim() || user.userName;
    const target = await deps.registry.open(message.roomId, { avaId: user.avaId, userName }, origin);
    const readonly = message.token ? await deps.isReadonlyToken(message.roomId, message.token) : false;
    await deps.recordMember(target.id, user.avaId);
    if (ws.readyState !== ws.OPEN) {
      deps.registry.released(target);
      return;
    }
    const role: ConnectionRole = message.role ?? 'participant';
    member = { avaId: user.avaId, userName, role, readonly, usePaidASR: false, send };
    room = target;
    phase = 'connected';
    send({
      type: 'connection-succeeded',
      speakerId: user.avaId,
      roomId: target.id,
      serverTimeMs: deps.now(),
    });
    target.join(member);
  }

  async function dispatch(message: ClientMessage): Promise<void> {
    if (message.type === 'ping') {
      send({ type: 'PONG', serverTimeMs: deps.now(), clientTimeMs: message.clientTimeMs });
      return;
    }
    if (message.type === 'connection-params') {
      if (phase !== 'awaiting-params') {
        fail('already-connected', 'connection-params was already received on this socket', message.type);
        return;
      }
      phase = 'connecting';
      await connect(message);
      return;
    }
    if (phase !== 'connected' || !room || !member) {
      fail('not-connected', `send connection-params before ${message.type}`, message.type);
      return;
    }
    switch (message.type) {
      case 'connection-params-update':
        if (message.usePaidASR !== undefined) member.usePaidASR = message.usePaidASR;
        await room.updateParams(member, message);
        return;
      case 'update-title': {
        const title = normalizeTitle(message.title);
        if (title) await room.updateTitle(member, title);
        return;
      }
      case 'audio':
        if (message.action === 'start') {
          if (!message.metadata) {
            fail('invalid-message', 'audio: metadata is required to start recording', message.type);
            return;
          }
          if (message.metadata.format !== 'pcm_s16le') {
            fail(
              'invalid-message',
              'audio.metadata.format: only pcm_s16le frames are accepted on the socket',
              message.type,
            );
            return;
          }
          room.startAudio(member, message.metadata.lang);
        } else {
          await room.stopAudio(member);
        }
        return;
      case 'reset-recorder':
        room.resetRecorder(member);
        return;
      case 'signal-i-am-typing':
        room.signalTyping(member);
        return;
      case 'close':
        ws.close(1000, message.reason ?? 'closed');
        return;
    }
  }

  function audioFrame(data: Buffer): void {
    if (phase !== 'connected' || !room || !member) {
      violation('not-connected', 'audio frames before connection-params are ignored', undefined, true);
      return;
    }
    if (data.byteLength > MAX_AUDIO_FRAME_BYTES) {
      violation(
        'frame-too-large',
        `audio frames may hold at most ${MAX_AUDIO_FRAME_BYTES} bytes`,
        undefined,
        true,
      );
      return;
    }
    if (!frameLimit.take() || !byteLimit.take(data.byteLength)) {
      violation(
        'rate-limited',
        `audio is arriving faster than ${MAX_AUDIO_SPEED}x real time; frames are being dropped`,
        undefined,
        true,
      );
      return;
    }
    const samples = littleEndianBytesToInt16(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (!samples) {
      violation(
        'invalid-audio-frame',
        'audio frames must hold whole 16-bit samples (an even number of bytes)',
        undefined,
        true,
      );
      return;
    }
    room.audio(member, samples);
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
        if (phase === 'connecting') phase = 'awaiting-params';
      })
      .finally(() => {
        queued -= 1;
      });
  }

  ws.on('message', (data: RawData, isBinary: boolean) => {
    lastSeen = deps.now();
    if (phase === 'closed') return;
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) {
      enqueue(() => audioFrame(buffer));
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
    enqueue(() => dispatch(parsed.message), parsed.message.type);
  });

  ws.on('close', () => {
    phase = 'closed';
    clearInterval(heartbeat);
    // Leave after the queued messages: audio already received still becomes captions.
    chain = chain.then(() => {
      if (room && member) {
        room.leave(member);
        deps.registry.released(room);
      }
    });
  });
  ws.on('error', (error) => deps.log('warn', 'socket error', { error: error.message }));
}
