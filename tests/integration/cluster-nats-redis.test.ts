/**
 * The cluster over the official NATS and Redis clients, each server of this file's own and
 * protected by a password (a real nats-server with a user, a real redis-server with
 * requirepass): the clients authenticate, run the limits' Lua scripts, survive NATS's restart
 * (counted), and take the next server of a list whose first is down; two nodes relay a room
 * and share a socket limit through them, and say so in their metrics; a wrong password, or a
 * server nobody answers at, makes a node refuse to start with a message naming which, at once
 * rather than never.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../../src/shared/ids';
import { SOCKET_PATH } from '../../src/shared/protocol';
import { tmpdir } from 'node:os';
import { NatsConnection, NatsStartError, NatsTimeout } from '../../src/server/cluster/nats';
import { clusterNameOf } from '../../src/server/cluster/cluster-name';
import { openDatabase } from '../../src/server/db/connect';
import { RedisConnection, RedisStartError } from '../../src/server/cluster/redis';
import { SharedLimiter } from '../../src/server/cluster/shared-limits';
import { type ClusterNodeProcess, startClusterNode, stopClusterNode } from '../../scripts/lib/cluster-nodes';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import WebSocket from 'ws';
import { inviteToken } from '../helpers/outage-conversation';
import { portAnswers } from '../helpers/ports';
import { clusterNodeNames } from '../helpers/cluster-harness';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const PORTS = { nats: 7701, redis: 7702, a: 7703, b: 7706, refused: 7705, natsDown: 7719 };
const PASSWORD = `pw-${randomId(12)}`;
const NATS = `nats://hearken:${PASSWORD}@127.0.0.1:${PORTS.nats}`;
const REDIS = { url: `redis://127.0.0.1:${PORTS.redis}`, password: PASSWORD };
const quiet = () => {};

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let nats: ChildProcess | undefined;
let redis: ChildProcess | undefined;

function startNats(): ChildProcess {
  return spawn(
    'nats-server',
    ['-a', '127.0.0.1', '-p', String(PORTS.nats), '--user', 'hearken', '--pass', PASSWORD],
    { stdio: 'ignore' },
  );
}

async function stopped(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  nats = startNats();
  redis = spawn(
    'redis-server',
    [
      '--port',
      String(PORTS.redis),
      '--bind',
      '127.0.0.1',
      '--requirepass',
      PASSWORD,
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: 'ignore' },
  );
  await until('NATS and Redis answer', async () =>
    (
      await Promise.all([
        portAnswers(`nats://127.0.0.1:${PORTS.nats}`),
        portAnswers(`redis://127.0.0.1:${PORTS.redis}`),
      ])
    ).every(Boolean),
  );
});

afterAll(async () => {
  await Promise.all([stopped(nats), stopped(redis)]);
});

describe('NATS with a password, through the official client', () => {
  it('takes the next server when the first of the list is down, and relays', async () => {
    const list = `nats://127.0.0.1:${PORTS.natsDown},${NATS}`;
    const a = await NatsConnection.connect(list, 'test-a', quiet);
    const b = await NatsConnection.connect(list, 'test-b', quiet);
    try {
      const subject = `test.${randomId(8)}`;
      b.subscribe(subject, (m) => {
        if (m.replyTo) b.publish(m.replyTo, `echo ${m.data.toString()}`);
      });
      await b.flush();
      expect((await a.request(subject, 'hello', 2000)).toString()).toBe('echo hello');
      // Nobody listens: NATS says so, and it is the relay's "no answer", not a hang.
      const started = Date.now();
      await expect(a.request(`test.${randomId(8)}`, 'x', 5000)).rejects.toBeInstanceOf(NatsTimeout);
      expect(Date.now() - started).toBeLessThan(5000);
      // Out: the two requests; in: the answer and NATS's "no responders" status.
      expect(a.counts()).toMatchObject({ messagesOut: 2, messagesIn: 2, reconnects: 0 });
      // The relay's measure of a slow link: what is not yet on the wire. A message waits for
      // the client's next write; a burst to a NATS that stopped reading waits in the socket.
      a.publish(`test.${randomId(8)}`, Buffer.alloc(100));
      expect(a.bufferedBytes).toBeGreaterThanOrEqual(100);
      await a.flush();
      expect(a.bufferedBytes).toBe(0);
      nats!.kill('SIGSTOP');
      try {
        const frame = Buffer.alloc(64 * 1024);
        for (let i = 0; i < 256; i++) a.publish(`test.${randomId(8)}`, frame);
        await new Promise((r) => setTimeout(r, 100));
        expect(a.bufferedBytes).toBeGreaterThan(1024 * 1024);
      } finally {
        nats!.kill('SIGCONT');
      }
      await a.flush();
      expect(a.bufferedBytes).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('reconnects when NATS restarts, counts it, and its subscriptions carry on', async () => {
    const a = await NatsConnection.connect(NATS, 'test-restart', quiet);
    try {
      const subject = `test.${randomId(8)}`;
      const heard: string[] = [];
      a.subscribe(subject, (m) => heard.push(m.data.toString()));
      await stopped(nats);
      await until('the client sees NATS gone', () => !a.isConnected);
      nats = startNats();
      await until('the client is back', () => a.isConnected, 15_000);
      expect(a.counts().reconnects).toBe(1);
      a.publish(subject, 'after');
      await until('a message after the restart arrives', () => heard.includes('after'));
    } finally {
      await a.close();
    }
  }, 30_000);

  it('refuses a wrong password, or no server, at once and saying which', async () => {
    const wrong = NATS.replace(PASSWORD, 'wrong');
    let started = Date.now();
    await expect(NatsConnection.connect(wrong, 'test-wrong', quiet)).rejects.toThrow(
      /^NATS \(nats:\/\/127\.0\.0\.1:7701\): authentication failed/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    started = Date.now();
    const error = await NatsConnection.connect(`nats://127.0.0.1:${PORTS.natsDown}`, 'x', quiet).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NatsStartError);
    expect((error as Error).message).toMatch(/NATS .*no server could be reached/);
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

describe('two clusters sharing one NATS server', () => {
  it("each node hears its own cluster's subjects only, replies included", async () => {
    const one = await NatsConnection.connect(NATS, 'one-a', quiet, 'one');
    const oneToo = await NatsConnection.connect(NATS, 'one-b', quiet, 'one');
    const two = await NatsConnection.connect(NATS, 'two-a', quiet, 'two');
    const plain = await NatsConnection.connect(NATS, 'plain', quiet);
    try {
      const heard = { oneToo: [] as string[], two: [] as string[], plain: [] as string[] };
      oneToo.subscribe('hearken.speech.load', (m) => heard.oneToo.push(`${m.subject} ${m.data}`));
      two.subscribe('hearken.speech.load', (m) => heard.two.push(m.data.toString()));
      plain.subscribe('hearken.>', (m) => heard.plain.push(m.subject));
      // A reply subject of our own (the HTTP relay's inboxes) goes back scoped, and comes back.
      oneToo.subscribe('hearken.cluster.ask', (m) => {
        if (m.replyTo) oneToo.publish(m.replyTo, `answer to ${m.data}`);
      });
      const answers: string[] = [];
      one.subscribe('hearken.cluster.http-reply.x1', (m) => answers.push(m.data.toString()));
      await Promise.all([oneToo.flush(), two.flush(), plain.flush(), one.flush()]);

      one.publish('hearken.speech.load', 'from one');
      one.publish('hearken.cluster.ask', 'q', 'hearken.cluster.http-reply.x1');
      // The client's own request inboxes pass through unscoped.
      expect((await one.request('hearken.cluster.ask', 'r', 2000)).toString()).toBe('answer to r');
      await until('the answer to the scoped reply subject arrives', () => answers.length === 1);
      await one.flush();
      await oneToo.flush();

      expect(heard.oneToo).toEqual(['hearken.speech.load from one']);
      expect(answers).toEqual(['answer to q']);
      expect(heard.two).toEqual([]);
      // On the wire, the subjects carry the cluster's name.
      expect(heard.plain).toContain('hearken.one.speech.load');
      expect(heard.plain).not.toContain('hearken.speech.load');
    } finally {
      await Promise.all([one.close(), oneToo.close(), two.close(), plain.close()]);
    }
  });

  it('names a cluster by its database: every node of one database gets the same name, another database another', async () => {
    const first = testDatabase('hearken_cname');
    const second = testDatabase('hearken_cname');
    await admin(`create database ${first.name}`);
    await admin(`create database ${second.name}`);
    const a = await openDatabase({ dataDir: tmpdir(), databaseUrl: first.url });
    const b = await openDatabase({ dataDir: tmpdir(), databaseUrl: second.url });
    try {
      const [nodeA1, nodeA2] = await Promise.all([
        clusterNameOf(a.db, undefined),
        clusterNameOf(a.db, undefined),
      ]);
      expect(nodeA1).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(nodeA2).toBe(nodeA1);
      expect(await clusterNameOf(a.db, undefined)).toBe(nodeA1);
      expect(await clusterNameOf(b.db, undefined)).not.toBe(nodeA1);
      // An operator's name wins.
      expect(await clusterNameOf(a.db, 'staging')).toBe('staging');
    } finally {
      await a.close();
      await b.close();
      await admin(`drop database if exists ${first.name} with (force)`);
      await admin(`drop database if exists ${second.name} with (force)`);
    }
  });
});

describe('Redis with requirepass, through the official client', () => {
  it('runs the shared limits’ script with the password', async () => {
    const connection = await RedisConnection.connect(REDIS);
    try {
      const name = `test-${randomId(8)}`;
      const warnings: string[] = [];
      const limiter = new SharedLimiter(connection, name, { ratePerSecond: 0.001, burst: 2 }, (m) =>
        warnings.push(m),
      );
      expect([await limiter.take('k'), await limiter.take('k'), await limiter.take('k')]).toEqual([
        true,
        true,
        false,
      ]);
      // Counted in Redis, not on this node.
      expect(await connection.command(['EXISTS', `hearken:limit:${name}:k`])).toBe(1);
      expect(warnings).toEqual([]);
    } finally {
      connection.close();
    }
  });

  it("keeps each cluster's limits apart in one Redis", async () => {
    const one = await RedisConnection.connect(REDIS, 'one');
    const two = await RedisConnection.connect(REDIS, 'two');
    try {
      const name = `test-${randomId(8)}`;
      const limiterOf = (connection: RedisConnection) =>
        new SharedLimiter(connection, name, { ratePerSecond: 0.001, burst: 1 }, () => {});
      const [a, b] = [limiterOf(one), limiterOf(two)];
      // The same key, one token each: cluster two's first take is not spent by cluster one's.
      expect([await a.take('k'), await a.take('k'), await b.take('k')]).toEqual([true, false, true]);
      expect(await one.command(['EXISTS', `hearken:one:limit:${name}:k`])).toBe(1);
      expect(await one.command(['EXISTS', `hearken:two:limit:${name}:k`])).toBe(1);
      expect(await one.command(['EXISTS', `hearken:limit:${name}:k`])).toBe(0);
    } finally {
      one.close();
      two.close();
    }
  });

  it('refuses a wrong or missing password, or no server, at once and saying which', async () => {
    // Each within the client's connection timeout (5 s), whatever else the machine is doing.
    const refused = async (settings: { url: string; password?: string }) => {
      const started = Date.now();
      const error = await RedisConnection.connect(settings).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedisStartError);
      expect(Date.now() - started).toBeLessThan(5000);
      return (error as Error).message;
    };
    expect(await refused({ ...REDIS, password: 'wrong' })).toMatch(
      /^Redis \(redis:\/\/127\.0\.0\.1:7702\): authentication failed/,
    );
    expect(await refused({ url: REDIS.url })).toMatch(/authentication failed/);
    expect(await refused({ url: `redis://127.0.0.1:${PORTS.natsDown}` })).toMatch(/cannot be reached/);
  });
});

describe('two cluster nodes through NATS and Redis with passwords', () => {
  const { name: database, url: databaseUrl } = testDatabase('hearken_cauth');
  const names = clusterNodeNames('auth');
  const nodes: ClusterNodeProcess[] = [];
  const clients: CaptionClient[] = [];
  const sockets: WebSocket[] = [];
  const env = {
    // The first server of the list is down: every node starts on the second.
    HEARKEN_CLUSTER_NATS_URL: `nats://127.0.0.1:${PORTS.natsDown},nats://127.0.0.1:${PORTS.nats}`,
    HEARKEN_CLUSTER_NATS_USER: 'hearken',
    HEARKEN_CLUSTER_NATS_PASSWORD: PASSWORD,
    HEARKEN_CLUSTER_REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:${PORTS.redis}`,
    HEARKEN_SOCKETS_PER_ADDRESS: '2',
    HEARKEN_TRUST_PROXY: '127.0.0.1',
  };

  beforeAll(async () => {
    await admin(`create database ${database}`);
    nodes.push(await startClusterNode({ nodeId: names.a, port: PORTS.a, databaseUrl, env }));
    nodes.push(await startClusterNode({ nodeId: names.b, port: PORTS.b, databaseUrl, env }));
  }, 300_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    for (const client of clients) await client.close();
    await Promise.all(nodes.map((n) => stopClusterNode(n)));
    await admin(`drop database if exists ${database} with (force)`);
  });

  it('relays a room and counts one socket limit across the nodes, and counts NATS traffic', async () => {
    const [a, b] = nodes as [ClusterNodeProcess, ClusterNodeProcess];
    const address = `10.${Math.floor(Math.random() * 250) + 1}.7.7`;
    const headers = { 'x-forwarded-for': address };
    const host = await CaptionClient.connect(a.url, { user: await createGuest(a.url, 'Ada Host'), headers });
    clients.push(host);
    // The reader reaches B, which relays the socket to A through NATS.
    const reader = await CaptionClient.connect(b.url, {
      user: await createGuest(b.url, 'Bo Reader'),
      roomId: host.roomId,
      token: inviteToken(host),
      headers,
    });
    clients.push(reader);
    reader.send({ type: 'typed-message', text: 'heard through NATS', lang: 'en-US' });
    for (const client of [host, reader])
      await client.waitFor(
        (m) => m.type === 'transcript' && m.transcript.texts['en-US'] === 'heard through NATS',
        10_000,
      );
    // The address has two sockets, one on each node: Redis says a third is one too many, anywhere.
    for (const node of [a, b]) {
      const status = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(node.url.replace(/^http/, 'ws') + SOCKET_PATH, { headers });
        sockets.push(ws);
        ws.once('open', () => resolve(101));
        ws.once('unexpected-response', (request, response) => {
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        ws.once('error', reject);
      });
      expect(status).toBe(429);
    }
    const metrics = await (await fetch(`${b.url}/metrics`)).text();
    const value = (line: RegExp) => Number(line.exec(metrics)?.[1] ?? NaN);
    expect(value(/^hearken_nats_messages_total\{direction="out"\} (\d+)$/m)).toBeGreaterThan(0);
    expect(value(/^hearken_nats_messages_total\{direction="in"\} (\d+)$/m)).toBeGreaterThan(0);
    expect(value(/^hearken_nats_reconnects_total (\d+)$/m)).toBe(0);
  }, 60_000);

  const refusal = async (more: Record<string, string>) => {
    const started = Date.now();
    const error = await startClusterNode({
      nodeId: `auth-refused-${randomId(6)}`,
      port: PORTS.refused,
      databaseUrl,
      env: { ...env, ...more },
    }).then(
      async (node) => {
        await stopClusterNode(node);
        return new Error('the node started');
      },
      (e: Error) => e,
    );
    return { message: error.message, ms: Date.now() - started };
  };

  it('a node with a wrong NATS password refuses to start, saying so', async () => {
    const { message, ms } = await refusal({ HEARKEN_CLUSTER_NATS_PASSWORD: 'wrong' });
    expect(message).toMatch(/Hearken could not start: NATS \(.*\): authentication failed/);
    // It ends, rather than waits: as long as a node takes to start on a busy machine, no more.
    expect(ms).toBeLessThan(90_000);
  }, 120_000);

  it('a node with a wrong Redis password refuses to start, saying so', async () => {
    const { message, ms } = await refusal({
      HEARKEN_CLUSTER_REDIS_URL: `redis://:wrong@127.0.0.1:${PORTS.redis}`,
    });
    expect(message).toMatch(
      /Hearken could not start: Redis \(redis:\/\/127\.0\.0\.1:7702\): authentication failed/,
    );
    expect(ms).toBeLessThan(90_000);
  }, 120_000);
});
