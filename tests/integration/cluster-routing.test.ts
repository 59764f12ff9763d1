/**
 * Work on a live room that does not come on a client's socket, in a cluster (three nodes, one
 * PostgreSQL database, NATS, HAProxy): it reaches the room's owner. The host's room is owned by
 * node A; the one address (HAProxy) leads to B and C only, and it is the address every node gives
 * the providers (HEARKEN_PUBLIC_URL), so the host's request and every provider callback land on
 * a node that does not own the room:
 * - a phone call (Twilio's stand-in) started through the address is placed by A; its status
 *   callbacks and its media stream, reaching B or C, are forwarded and relayed to A; a reader
 *   through the address sees its captions, and its finals are stored (A's lease fences them);
 *   it is hung up through the address (the call is found on A);
 * - a meeting bot (the provider's stand-in): its signed webhooks and its real-time audio socket
 *   reach A the same way;
 * - a live room's export read through a node that does not own it is the owner's, not a copy.
 */
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestAuthorization } from '../../src/shared/auth';
import { PHONE_CALL_SPEAKER_NAME, dialSequence } from '../../src/shared/phone-calls';
import type { ServerMessageOf } from '../../src/shared/protocol';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { type ClusterNodeProcess, stopClusterNode } from '../../scripts/lib/cluster-nodes';
import { inviteToken } from '../helpers/outage-conversation';
import { callIn, finals, phoneCallClient } from '../helpers/phone-call-client';
import { CAPTION_TEST_FILE, DEV_DIR } from '../helpers/speech';
import { clusterNodeNames, startProxyTo, startThreeNodes } from '../helpers/cluster-harness';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const { name: database, url: databaseUrl } = testDatabase('hearken_croute');
const NODES = clusterNodeNames('routing');
const PORTS = { a: 7621, b: 7622, c: 7623, proxy: 7624 };
const ADDRESS = `http://127.0.0.1:${PORTS.proxy}`;
const MEETING_ID = '85512345678';
const PASSCODE = '4321';

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The call and the bot run at once (in two rooms on A): the test's time is one stream's, not two.
describe.concurrent('work on a live room reaches its owner in a cluster', () => {
  const nodes: Partial<Record<'a' | 'b' | 'c', ClusterNodeProcess>> = {};
  const clients: CaptionClient[] = [];
  let proxy: ChildProcess | undefined;
  let db: pg.Client;

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const env = {
      HEARKEN_PUBLIC_URL: ADDRESS,
      HEARKEN_PHONE_STAND_IN_AUDIO: join(DEV_DIR, CAPTION_TEST_FILE),
      HEARKEN_PHONE_STAND_IN_DIGITS: `${MEETING_ID}##${PASSCODE}#`,
      // Its hosts are guests: calls for everyone here (who may call is attacks-toll-fraud.test.ts's).
      HEARKEN_PHONE_CALLS_FOR: 'everyone',
      HEARKEN_MEETING_BOT_STAND_IN_AUDIO: join(DEV_DIR, CAPTION_TEST_FILE),
    };
    await startThreeNodes({ names: NODES, ports: PORTS, databaseUrl, env, nodes });
    proxy = await startProxyTo(PORTS.proxy, [
      { name: NODES.b, port: PORTS.b },
      { name: NODES.c, port: PORTS.c },
    ]);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    for (const c of clients) await c.close();
    proxy?.kill('SIGTERM');
    await Promise.all(Object.values(nodes).map((n) => stopClusterNode(n)));
    await db?.end();
    await admin(`drop database if exists ${database} with (force)`);
  });

  const owner = async (roomId: string) =>
    (
      await db.query<{ node: string }>(
        'select node from cluster_room_leases where room_id = $1 and expires_at > clock_timestamp()',
        [roomId],
      )
    ).rows[0]?.node;
  const stored = async (roomId: string) =>
    (
      await db.query<{ id: string; text: string }>(
        'select id, text from transcripts where room_id = $1 order by idx',
        [roomId],
      )
    ).rows;

  /** A host whose room node A owns, and a reader who came through the one address. */
  async function roomOnA(hostName: string, readerName: string) {
    const hostUser = await createGuest(ADDRESS, hostName);
    const host = await CaptionClient.connect(nodes.a!.url, { user: hostUser });
    clients.push(host);
    const roomId = host.roomId;
    const reader = await CaptionClient.connect(ADDRESS, {
      user: await createGuest(ADDRESS, readerName),
      roomId,
      token: inviteToken(host),
    });
    clients.push(reader);
    expect(await owner(roomId)).toBe(NODES.a);
    return { hostUser, host, reader, roomId };
  }

  const exportJson = async (url: string, roomId: string, user: GuestUserWithCredential) => {
    const response = await fetch(
      `${url}/api/v1/rooms/${encodeURIComponent(roomId)}/transcripts/export?format=json`,
      {
        headers: { authorization: guestAuthorization(user.credential) },
      },
    );
    expect(response.status).toBe(200);
    return JSON.stringify(await response.json());
  };

  it('a phone call started through a node that does not own the room is captioned and stored by the owner', async () => {
    const { hostUser, reader, roomId } = await roomOnA('Ada Host', 'Bo Reader');
    const { callBody, post, hangUp } = phoneCallClient(() => ADDRESS, clients, {
      calleeInternationalNumber: '+33123456789',
      sendDigits: dialSequence('zoom', MEETING_ID, PASSCODE),
    });
    // Read through B before the call: B must not keep (and later answer from) a copy of its own.
    const before = await exportJson(nodes.b!.url, roomId, hostUser);
    expect(before).not.toContain(PHONE_CALL_SPEAKER_NAME);

    // Refused on the way in as on one node.
    expect((await post(undefined, callBody(roomId))).status).toBe(401);
    const placed = await post(hostUser, callBody(roomId));
    expect(placed.status).toBe(201);
    const sid = placed.body.sid as string;
    // Its status callbacks and its media stream (whose URL names the room) reached B or C.
    await reader.waitFor((m) => callIn(m, sid)?.status === 'captioning', 20_000);
    await reader.waitFor(
      (m) =>
        m.type === 'transcript' &&
        m.transcript.isFinal &&
        m.transcript.authorShow === PHONE_CALL_SPEAKER_NAME,
      30_000,
    );

    // Hung up through the address: the call is found on A, which hangs it up at its provider.
    const stranger = await createGuest(ADDRESS, 'Cy Stranger');
    expect((await hangUp(stranger, sid)).status).toBe(404);
    const mark = reader.received.length;
    expect(await hangUp(hostUser, sid)).toMatchObject({ status: 200, body: { sid, status: 'ended' } });
    await reader.waitFor(
      (m) =>
        m.type === 'room-status-update' &&
        m.reason === 'audio-stream-stopped' &&
        m.status.audioStreams.length === 0,
      20_000,
      mark,
    );
    const lines = finals(reader).filter((t) => t.authorShow === PHONE_CALL_SPEAKER_NAME);
    expect(lines.length).toBeGreaterThan(0);
    // Stored under A's lease (a node without it would have been refused by the fence).
    await until('the call’s finals are stored', async () => {
      const ids = new Set((await stored(roomId)).map((r) => r.id));
      return lines.every((l) => ids.has(l.id));
    });
    expect(await owner(roomId)).toBe(NODES.a);

    // The live room's export read through B is A's: it has the call's lines.
    const after = await exportJson(nodes.b!.url, roomId, hostUser);
    for (const line of lines) expect(after).toContain(line.id);
  });

  it('a meeting bot’s webhooks and audio that reach other nodes reach the owner', async () => {
    const { host, reader, roomId } = await roomOnA('Di Host', 'Ed Reader');
    host.send({
      type: 'request-ava-bot',
      speechLang: 'en-US',
      meetingUrl: 'https://zoom.us/j/123456789?pwd=x',
    });
    // Statuses come from the provider's webhooks, which all landed on B or C.
    await reader.waitFor((m) => m.type === 'ava-bot-status' && m.status === 'CAPTIONING', 20_000);
    await reader.waitFor((m) => m.type === 'ava-bot-status' && m.status === 'DISCONNECT', 40_000);
    await reader.waitFor(
      (m) =>
        m.type === 'room-status-update' &&
        m.reason === 'audio-stream-stopped' &&
        m.status.audioStreams.length === 0,
      20_000,
    );
    const lines = finals(reader).filter((t) => t.authorShow === 'Zoom meeting 123456789');
    expect(lines.length).toBeGreaterThan(0);
    await until('the meeting’s finals are stored', async () => {
      const ids = new Set((await stored(roomId)).map((r) => r.id));
      return lines.every((l) => ids.has(l.id));
    });
    const statuses = reader.received
      .map((r) => r.message)
      .filter((m): m is ServerMessageOf<'ava-bot-status'> => m.type === 'ava-bot-status')
      .map((m) => m.status);
    expect(statuses).toContain('CONNECTED');
    expect(await owner(roomId)).toBe(NODES.a);
  });
});
