/**
 * One socket's transport on a fake socket and a fake room: messages handled one after the other
 * in the order they came, the protocol's order (nothing but ping before connection-params), the
 * flood limits and their closing, the access table asked before any handler, the errors a handler
 * throws, and a close that waits for the work queued before it.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleConnection } from '../../../../src/server/socket/connection';
import type { ConnectionSocket } from '../../../../src/server/socket/transport';
import type { ConnectionDeps } from '../../../../src/server/socket/context';
import { RoomError } from '../../../../src/server/rooms/room';
import type { Principal } from '../../../../src/server/auth/principal';
import {
  MAX_TEXT_MESSAGES_PER_SECOND,
  PING_INTERVAL_MS,
  SERVER_IDLE_TIMEOUT_MS,
} from '../../../../src/shared/constants';
import { fakeMemberContext, fakeRoom } from '../../../helpers/socket-context';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: Array<Record<string, unknown>> = [];
  readonly closes: Array<[number | undefined, string | undefined]> = [];
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number, reason?: string) {
    this.closes.push([code, reason]);
  }
  terminated = 0;
  terminate() {
    this.terminated += 1;
  }
  ping() {}
  /** What the client sends: a JSON message, raw text, or a binary frame. */
  receive(message: object | string | Buffer) {
    if (Buffer.isBuffer(message)) this.emit('message', message, true);
    else
      this.emit(
        'message',
        Buffer.from(typeof message === 'string' ? message : JSON.stringify(message)),
        false,
      );
  }
  errors() {
    return this.sent.filter((m) => m.type === 'error');
  }
}

const GUEST: Principal = { kind: 'guest', avaId: 'guest7' };

/** Lets the socket's queue run. */
const drain = () => new Promise((resolve) => setTimeout(resolve, 0));

function connect(
  options: { principal?: Principal; readonly?: boolean; deps?: Partial<ConnectionDeps> } = {},
) {
  const { deps } = fakeMemberContext();
  const room = Object.assign(fakeRoom(), {
    admissionRequired: false,
    scribe: undefined,
    join: vi.fn(),
    leave: vi.fn(),
    restrictSession: vi.fn(async () => {}),
  });
  const record = {
    id: 'host1_room',
    hostAvaId: 'host1',
    state: 'ongoing',
    roToken: 'ro123',
    rwToken: 'rw123',
  };
  const full: ConnectionDeps = {
    ...deps,
    principals: {
      fromConnectionParams: vi.fn(async (): Promise<Principal> => options.principal ?? GUEST),
    },
    rooms: {
      find: vi.fn(async () => record as never),
      membership: vi.fn(async () => undefined),
      addMember: vi.fn(async (_r: string, _a: string, _at: number, admitted: never) => admitted),
      touch: vi.fn(async () => {}),
    },
    registry: { open: vi.fn(async () => room), released: vi.fn(), liveRoomsHostedBy: () => 0 } as never,
    ...options.deps,
  };
  const ws = new FakeSocket();
  handleConnection(ws as unknown as ConnectionSocket, full);
  const join = async () => {
    ws.receive({
      type: 'connection-params',
      speakerId: 'guest7',
      roomId: 'host1_room',
      token: options.readonly ? 'ro123' : 'rw123',
    });
    await drain();
  };
  return { ws, room, deps: full, join };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('before connection-params', () => {
  it('answers ping, and refuses anything else as not connected', async () => {
    const { ws } = connect();
    ws.receive({ type: 'ping', clientTimeMs: 5 });
    ws.receive({ type: 'typed-message', text: 'hi' });
    await drain();
    expect(ws.sent).toEqual([
      { type: 'PONG', serverTimeMs: 1_000_000, clientTimeMs: 5 },
      {
        type: 'error',
        error: { code: 'not-connected', message: 'send connection-params before typed-message' },
        inReplyTo: 'typed-message',
      },
    ]);
  });

  it('closes a socket that does not say who it is in time', () => {
    vi.useFakeTimers();
    const { ws, deps } = connect();
    vi.advanceTimersByTime(deps.limits.connectTimeoutMs);
    expect(ws.closes).toEqual([[1008, 'connection-params not received in time']]);
  });
});

describe('a silent client', () => {
  it('is let go, but not for the time the server itself stood still', () => {
    vi.useFakeTimers();
    const clock = { now: 1_000_000, stalled: 0 };
    const { ws } = connect({ deps: { now: () => clock.now, stalledMs: () => clock.stalled } });
    // The server stalls longer than a silent client is given: the client's pongs wait unread.
    clock.now += SERVER_IDLE_TIMEOUT_MS + 5_000;
    clock.stalled += SERVER_IDLE_TIMEOUT_MS + 5_000;
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(ws.terminated).toBe(0);
    // Silent that long while the server runs: gone.
    clock.now += SERVER_IDLE_TIMEOUT_MS + 1;
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(ws.terminated).toBe(1);
  });
});

describe('flood control', () => {
  it('a message that is not valid is refused by name, and enough of them close the socket', async () => {
    const { ws } = connect();
    ws.receive('{nope');
    expect(ws.errors()[0]).toEqual({
      type: 'error',
      error: { code: 'invalid-json', message: 'message is not valid JSON' },
    });
    for (let i = 1; i < 50; i += 1) ws.receive({ type: 'nope' });
    expect(ws.closes).toEqual([[1008, 'too many invalid or excessive messages']]);
  });

  it('more text messages than the limit are refused', () => {
    const { ws } = connect();
    for (let i = 0; i < MAX_TEXT_MESSAGES_PER_SECOND * 2 + 1; i += 1)
      ws.receive({ type: 'ping', clientTimeMs: 1 });
    expect(ws.errors()).toEqual([
      {
        type: 'error',
        error: {
          code: 'rate-limited',
          message: `at most ${MAX_TEXT_MESSAGES_PER_SECOND} messages per second`,
        },
      },
    ]);
  });

  it('audio frames before joining are refused, their errors sampled', async () => {
    const { ws } = connect();
    for (let i = 0; i < 12; i += 1) ws.receive(Buffer.alloc(4));
    await drain();
    expect(ws.errors()).toHaveLength(2);
    expect(ws.errors()[0]).toEqual({
      type: 'error',
      error: { code: 'not-connected', message: 'audio frames before connection-params are ignored' },
    });
  });
});

describe('a member’s messages', () => {
  it('are handled in the order they came, each after the one before has finished', async () => {
    const { ws, room, join } = connect();
    await join();
    const order: string[] = [];
    room.claimVoicingSpeaker.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('claim');
    });
    room.setReadingLanguage.mockImplementation(() => void order.push('reading-language'));
    ws.receive({ type: 'assign-voicing-speaker-myself', speakerId: 'voicing-abcd1234' });
    ws.receive({ type: 'set-reading-language', lang: 'fr' });
    ws.receive({ type: 'ping', clientTimeMs: 1 });
    await drain();
    // The ping waits its turn too.
    expect(ws.sent.map((m) => m.type)).toEqual(['connection-succeeded']);
    await vi.waitFor(() => expect(ws.sent.map((m) => m.type)).toEqual(['connection-succeeded', 'PONG']));
    expect(order).toEqual(['claim', 'reading-language']);
  });

  it('the table refuses before any handler runs, with its words', async () => {
    const { ws, room, join } = connect({ readonly: true });
    await join();
    ws.receive({ type: 'typed-message', text: 'hi' });
    ws.receive({ type: 'force-mute', avaId: 'host1' });
    await drain();
    expect(ws.errors()).toEqual([
      {
        type: 'error',
        error: {
          code: 'forbidden',
          message: 'typed-message: not allowed for a ro-member of this conversation',
        },
        inReplyTo: 'typed-message',
      },
      {
        type: 'error',
        error: { code: 'forbidden', message: 'force-mute: not allowed for a ro-member of this conversation' },
        inReplyTo: 'force-mute',
      },
    ]);
    expect(room.addTypedLine).not.toHaveBeenCalled();
    expect(room.forceMute).not.toHaveBeenCalled();
  });

  it('a member of a room that ended is told it ended', async () => {
    const { ws, room, join } = connect();
    await join();
    room.state = 'ended';
    ws.receive({ type: 'typed-message', text: 'hi' });
    await drain();
    expect(ws.errors()).toEqual([
      {
        type: 'error',
        error: { code: 'room-ended', message: 'the conversation has ended' },
        inReplyTo: 'typed-message',
      },
    ]);
  });

  it('a room’s refusal is told as it is; anything else as internal, logged', async () => {
    const { ws, room, deps, join } = connect();
    await join();
    room.claimVoicingSpeaker.mockRejectedValueOnce(new RoomError('forbidden', 'claimed already'));
    room.claimVoicingSpeaker.mockRejectedValueOnce(new Error('disk full'));
    ws.receive({ type: 'assign-voicing-speaker-myself', speakerId: 'voicing-abcd1234' });
    ws.receive({ type: 'assign-voicing-speaker-myself', speakerId: 'voicing-abcd1234' });
    await drain();
    expect(ws.errors()).toEqual([
      {
        type: 'error',
        error: { code: 'forbidden', message: 'claimed already' },
        inReplyTo: 'assign-voicing-speaker-myself',
      },
      {
        type: 'error',
        error: { code: 'internal', message: 'the server could not handle this message' },
        inReplyTo: 'assign-voicing-speaker-myself',
      },
    ]);
    expect(deps.log).toHaveBeenCalledWith('error', 'socket message failed', { error: 'disk full' });
  });

  it('audio frames reach the room once joined', async () => {
    const { ws, room, join } = connect();
    await join();
    ws.receive(Buffer.from([1, 0]));
    await drain();
    expect(room.audio).toHaveBeenCalledWith(
      expect.objectContaining({ avaId: 'guest7' }),
      new Int16Array([1]),
    );
  });
});

describe('closing', () => {
  it('leaves the room only after the work queued before the close', async () => {
    const { ws, room, deps, join } = connect();
    await join();
    let release: () => void = () => {};
    room.claimVoicingSpeaker.mockImplementation(() => new Promise<void>((resolve) => (release = resolve)));
    ws.receive({ type: 'assign-voicing-speaker-myself', speakerId: 'voicing-abcd1234' });
    await drain();
    ws.emit('close');
    await drain();
    expect(room.leave).not.toHaveBeenCalled();
    release();
    await drain();
    expect(room.leave).toHaveBeenCalledTimes(1);
    expect(deps.registry.released).toHaveBeenCalledWith(room);
  });

  it('nothing received after the close is handled', async () => {
    const { ws, room, join } = connect();
    await join();
    ws.emit('close');
    ws.receive({ type: 'typed-message', text: 'hi' });
    await drain();
    expect(room.addTypedLine).not.toHaveBeenCalled();
  });

  it('a close message ends the socket', async () => {
    const { ws, join } = connect();
    await join();
    ws.receive({ type: 'close', reason: 'closed' });
    await drain();
    expect(ws.closes).toEqual([[1000, 'closed']]);
  });
});
