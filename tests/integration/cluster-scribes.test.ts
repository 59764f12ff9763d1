/**
 * The Scribe desk in a cluster (three nodes, one PostgreSQL database, NATS, HAProxy, the run's
 * Firebase Auth emulator): a host (an organisation's trial licence holder with Scribe credit)
 * whose room node A owns asks for a Scribe; the Scribe, through the one address (which leads to
 * B and C only), sees the request on the dashboard, accepts it (forwarded to A), joins the room
 * (relayed to A) and corrects a caption the host sees; their chat reaches the host; the dashboard
 * there lists it as served; the Scribe ends it (forwarded to A). The requester's Scribe credit is charged once per counted
 * second: what was taken is exactly the stored Scribe time, which is no more than the time served.
 * Then A dies while a second request is served: the node that takes the room over takes the
 * request up, counts on, and ends it when the Scribe asks.
 */
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../../src/shared/ids';
import { API } from '../../src/shared/api';
import { BUSINESS_API } from '../../src/shared/business-api';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import {
  SCRIBE_API,
  type AcceptScribeResponse,
  type ScribeDashboardResponse,
} from '../../src/shared/scribe/api';
import type { UserProfile } from '../../src/shared/user';
import { CaptionClient } from '../../scripts/lib/socket-client';
import { type ClusterNodeProcess, stopClusterNode } from '../../scripts/lib/cluster-nodes';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import { clusterNodeNames, startProxyTo, startThreeNodes } from '../helpers/cluster-harness';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const { name: database, url: databaseUrl } = testDatabase('hearken_cscribe');
const NODES = clusterNodeNames('scribes');
const PORTS = { a: 7641, b: 7642, c: 7643, proxy: 7644 };
const ADDRESS = `http://127.0.0.1:${PORTS.proxy}`;
const tag = randomId(6).toLowerCase();
const CREDIT_MS = 600_000;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Person {
  token: string;
  profile: UserProfile;
}

const scribeStatus = (status: string) => (m: ServerMessage) =>
  m.type === 'room-status-update' && m.reason === 'scribe-changed' && m.status.scribe?.status === status;

describe('the Scribe desk in a cluster', () => {
  const nodes: Partial<Record<'a' | 'b' | 'c', ClusterNodeProcess>> = {};
  const clients: CaptionClient[] = [];
  let proxy: ChildProcess | undefined;
  let db: pg.Client;
  let emulator: EmulatorClient;
  /** The first test's host, Scribe and room, which the second goes on with. */
  let host: Person;
  let scribe: Person;
  let hostClient: CaptionClient;

  beforeAll(async () => {
    const shared = await sharedAuthEmulator();
    emulator = new EmulatorClient(shared.url, shared.projectId);
    await admin(`create database ${database}`);
    const env = {
      FIREBASE_AUTH_EMULATOR_HOST: shared.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: shared.projectId,
      HEARKEN_SCRIBE_EMAILS: `sam-${tag}@example.com`,
    };
    // A first (it migrates the database), then the two behind the address.
    await startThreeNodes({ names: NODES, ports: PORTS, databaseUrl, env, nodes });
    proxy = await startProxyTo(PORTS.proxy, [
      { name: NODES.b, port: PORTS.b },
      { name: NODES.c, port: PORTS.c },
    ]);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 300_000);

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    proxy?.kill('SIGTERM');
    await Promise.all(Object.values(nodes).map((n) => stopClusterNode(n)));
    await db?.end();
    await admin(`drop database if exists ${database} with (force)`);
  });

  async function person(url: string, name: string): Promise<Person> {
    const signedIn = await emulator.verifiedUser(`${name}-${tag}@example.com`);
    const created = await api(url, `${API.usersMe}?channel=web-v2`, {
      method: 'PATCH',
      token: signedIn.idToken,
      body: { userName: name },
    });
    expect(created.status).toBe(200);
    return { token: signedIn.idToken, profile: created.body as UserProfile };
  }

  const owner = async (roomId: string) =>
    (
      await db.query<{ node: string }>(
        'select node from cluster_room_leases where room_id = $1 and expires_at > clock_timestamp()',
        [roomId],
      )
    ).rows[0]?.node;
  const scribeCredit = async (avaId: string) =>
    Number(
      (
        await db.query<{ c: string }>('select scribe_credit as c from user_credits where ava_id = $1', [
          avaId,
        ])
      ).rows[0]?.c,
    );
  const board = async (token: string) => {
    const answer = await api(ADDRESS, SCRIBE_API.requests, { token });
    expect(answer.status).toBe(200);
    return answer.body as ScribeDashboardResponse;
  };

  it('a request made on one node is seen, accepted, served and ended through the others, and charged once', async () => {
    // The host: an organisation's trial licence holder, with Scribe credit.
    host = await person(nodes.a!.url, 'hana');
    const org = await api(nodes.a!.url, BUSINESS_API.organization, {
      method: 'POST',
      token: host.token,
      body: { type: 'edu', name: `Scribe School ${tag}`, role: 'admin', size: '1-10' },
    });
    expect(org.status).toBe(201);
    const trial = await api(nodes.a!.url, BUSINESS_API.activateTrial, {
      method: 'POST',
      token: host.token,
      body: { avaId: host.profile.avaId, channel: 'web', planType: 'Pro' },
    });
    expect(trial.status).toBe(201);
    await db.query(
      `insert into user_credits (ava_id, scribe_credit, extra_premium_asr_credit, recurring_premium_asr_credit, updated_at_ms)
       values ($1, $2, 0, 0, $3)
       on conflict (ava_id) do update set scribe_credit = $2`,
      [host.profile.avaId, CREDIT_MS, Date.now()],
    );
    scribe = await person(ADDRESS, 'sam');
    expect(scribe.profile.features.scribe).toBe(true);

    // The host's room is node A's; they ask for a Scribe there.
    hostClient = await CaptionClient.connect(nodes.a!.url, {
      user: { avaId: host.profile.avaId, userName: 'Hana' },
      identityToken: host.token,
    });
    clients.push(hostClient);
    const roomId = hostClient.roomId;
    expect(await owner(roomId)).toBe(NODES.a);
    let mark = hostClient.received.length;
    hostClient.send({ type: 'request-scribe', correctionMode: 'fast' });
    const pending = await hostClient.waitFor(scribeStatus('pending'), 10_000, mark);
    const requestId = pending.type === 'room-status-update' ? pending.status.scribe!.requestId : '';

    // Through the address (B or C, never A), every node's dashboard lists it.
    for (let i = 0; i < 4; i++) {
      const waiting = (await board(scribe.token)).waiting.find((r) => r.id === requestId);
      expect(waiting).toMatchObject({ roomId, state: 'pending', requester: { avaId: host.profile.avaId } });
    }
    for (const node of [nodes.b!, nodes.c!]) {
      const answer = await api(node.url, SCRIBE_API.requests, { token: scribe.token });
      expect((answer.body as ScribeDashboardResponse).waiting.map((r) => r.id)).toContain(requestId);
    }

    // Accepted through the address: run by A, the room's owner.
    mark = hostClient.received.length;
    const accepted = await api(ADDRESS, SCRIBE_API.accept(requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(accepted.status).toBe(200);
    expect((accepted.body as AcceptScribeResponse).roomId).toBe(roomId);
    await hostClient.waitFor(scribeStatus('ongoing'), 10_000, mark);
    // A second accept, on the other node behind the address, finds it taken.
    const again = await api(nodes.c!.url, SCRIBE_API.accept(requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(await owner(roomId)).toBe(NODES.a);

    // The Scribe joins through the address (relayed to A) and corrects the host's line.
    const scribeClient = await CaptionClient.connect(ADDRESS, {
      user: { avaId: scribe.profile.avaId, userName: 'Sam' },
      identityToken: scribe.token,
      roomId,
      role: 'scribe',
    });
    clients.push(scribeClient);
    const servedFrom = Date.now();
    const succeeded = scribeClient.received.find((r) => r.message.type === 'connection-succeeded')!.message;
    expect(succeeded).toMatchObject({ role: 'scribe', readonly: false });
    hostClient.send({ type: 'typed-message', text: 'Hello from Hellstone.' });
    const line = (await scribeClient.waitFor(
      (m) => m.type === 'transcript' && m.transcript.isFinal,
      10_000,
    )) as ServerMessageOf<'transcript'>;
    mark = hostClient.received.length;
    scribeClient.send({
      type: 'transcript-edit',
      transcriptId: line.transcript.id,
      mutation: {
        id: 'sam-1',
        parent: line.transcript.version ?? 0,
        origin: 'human',
        type: 'insert',
        index: 0,
        text: '» ',
        lang: line.transcript.speechLang,
      },
    });
    const fixed = (await hostClient.waitFor(
      (m) =>
        m.type === 'transcript' && m.transcript.id === line.transcript.id && m.change?.mutationId === 'sam-1',
      10_000,
      mark,
    )) as ServerMessageOf<'transcript'>;
    expect(fixed.transcript.texts[fixed.transcript.speechLang]).toMatch(/^» /);

    // Their chat, written through the address, reaches the host on A.
    mark = hostClient.received.length;
    const begun = await api(ADDRESS, SCRIBE_API.beginChat, {
      method: 'POST',
      token: scribe.token,
      body: { avaId: host.profile.avaId, messageToUser: 'Hi, I am your Scribe today.' },
    });
    expect(begun.status).toBe(200);
    const chat = await hostClient.waitFor((m) => m.type === 'scribe-chat', 10_000, mark);
    expect(chat).toMatchObject({ message: { fromRole: 'scribe', text: 'Hi, I am your Scribe today.' } });

    // The dashboard, through the address, lists it as served by them.
    await until(
      'the dashboard shows the request served',
      async () =>
        (await board(scribe.token)).serving.some((r) => r.id === requestId && r.state === 'connected'),
      10_000,
    );
    // The credit counts down while they serve (one node's ticks).
    await until(
      'some Scribe time is charged',
      async () => (await scribeCredit(host.profile.avaId)) <= CREDIT_MS - 6000,
      20_000,
    );

    // Ended through the address: run by A, which closes the Scribe's connection.
    mark = hostClient.received.length;
    const ended = await api(ADDRESS, SCRIBE_API.end(requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(ended.status).toBe(200);
    const servedMs = Date.now() - servedFrom;
    await hostClient.waitFor(scribeStatus('ended'), 10_000, mark);
    expect((await board(scribe.token)).serving.some((r) => r.id === requestId)).toBe(false);
    const stored = (
      await db.query<{ state: string; scribe_seconds: string }>(
        'select state, scribe_seconds from scribe_requests where id = $1',
        [requestId],
      )
    ).rows[0]!;
    expect(stored.state).toBe('ended');
    const seconds = Number(stored.scribe_seconds);
    // A second spent is a second counted, by one node: two counting would take twice as much.
    const spent = CREDIT_MS - (await scribeCredit(host.profile.avaId));
    console.log(`Scribe served ${servedMs} ms; ${seconds} s counted; ${spent} ms of credit taken`);
    expect(seconds).toBeGreaterThanOrEqual(6);
    expect(seconds * 1000).toBeLessThanOrEqual(servedMs + 2000);
    expect(spent).toBe(seconds * 1000);
    // Nothing more is taken once it ended.
    await new Promise((r) => setTimeout(r, 2500));
    expect(CREDIT_MS - (await scribeCredit(host.profile.avaId))).toBe(spent);
  }, 180_000);

  it('when the owner dies, the node that takes the room over takes its request up and counts on', async () => {
    const roomId = hostClient.roomId;
    let mark = hostClient.received.length;
    hostClient.send({ type: 'request-scribe', correctionMode: 'fast' });
    const pending = await hostClient.waitFor(scribeStatus('pending'), 10_000, mark);
    const requestId = pending.type === 'room-status-update' ? pending.status.scribe!.requestId : '';
    mark = hostClient.received.length;
    const accepted = await api(ADDRESS, SCRIBE_API.accept(requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(accepted.status).toBe(200);
    const asScribe = () =>
      CaptionClient.connect(ADDRESS, {
        user: { avaId: scribe.profile.avaId, userName: 'Sam' },
        identityToken: scribe.token,
        roomId,
        role: 'scribe',
      });
    const scribeClient = await asScribe();
    clients.push(scribeClient);
    await hostClient.waitFor(scribeStatus('ongoing'), 10_000, mark);
    const creditBefore = await scribeCredit(host.profile.avaId);
    await until(
      'A charges some of this request’s time',
      async () => (await scribeCredit(host.profile.avaId)) <= creditBefore - 3000,
      20_000,
    );

    // A dies. The Scribe's node closes its relayed socket once A's lease lapses; both come back
    // through the address, and B or C takes the room over.
    nodes.a!.child.kill('SIGKILL');
    await nodes.a!.exited;
    await until('the Scribe is told the conversation moved', () => scribeClient.closedBy !== undefined);
    const creditAtDeath = await scribeCredit(host.profile.avaId);
    const hostAgain = await CaptionClient.connect(ADDRESS, {
      user: { avaId: host.profile.avaId, userName: 'Hana' },
      identityToken: host.token,
      roomId,
    });
    clients.push(hostAgain);
    const newOwner = await owner(roomId);
    expect([NODES.b, NODES.c]).toContain(newOwner);
    // Taken up from what was stored: its Scribe is away until they are back.
    const status = hostAgain.received.find((r) => r.message.type === 'room-status')!.message;
    expect(status.type === 'room-status' && status.status.scribe).toMatchObject({
      requestId,
      status: 'leaving',
    });
    mark = hostAgain.received.length;
    const scribeAgain = await asScribe();
    clients.push(scribeAgain);
    await hostAgain.waitFor(scribeStatus('ongoing'), 10_000, mark);
    const backAt = Date.now();
    // The new owner counts on (one node: the dead one counts nothing).
    await until(
      'the new owner charges the request’s time',
      async () => (await scribeCredit(host.profile.avaId)) <= creditAtDeath - 3000,
      20_000,
    );

    mark = hostAgain.received.length;
    const ended = await api(ADDRESS, SCRIBE_API.end(requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(ended.status).toBe(200);
    const afterBackMs = Date.now() - backAt;
    await hostAgain.waitFor(scribeStatus('ended'), 10_000, mark);
    await expect.poll(() => scribeAgain.closedBy ?? '', { timeout: 10_000 }).toContain('1000');
    const stored = (
      await db.query<{ state: string; scribe_seconds: string }>(
        'select state, scribe_seconds from scribe_requests where id = $1',
        [requestId],
      )
    ).rows[0]!;
    expect(stored.state).toBe('ended');
    const spentAfter = creditAtDeath - (await scribeCredit(host.profile.avaId));
    console.log(
      `takeover: ${newOwner} counted ${spentAfter} ms in ${afterBackMs} ms; ${stored.scribe_seconds} s stored in all`,
    );
    expect(spentAfter).toBeGreaterThanOrEqual(3000);
    expect(spentAfter).toBeLessThanOrEqual(afterBackMs + 2000);
    // The dead owner's seconds since it last stored them (under 10) are missing from the count.
    const spent = creditBefore - (await scribeCredit(host.profile.avaId));
    expect(spent - Number(stored.scribe_seconds) * 1000).toBeGreaterThanOrEqual(0);
    expect(spent - Number(stored.scribe_seconds) * 1000).toBeLessThan(10_000);
  }, 120_000);
});
