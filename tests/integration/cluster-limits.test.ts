/**
 * Limits in cluster mode are counted across the nodes (real Redis, NATS and PostgreSQL): a rate
 * limit's allowance given by one node is gone for the others, and without Redis a node still
 * limits on its own; open sockets per address are one count across the nodes, a dead node's
 * sockets stop counting within their expiry, and a relayed socket counts once; the rooms an
 * identity hosts at once are counted on every node, a dead node's rooms neither forever nor
 * twice once taken over.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/shared/protocol';
import { randomId } from '../../src/shared/ids';
import { RedisConnection } from '../../src/server/cluster/redis';
import { SharedLimiter } from '../../src/server/cluster/shared-limits';
import { RedisSocketCountStore, socketCountKey } from '../../src/server/cluster/redis-socket-counts';
import { SOCKET_COUNT_TTL_LEASES } from '../../src/server/cluster/node';
import { type ClusterNodeProcess, stopClusterNode } from '../../scripts/lib/cluster-nodes';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { inviteToken } from '../helpers/outage-conversation';
import { clusterNodeNames, startThreeNodes } from '../helpers/cluster-harness';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const REDIS_URL = process.env.HEARKEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function connected(redis: RedisConnection): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await redis.command(['PING'])) === 'PONG') return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('shared rate limits', () => {
  const nodeA = new RedisConnection(new URL(REDIS_URL));
  const nodeB = new RedisConnection(new URL(REDIS_URL));
  afterAll(() => {
    nodeA.close();
    nodeB.close();
  });

  it('count one allowance across nodes', async () => {
    await Promise.all([connected(nodeA), connected(nodeB)]);
    const name = `test-${randomId(8)}`;
    // A slow refill: the burst is what the test spends.
    const limit = { ratePerSecond: 0.001, burst: 4 };
    const a = new SharedLimiter(nodeA, name, limit, () => {});
    const b = new SharedLimiter(nodeB, name, limit, () => {});
    const taken = [
      await a.take('address:10.0.0.1'),
      await b.take('address:10.0.0.1'),
      await a.take('address:10.0.0.1'),
    ];
    expect(taken).toEqual([true, true, true]);
    expect(await b.take('address:10.0.0.1', 2)).toBe(false);
    expect(await b.take('address:10.0.0.1')).toBe(true);
    expect(await a.take('address:10.0.0.1')).toBe(false);
    // Another address has its own allowance.
    expect(await b.take('address:10.0.0.2')).toBe(true);
  });

  it('fall back to the node’s own count when Redis cannot be reached', async () => {
    const down = new RedisConnection(new URL('redis://127.0.0.1:1'));
    const warnings: string[] = [];
    const limiter = new SharedLimiter(down, 'x', { ratePerSecond: 0.001, burst: 1 }, (m) => warnings.push(m));
    expect(await limiter.take('k')).toBe(true);
    expect(await limiter.take('k')).toBe(false);
    expect(warnings).toHaveLength(1);
    down.close();
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('socket counts in Redis', () => {
  const redis = new RedisConnection(new URL(REDIS_URL));
  afterAll(() => redis.close());

  it('admit on the nodes’ live entries together, and forget a node that stopped writing', async () => {
    await connected(redis);
    const address = `test-${randomId(8)}`;
    const ttlMs = 600;
    const a = new RedisSocketCountStore(redis, 'a', ttlMs);
    const b = new RedisSocketCountStore(redis, 'b', ttlMs);
    expect(await a.admit(address, 1, 3)).toBe(true);
    expect(await a.admit(address, 2, 3)).toBe(true);
    expect(await b.admit(address, 2, 3)).toBe(false);
    expect(await b.admit(address, 1, 3)).toBe(true);
    expect(await a.admit(address, 3, 3)).toBe(false);
    // A node's write is its whole count: a down to one leaves room for b's second.
    await a.record([[address, 1]]);
    expect(await b.admit(address, 2, 3)).toBe(true);
    expect(await redis.command(['PTTL', socketCountKey(address)])).toBeLessThanOrEqual(ttlMs);
    // a stops writing (dead); b keeps refreshing its own.
    await sleep(ttlMs / 2);
    await b.record([[address, 2]]);
    expect(await b.admit(address, 3, 3)).toBe(false);
    await sleep(ttlMs / 2 + 100);
    expect(await b.admit(address, 3, 3)).toBe(true);
    expect(await redis.command(['HEXISTS', socketCountKey(address), 'a'])).toBe(0);
    // The last node's count at zero leaves nothing behind.
    await b.record([[address, 0]]);
    expect(await redis.command(['EXISTS', socketCountKey(address)])).toBe(0);
  });
});

const { name: database, url: databaseUrl } = testDatabase('hearken_climits');
const PORTS = { a: 7631, b: 7632, c: 7633 };
const LEASE_TTL_MS = 1000;
const SOCKET_TTL_MS = LEASE_TTL_MS * SOCKET_COUNT_TTL_LEASES;

/** A made-up client address (the nodes trust X-Forwarded-For from 127.0.0.1), new per run. */
const anAddress = () =>
  `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

/** A socket opened (nothing sent), or the HTTP status it was refused with. */
function openSocket(baseUrl: string, address: string): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + SOCKET_PATH, {
      headers: { 'x-forwarded-for': address },
    });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (request, response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    ws.once('error', reject);
  });
}

async function closeSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === ws.CLOSED) return;
  await new Promise<void>((done) => {
    ws.once('close', () => done());
    ws.close();
  });
}

async function until<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

describe('limits counted across three cluster nodes', () => {
  const nodes: Partial<Record<'a' | 'b' | 'c', ClusterNodeProcess>> = {};
  const opened: WebSocket[] = [];
  const clients: CaptionClient[] = [];

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const env = {
      HEARKEN_SOCKETS_PER_ADDRESS: '3',
      HEARKEN_LIVE_ROOMS_PER_IDENTITY: '2',
      HEARKEN_CLUSTER_LEASE_TTL_MS: String(LEASE_TTL_MS),
      HEARKEN_TRUST_PROXY: '127.0.0.1',
    };
    await startThreeNodes({ names: clusterNodeNames('limits'), ports: PORTS, databaseUrl, env, nodes });
  }, 120_000);

  afterAll(async () => {
    for (const ws of opened) ws.terminate();
    for (const client of clients) client.ws.terminate();
    await Promise.all(Object.values(nodes).map((n) => stopClusterNode(n)));
    await admin(`drop database if exists ${database} with (force)`);
  });

  const socket = async (baseUrl: string, address: string) => {
    const result = await openSocket(baseUrl, address);
    if (typeof result !== 'number') opened.push(result);
    return result;
  };

  it('counts open sockets per address once across the nodes, relayed ones where they landed', async () => {
    const { a, b, c } = nodes as Record<'a' | 'b' | 'c', ClusterNodeProcess>;
    const address = anAddress();
    const headers = { 'x-forwarded-for': address };
    // A host on A, and a reader on B whose socket B relays to A: two sockets, not three.
    const host = await createGuest(a.url, 'Ada Host');
    const hostClient = await CaptionClient.connect(a.url, { user: host, headers });
    clients.push(hostClient);
    const reader = await CaptionClient.connect(b.url, {
      user: await createGuest(b.url, 'Bo Reader'),
      roomId: hostClient.roomId,
      token: inviteToken(hostClient),
      headers,
    });
    clients.push(reader);
    const third = await socket(c.url, address);
    expect(third).toBeInstanceOf(WebSocket);
    // The fourth, wherever it lands.
    for (const node of [a, b, c]) expect(await socket(node.url, address)).toBe(429);
    // Another address is not affected.
    expect(await socket(a.url, anAddress())).toBeInstanceOf(WebSocket);

    // One closes on B: one more may open (on C), once B has said so.
    await closeSocket(reader.ws);
    const fourth = await until(
      'a socket is admitted after one closed',
      async () => {
        const r = await socket(c.url, address);
        return typeof r === 'number' ? undefined : r;
      },
      5000,
    );
    expect(fourth).toBeInstanceOf(WebSocket);
    expect(await socket(b.url, address)).toBe(429);

    // C dies with two of the address's sockets: they count until their entries expire, not after.
    c.child.kill('SIGKILL');
    const killedAt = Date.now();
    await c.exited;
    expect(await socket(a.url, address)).toBe(429);
    await until(
      'the dead node’s sockets stop counting',
      async () => {
        const r = await socket(a.url, address);
        return typeof r === 'number' ? undefined : r;
      },
      SOCKET_TTL_MS + 3000,
    );
    const freedAfterMs = Date.now() - killedAt;
    expect(freedAfterMs).toBeLessThanOrEqual(SOCKET_TTL_MS + 1500);
    // A has the host and the new one: a third, then no more.
    expect(await socket(b.url, address)).toBeInstanceOf(WebSocket);
    expect(await socket(a.url, address)).toBe(429);
    console.log(
      `a killed node's sockets stopped counting after ${freedAfterMs} ms (expiry ${SOCKET_TTL_MS} ms)`,
    );
  }, 60_000);

  it('counts the conversations an identity hosts on every node, a dead node’s neither forever nor twice', async () => {
    const { a, b } = nodes as Record<'a' | 'b' | 'c', ClusterNodeProcess>;
    const host = await createGuest(a.url, 'Cy Host');
    // Each socket from its own address: the socket limit is not what this test meets.
    const connect = async (url: string, roomId?: string) => {
      const client = await CaptionClient.connect(url, {
        user: host,
        headers: { 'x-forwarded-for': anAddress() },
        ...(roomId ? { roomId } : {}),
      });
      clients.push(client);
      return client;
    };
    await connect(a.url);
    const second = await connect(b.url);
    await expect(connect(a.url)).rejects.toThrow(/you already host 2 conversations/);

    // B dies: its conversation counts until its lease lapses, then no more.
    b.child.kill('SIGKILL');
    await b.exited;
    const third = await until(
      'the dead node’s conversation stops counting',
      async () => {
        try {
          return await connect(a.url);
        } catch (error) {
          expect((error as Error).message).toMatch(/you already host 2 conversations/);
          return undefined;
        }
      },
      LEASE_TTL_MS * 3 + 3000,
    );
    expect(third.roomId).not.toBe(second.roomId);
    // The host comes back to B's conversation through A, which takes it over: three, not four.
    const back = await connect(a.url, second.roomId);
    expect(back.received.some((r) => r.message.type === 'room-status')).toBe(true);
    await expect(connect(a.url)).rejects.toThrow(/you already host 3 conversations/);
  }, 60_000);
});
