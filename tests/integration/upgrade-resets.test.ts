/**
 * Issue 32 (N-6, critical): a WebSocket upgrade that the client resets or closes, on any upgrade
 * path, must not end the server. Before, the refusal was written on a socket with no error
 * listener: one unauthenticated request with a reset ended the process, and behind HAProxy an
 * ordinary close was enough.
 *
 * Each server here is its own process (as in production: an error nobody handles ends it), once
 * standing alone and once as a cluster node (whose provider sockets wait for the room's owner,
 * and whose socket count per address is asked of Redis), each reached directly and through
 * HAProxy. Every upgrade path meets every way a client can leave (scripts/lib/upgrade-endings.ts);
 * then the server must still be running and answer its health check, with every error counted
 * and none reaching the process (hearken_unexpected_errors_total).
 *
 * The cluster node counts sockets per address in a Redis of its own (the machine's is shared
 * with other runs, whose sockets from 127.0.0.1 would count against this test's small limit).
 *
 * Ports: 7661-7664 (docs/testing.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess, spawn } from 'node:child_process';
import WebSocket from 'ws';
import { API, METRICS_PATH } from '../../src/shared/api';
import { SOCKET_PATH } from '../../src/shared/protocol';
import { type ServerProcess, startServerProcess } from '../../scripts/lib/server-process';
import { type ClusterNodeProcess, startClusterNode, stopClusterNode } from '../../scripts/lib/cluster-nodes';
import {
  CLIENT_ENDINGS,
  UPGRADE_PATHS,
  type UpgradeAttempt,
  upgradeAndLeave,
} from '../../scripts/lib/upgrade-endings';
import { startProxyTo } from '../helpers/cluster-harness';
import { adminQuery, testDatabase } from '../helpers/test-postgres';
import { randomId } from '../../src/shared/ids';

const PORTS = { standaloneProxy: 7661, node: 7662, nodeProxy: 7663, redis: 7664 };
/** Sockets one address may hold: the held ones fill it, so `/ws` answers 429 after. */
const SOCKETS_PER_ADDRESS = 3;
const SERVER_ENV = {
  HEARKEN_SOCKETS_PER_ADDRESS: String(SOCKETS_PER_ADDRESS),
  // Held sockets say nothing: they must not be closed for it during the test.
  HEARKEN_CONNECT_TIMEOUT_MS: '600000',
  HEARKEN_SPEECH_WORKERS: '1',
  HEARKEN_TIER_BASIC: 'pocketsphinx',
  HEARKEN_TIER_PREMIUM: 'pocketsphinx',
};

/**
 * What an upgrade on each path may be answered, whoever is in front: the caption socket is taken,
 * or refused while this address holds SOCKETS_PER_ADDRESS of them (the attempts run at once).
 */
function expectedStatuses(path: string): number[] {
  if (path === SOCKET_PATH) return [101, 429];
  if (path === '/no-such-socket') return [404];
  return [401];
}

async function health(url: string): Promise<number> {
  const response = await fetch(`${url}${API.health}`);
  return response.status;
}

/** A metric's value (summed over its labels) as the server counts it now, read on loopback. */
async function metric(url: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${url}${METRICS_PATH}`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (labels && !line.includes(labels)) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/** Every path, every ending, `rounds` times; the attempts in a round run at once. */
async function everyWayOfLeaving(url: string, rounds: number, paths: readonly string[] = UPGRADE_PATHS) {
  const attempts: UpgradeAttempt[] = [];
  for (let round = 0; round < rounds; round++) {
    const batch = paths.flatMap((path) => CLIENT_ENDINGS.map((ending) => upgradeAndLeave(url, path, ending)));
    attempts.push(...(await Promise.all(batch)));
  }
  return attempts;
}

/** Sockets open on `/ws` from this address, up to the limit, until closed. */
async function holdSockets(url: string, count: number): Promise<WebSocket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${SOCKET_PATH}`);
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
}

interface Target {
  name: string;
  /** Where the client connects (the server, or HAProxy in front of it). */
  url(): string;
  /** The server itself: its health and metrics are read there. */
  serverUrl(): string;
  alive(): boolean;
}

function describeTarget(target: Target): void {
  describe(target.name, () => {
    it('stays up whichever way a client leaves an upgrade, on every path', async () => {
      const before = await metric(target.serverUrl(), 'hearken_upgrades_refused_total');
      const attempts = await everyWayOfLeaving(target.url(), 3);
      // The answers that arrived are the right ones: the path was reached and refused (or taken).
      const answered = attempts.filter((a) => a.ending.endsWith('after-answer'));
      for (const a of answered) expect(expectedStatuses(a.path), `${a.path} ${a.ending}`).toContain(a.status);
      expect(target.alive()).toBe(true);
      expect(await health(target.url())).toBe(200);
      expect(await metric(target.serverUrl(), 'hearken_upgrades_refused_total')).toBeGreaterThan(before);
      expect(await metric(target.serverUrl(), 'hearken_unexpected_errors_total')).toBe(0);
    }, 60_000);

    it('stays up when the caption socket is refused for too many sockets (429)', async () => {
      const held = await holdSockets(target.serverUrl(), SOCKETS_PER_ADDRESS);
      try {
        const attempts = await everyWayOfLeaving(target.url(), 3, [SOCKET_PATH]);
        for (const a of attempts.filter((x) => x.ending.endsWith('after-answer')))
          expect(a.status, a.ending).toBe(429);
        expect(target.alive()).toBe(true);
        expect(await health(target.url())).toBe(200);
        expect(
          await metric(target.serverUrl(), 'hearken_upgrades_refused_total', 'status="429"'),
        ).toBeGreaterThan(0);
        expect(await metric(target.serverUrl(), 'hearken_unexpected_errors_total')).toBe(0);
      } finally {
        for (const ws of held) ws.close();
      }
    }, 60_000);
  });
}

describe('a server standing alone', () => {
  let server: ServerProcess | undefined;
  let proxy: ChildProcess | undefined;
  let exited = false;

  beforeAll(async () => {
    server = await startServerProcess(SERVER_ENV);
    const pid = server.pid;
    exited = false;
    const probe = setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch {
        exited = true;
      }
    }, 100);
    probe.unref();
    proxy = await startProxyTo(PORTS.standaloneProxy, [
      { name: 'alone', port: Number(new URL(server.url).port) },
    ]);
  }, 150_000);

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    await server?.stop();
  });

  const alive = () => !exited;
  describeTarget({ name: 'reached directly', url: () => server!.url, serverUrl: () => server!.url, alive });
  describeTarget({
    name: 'behind HAProxy',
    url: () => `http://127.0.0.1:${PORTS.standaloneProxy}`,
    serverUrl: () => server!.url,
    alive,
  });
});

describe('a cluster node', () => {
  const database = testDatabase('upgrade_resets');
  let node: ClusterNodeProcess | undefined;
  let proxy: ChildProcess | undefined;
  let redis: ChildProcess | undefined;

  beforeAll(async () => {
    redis = spawn(
      'redis-server',
      ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await adminQuery(`CREATE DATABASE ${database.name}`);
    node = await startClusterNode({
      nodeId: `upgrade-resets-${randomId(6)}`,
      port: PORTS.node,
      databaseUrl: database.url,
      env: { ...SERVER_ENV, HEARKEN_CLUSTER_REDIS_URL: `redis://127.0.0.1:${PORTS.redis}` },
    });
    proxy = await startProxyTo(PORTS.nodeProxy, [{ name: 'node', port: PORTS.node }]);
  }, 150_000);

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    if (node) await stopClusterNode(node);
    redis?.kill('SIGTERM');
    await adminQuery(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
  });

  const alive = () => node !== undefined && node.child.exitCode === null && node.child.signalCode === null;
  describeTarget({ name: 'reached directly', url: () => node!.url, serverUrl: () => node!.url, alive });
  describeTarget({
    name: 'behind HAProxy',
    url: () => `http://127.0.0.1:${PORTS.nodeProxy}`,
    serverUrl: () => node!.url,
    alive,
  });
});
