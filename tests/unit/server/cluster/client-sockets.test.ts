/**
 * A client's socket routed by the room of its first connection-params: served here under this
 * node's lease, or relayed to the holder; what came before is given to whichever serves it, in
 * order; one room per socket; a holder that never answers ends in a "try again".
 */
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientSocketRouter, type ClientSocketDeps } from '../../../../src/server/cluster/client-sockets';
import type { RelayLink } from '../../../../src/server/cluster/front';
import type { OpenRequest } from '../../../../src/server/cluster/relay-frames';

class FakeWs extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  closedWith: [number?, string?] | undefined;
  close(code?: number, reason?: string): void {
    this.closedWith = [code, reason];
    this.readyState = 3;
  }
  /** A message from the client. */
  send(text: string | Buffer, isBinary = false): void {
    this.emit('message', Buffer.from(text), isBinary);
  }
}

const params = (roomId: string) => JSON.stringify({ type: 'connection-params', roomId });

function link() {
  const attached: { data: Buffer; isBinary: boolean }[][] = [];
  let abandoned = 0;
  const relay: RelayLink = {
    attach: (_ws, early) => void attached.push(early),
    abandon: () => void (abandoned += 1),
  };
  return { relay, attached, abandoned: () => abandoned };
}

function setup(over: Partial<ClientSocketDeps> = {}) {
  const served: { roomId: string; address: string; origin?: string; heard: string[] }[] = [];
  const opened: { node: string; request: OpenRequest }[] = [];
  const logs: string[] = [];
  const router = new ClientSocketRouter({
    nodeId: 'a',
    leaseTtlMs: 3000,
    takeLease: async () => ({ token: 't1', acquired: true }),
    openRelay: async (node, request) => {
      opened.push({ node, request });
      return undefined;
    },
    serveHere: (roomId, ws, address, origin) => {
      // As the connection code does: it listens from now on.
      const heard: string[] = [];
      ws.on('message', (data) => heard.push(String(data)));
      served.push({ roomId, address, ...(origin ? { origin } : {}), heard });
    },
    log: (_level, message) => logs.push(message),
    ...over,
  });
  const ws = new FakeWs();
  router.accept(ws as unknown as WebSocket, '10.0.0.1', 'https://hearken');
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { router, ws, served, opened, logs, settle };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ClientSocketRouter', () => {
  it('serves the socket here under this node’s lease, giving the connection code what came first', async () => {
    const s = setup();
    s.ws.send('{"type":"early"}');
    s.ws.send(params('room1'));
    s.ws.send('{"type":"meanwhile"}');
    await s.settle();
    expect(s.served).toEqual([
      {
        roomId: 'room1',
        address: '10.0.0.1',
        origin: 'https://hearken',
        heard: ['{"type":"early"}', params('room1'), '{"type":"meanwhile"}'],
      },
    ]);
    s.ws.send('{"type":"later"}');
    expect(s.served[0]!.heard.at(-1)).toBe('{"type":"later"}');
    expect(s.served[0]!.heard).toHaveLength(4);
  });

  it('relays the socket to the room’s holder, with what came first', async () => {
    const owner = link();
    const s = setup({
      takeLease: async () => ({ holder: 'b' }),
      openRelay: async (node, request) => {
        s.opened.push({ node, request });
        return owner.relay;
      },
    });
    s.ws.send(Buffer.from([1, 2, 3]), true);
    s.ws.send(params('room1'));
    await s.settle();
    expect(s.opened).toHaveLength(1);
    expect(s.opened[0]!.node).toBe('b');
    expect(s.opened[0]!.request).toMatchObject({
      roomId: 'room1',
      address: '10.0.0.1',
      origin: 'https://hearken',
    });
    expect(s.opened[0]!.request.conn).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(owner.attached).toHaveLength(1);
    expect(owner.attached[0]!.map((m) => m.isBinary)).toEqual([true, false]);
    expect(s.served).toEqual([]);
  });

  it('tells the owner when the client left while it was being found', async () => {
    const owner = link();
    const s = setup({ takeLease: async () => ({ holder: 'b' }), openRelay: async () => owner.relay });
    s.ws.send(params('room1'));
    s.ws.close(1000, 'bye');
    await s.settle();
    expect(owner.abandoned()).toBe(1);
    expect(owner.attached).toEqual([]);
  });

  it('keeps one conversation per socket', async () => {
    const s = setup();
    s.ws.send(params('room1'));
    await s.settle();
    s.ws.send(params('room1'));
    expect(s.ws.closedWith).toBeUndefined();
    s.ws.send(params('room2'));
    expect(s.ws.closedWith).toEqual([1008, 'one conversation per connection']);
  });

  it('closes a socket that sends too much before naming its room; a binary frame names none', async () => {
    const s = setup();
    s.ws.send(params('room1'), true);
    for (let i = 0; i < 63; i++) s.ws.send('{"type":"noise"}');
    expect(s.ws.closedWith).toBeUndefined();
    s.ws.send('{"type":"noise"}');
    expect(s.ws.closedWith).toEqual([1008, 'connection-params first']);
    await s.settle();
    expect(s.served).toEqual([]);
  });

  it('tries again while the holder does not take the socket, and serves it once the lease is free', async () => {
    vi.useFakeTimers();
    const answers: ({ token: string; acquired: boolean } | { holder?: string })[] = [
      { holder: 'b' },
      { holder: 'b' },
      { token: 't1', acquired: true },
    ];
    const s = setup({ takeLease: async () => answers.shift()! });
    s.ws.send(params('room1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.served).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    expect(s.opened.map((o) => o.node)).toEqual(['b', 'b']);
    expect(s.served.map((x) => x.roomId)).toEqual(['room1']);
  });

  it('asks the client to try again when no node serves the room in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const s = setup({ leaseTtlMs: 1000, takeLease: async () => ({ holder: 'a' }) });
    s.ws.send(params('room1'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.ws.closedWith).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.ws.closedWith).toEqual([1013, 'the conversation is moving between servers; try again']);
    expect(s.logs).toEqual(['could not find a node for a conversation']);
    // A holder that is this node itself (its own lease lapsing) is never asked to relay.
    expect(s.opened).toEqual([]);
  });
});
