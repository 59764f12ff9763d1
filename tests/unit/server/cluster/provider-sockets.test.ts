/**
 * A provider's media socket on a real HTTP server: served here when this node owns its room or
 * nobody does, relayed to the owner once the owner accepts its handshake, refused 401 when the
 * owner does not, and dropped when relaying fails.
 */
import { createServer, type Server } from 'node:http';
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ProviderSocketRouter,
  type ProviderSocketDeps,
} from '../../../../src/server/cluster/provider-sockets';
import type { RelayLink } from '../../../../src/server/cluster/front';
import type { OpenRequest } from '../../../../src/server/cluster/relay-frames';
import { refuseUpgrade } from '../../../../src/server/safety/raw-sockets';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function serve(deps: Partial<ProviderSocketDeps>) {
  const opened: { node: string; request: OpenRequest }[] = [];
  const logs: string[] = [];
  const local: string[] = [];
  const router = new ProviderSocketRouter({
    nodeId: 'a',
    holderOf: async () => undefined,
    openRelay: async (node, request) => {
      opened.push({ node, request });
      return undefined;
    },
    log: (_level, message) => logs.push(message),
    ...deps,
  });
  const server: Server = createServer();
  const handled: boolean[] = [];
  server.on('upgrade', (request, socket, head) => {
    const routed = router.route(request, socket, head, () => {
      local.push(request.url ?? '');
      refuseUpgrade(socket, 404);
    });
    handled.push(routed);
    if (!routed) refuseUpgrade(socket, 400);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(async () => {
    router.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const port = (server.address() as { port: number }).port;
  /** Opens a socket on `path`: its status when refused, 101 when it opened, 0 when dropped. */
  const connect = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; ws?: WebSocket }>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
      ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
      ws.on('open', () => resolve({ status: 101, ws }));
      ws.on('error', () => resolve({ status: 0 }));
    });
  return { router, opened, logs, local, handled, connect };
}

describe('ProviderSocketRouter', () => {
  it('leaves any other upgrade alone', async () => {
    const s = await serve({});
    expect((await s.connect('/api/v1/socket')).status).toBe(400);
    expect(s.handled).toEqual([false]);
  });

  it('serves here when this node owns the room, when nobody does, or when the owner cannot be looked up', async () => {
    let holder: () => Promise<string | undefined> = async () => 'a';
    const s = await serve({ holderOf: () => holder() });
    expect((await s.connect('/api/v1/calls/media/room1')).status).toBe(404);
    holder = async () => undefined;
    expect((await s.connect('/api/v1/meeting-bot/audio?token=t&room=room2')).status).toBe(404);
    holder = () => Promise.reject(new Error('database gone'));
    expect((await s.connect('/api/v1/calls/media/room3')).status).toBe(404);
    expect(s.local).toEqual([
      '/api/v1/calls/media/room1',
      '/api/v1/meeting-bot/audio?token=t&room=room2',
      '/api/v1/calls/media/room3',
    ]);
    expect(s.logs).toEqual(['could not look up the owner of a provider socket’s conversation']);
    expect(s.opened).toEqual([]);
  });

  it('asks the owner with the handshake, and refuses 401 when it does not accept', async () => {
    const s = await serve({ holderOf: async () => 'b' });
    const answer = await s.connect('/api/v1/calls/media/room1', { 'x-twilio-signature': 'sig' });
    expect(answer.status).toBe(401);
    expect(s.opened).toHaveLength(1);
    expect(s.opened[0]!.node).toBe('b');
    expect(s.opened[0]!.request).toMatchObject({
      roomId: 'room1',
      address: '127.0.0.1',
      kind: 'phone-media',
      url: '/api/v1/calls/media/room1',
      signature: 'sig',
    });
    expect(s.local).toEqual([]);
  });

  it('relays the socket once the owner accepts it', async () => {
    const attached: WebSocket[] = [];
    const early: unknown[] = [];
    const relay: RelayLink = {
      attach: (ws, messages) => {
        attached.push(ws);
        early.push(...messages);
      },
      abandon: () => undefined,
    };
    const s = await serve({ holderOf: async () => 'b', openRelay: async () => relay });
    const answer = await s.connect('/api/v1/meeting-bot/audio?token=t&room=room2');
    expect(answer.status).toBe(101);
    expect(attached).toHaveLength(1);
    expect(early).toEqual([]);
    answer.ws!.close();
  });

  it('drops the upgrade when relaying fails', async () => {
    const s = await serve({
      holderOf: async () => 'b',
      openRelay: () => Promise.reject(new Error('NATS is closed')),
    });
    expect((await s.connect('/api/v1/calls/media/room1')).status).toBe(0);
    expect(s.logs).toEqual(['a provider socket could not be relayed']);
  });
});
