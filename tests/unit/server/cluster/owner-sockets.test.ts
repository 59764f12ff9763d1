/**
 * The owner's half of a relayed socket, on an in-memory NATS: served only under the room's lease,
 * a client's socket run by the connection code, a provider's checked first, and what the front
 * sends reaching the socket.
 */
import { describe, expect, it } from 'vitest';
import type { OwnerWork, Serve } from '../../../../src/server/cluster/owner-work';
import { OwnerSockets } from '../../../../src/server/cluster/owner-sockets';
import {
  IN_CLOSED,
  IN_TEXT,
  frame,
  inSubject,
  type OpenRequest,
} from '../../../../src/server/cluster/relay-frames';
import type { ConnectionSocket } from '../../../../src/server/socket/transport';
import { FakeNats } from '../../../helpers/fake-nats';

const CLIENT: OpenRequest = {
  conn: 'conn00001',
  roomId: 'room1',
  address: '10.0.0.1',
  origin: 'https://hearken',
};
const PROVIDER: OpenRequest = {
  conn: 'conn00002',
  roomId: 'room1',
  address: '10.0.0.2',
  kind: 'phone-media',
  url: '/api/v1/calls/media/room1',
  signature: 'sig',
};

function setup(options: { token?: string; providerAccepts?: boolean } = {}) {
  const nats = new FakeNats();
  const served: { socket: ConnectionSocket; address: string; origin?: string }[] = [];
  const pinned: { roomId: string; socket: ConnectionSocket }[] = [];
  const handshakes: unknown[] = [];
  const state = {
    closing: false,
    serve: ((socket, address, origin) => served.push({ socket, address, ...(origin ? { origin } : {}) })) as
      Serve | undefined,
  };
  const owner = new OwnerSockets({
    nats,
    tokenOf: () => ('token' in options ? options.token : 't1'),
    serve: () => state.serve,
    work: () =>
      ({
        providerSocket: (kind, _socket, handshake) => {
          handshakes.push({ kind, handshake });
          return options.providerAccepts ?? true;
        },
      }) as OwnerWork,
    closing: () => state.closing,
    pin: (roomId, socket) => pinned.push({ roomId, socket }),
  });
  const answers: unknown[] = [];
  nats.subscribe('reply.1', (m) => answers.push(JSON.parse(m.data.toString())));
  /** `replyTo`: null for none. */
  const open = async (request: unknown, replyTo: string | null = 'reply.1') => {
    owner.opened(Buffer.from(JSON.stringify(request)), replyTo ?? undefined);
    await nats.settle();
  };
  return { nats, served, pinned, handshakes, answers, state, open };
}

describe('OwnerSockets', () => {
  it('serves a client’s relayed socket under the room’s lease, and hears what the front sends', async () => {
    const s = setup();
    await s.open(CLIENT);
    expect(s.answers).toEqual([{ ok: true }]);
    expect(s.served).toHaveLength(1);
    expect(s.served[0]).toMatchObject({ address: '10.0.0.1', origin: 'https://hearken' });
    expect(s.pinned).toEqual([{ roomId: 'room1', socket: s.served[0]!.socket }]);
    const heard: string[] = [];
    s.served[0]!.socket.on('message', (data) => heard.push(String(data)));
    s.nats.publish(inSubject(CLIENT.conn), frame(IN_TEXT, '{"type":"ping"}'));
    await s.nats.settle();
    expect(heard).toEqual(['{"type":"ping"}']);
    s.nats.publish(inSubject(CLIENT.conn), frame(IN_CLOSED));
    await s.nats.settle();
    expect(s.nats.listeners(inSubject(CLIENT.conn))).toBe(0);
  });

  it('refuses when it does not hold the lease, before the server is built, or while closing', async () => {
    const notOwner = setup({ token: undefined });
    await notOwner.open(CLIENT);
    const unbuilt = setup();
    unbuilt.state.serve = undefined;
    await unbuilt.open(CLIENT);
    const closing = setup();
    closing.state.closing = true;
    await closing.open(CLIENT);
    for (const s of [notOwner, unbuilt, closing]) {
      expect(s.answers).toEqual([{ ok: false, reason: 'not the owner' }]);
      expect(s.pinned).toEqual([]);
      expect(s.nats.listeners(inSubject(CLIENT.conn))).toBe(0);
    }
  });

  it('refuses a request it cannot read, and answers nothing without a reply subject', async () => {
    const s = setup();
    await s.open({ conn: 'x', roomId: 'room1' });
    expect(s.answers).toEqual([{ ok: false, reason: 'bad request' }]);
    await s.open(CLIENT, null);
    expect(s.answers).toHaveLength(1);
    expect(s.served).toEqual([]);
  });

  it('checks a provider’s handshake here, and pins its socket without the connection code', async () => {
    const s = setup();
    await s.open(PROVIDER);
    expect(s.handshakes).toEqual([
      { kind: 'phone-media', handshake: { url: '/api/v1/calls/media/room1', signature: 'sig' } },
    ]);
    expect(s.answers).toEqual([{ ok: true }]);
    expect(s.pinned).toHaveLength(1);
    expect(s.served).toEqual([]);
  });

  it('refuses a provider whose handshake fails, listening no more', async () => {
    const s = setup({ providerAccepts: false });
    await s.open(PROVIDER);
    expect(s.answers).toEqual([{ ok: false, reason: 'refused' }]);
    expect(s.pinned).toEqual([]);
    expect(s.nats.listeners(inSubject(PROVIDER.conn))).toBe(0);
  });
});
