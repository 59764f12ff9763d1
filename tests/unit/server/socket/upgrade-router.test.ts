/**
 * The one upgrade listener (socket/upgrade-router.ts) on a real HTTP server with stand-in parts:
 * which path goes where, the caption socket counted per address (taken, 429, 503 when the count
 * cannot be had), counted down again when it closes, and 404 for a path nobody serves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Server, createServer } from 'node:http';
import WebSocket from 'ws';
import { SOCKET_PATH } from '../../../../src/shared/protocol';
import { attachUpgradeRouter, type UpgradeRouterDeps } from '../../../../src/server/socket/upgrade-router';
import { refuseUpgrade } from '../../../../src/server/safety/raw-sockets';
import { upgradeAndLeave } from '../../../../scripts/lib/upgrade-endings';

let server: Server | undefined;
let closeRouter: (() => void) | undefined;
afterEach(async () => {
  closeRouter?.();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

async function routed(overrides: Partial<UpgradeRouterDeps>) {
  const events: string[] = [];
  server = createServer();
  const router = attachUpgradeRouter(server, {
    providerPaths: [
      (request, socket) => {
        if (!request.url?.startsWith('/provider')) return false;
        events.push(`provider ${request.url}`);
        refuseUpgrade(socket, 401);
        return true;
      },
    ],
    sockets: {
      open: (address) => {
        events.push(`open ${address}`);
        return true;
      },
      close: (address) => events.push(`close ${address}`),
    },
    clientAddress: () => '10.0.0.9',
    accept: (ws, address, origin) => {
      events.push(`accept ${address} ${origin}`);
      ws.close(1000, 'done');
    },
    maxPayload: 1024,
    log: (_level, message) => events.push(`log ${message}`),
    ...overrides,
  });
  closeRouter = router.close;
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, events };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the upgrade router', () => {
  it('hands a provider path to its handler, and answers 404 for a path nobody serves', async () => {
    const { url, events } = await routed({});
    expect((await upgradeAndLeave(url, '/provider/x', 'close-after-answer')).status).toBe(401);
    expect((await upgradeAndLeave(url, '/elsewhere', 'close-after-answer')).status).toBe(404);
    expect(events).toEqual(['provider /provider/x']);
  });

  it('takes a caption socket counted for its address, and counts it down when it closes', async () => {
    const { url, events } = await routed({});
    const ws = new WebSocket(`${url.replace('http', 'ws')}${SOCKET_PATH}`, {
      headers: { Origin: 'https://a.example' },
    });
    await new Promise<void>((done) => ws.once('close', () => done()));
    await until(() => events.includes('close 10.0.0.9'));
    expect(events).toEqual(['open 10.0.0.9', 'accept 10.0.0.9 https://a.example', 'close 10.0.0.9']);
  });

  it('refuses 429 past the address’s limit, and 503 when the count cannot be had', async () => {
    const full = await routed({ sockets: { open: () => Promise.resolve(false), close: () => undefined } });
    expect((await upgradeAndLeave(full.url, SOCKET_PATH, 'close-after-answer')).status).toBe(429);
    closeRouter?.();
    await new Promise<void>((done) => server!.close(() => done()));
    const down = await routed({
      sockets: { open: () => Promise.reject(new Error('redis is down')), close: () => undefined },
    });
    expect((await upgradeAndLeave(down.url, SOCKET_PATH, 'close-after-answer')).status).toBe(503);
    expect(down.events).toContain('log could not count a socket across the cluster');
  });

  it('lets a cluster take a provider socket first, or serve it here', async () => {
    const { url, events } = await routed({
      routeProviderSocket: (request, _socket, _head, local) => {
        if (!request.url?.startsWith('/provider')) return false;
        events.push('cluster asked');
        local();
        return true;
      },
    });
    expect((await upgradeAndLeave(url, '/provider/y', 'close-after-answer')).status).toBe(401);
    expect(events).toEqual(['cluster asked', 'provider /provider/y']);
  });
});
