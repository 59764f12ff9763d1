/**
 * A phone call and a meeting bot move with their room when the room's owner dies
 * (docs/deploy.md): three cluster nodes (their own processes, one PostgreSQL database, NATS), one
 * Twilio stand-in and one meeting bot provider stand-in that every node uses (as one account of
 * each would be), and the one address (HAProxy, leading to B and C) that every node gives the
 * providers. The host's room is owned by A; the call and the bot are started by A and captioned
 * there. A is killed: the call stays on (the pause after its stream) and the bot in its meeting;
 * nobody comes back at first, and a node takes the room by itself (a stored call and bot on in a
 * room without a lease), adopts the call and the bot (tokens, ids and speakers, stored by A),
 * updates the live call with new TwiML (Twilio streams it to the address again) and has the bot
 * start recording again with its real-time endpoint (the bot connects anew); both are captioned
 * by the new owner. The reader then reconnects through the address and catches up; the bot and
 * the call are ended there. Every stored final is seen once by the reader, none stored twice.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '../../src/shared/ids';
import { encodeWav } from '../../src/shared/wav';
import { SAMPLE_RATE_HZ } from '../../src/shared/constants';
import { PHONE_CALL_SPEAKER_NAME, dialSequence } from '../../src/shared/phone-calls';
import { type PhoneStandIn, startPhoneStandIn } from '../../src/server/phone-calls/stand-in';
import { type MeetingBotStandIn, startMeetingBotStandIn } from '../../src/server/meeting-bot/stand-in';
import { newWebhookSecret } from '../../src/server/meeting-bot/svix-signature';
import { MEETING_BOT_ROUTES } from '../../src/shared/api';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { type ClusterNodeProcess, stopClusterNode } from '../../scripts/lib/cluster-nodes';
import { inviteToken } from '../helpers/outage-conversation';
import { callIn, phoneCallClient } from '../helpers/phone-call-client';
import { devSamples } from '../helpers/speech';
import { TranscriptFollower } from '../helpers/transcript-follower';
import { clusterNodeNames, startProxyTo, startThreeNodes } from '../helpers/cluster-harness';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const { name: database, url: databaseUrl } = testDatabase('hearken_ctake');
const NODES = clusterNodeNames('takeover-calls');
const PORTS = { a: 7651, b: 7652, c: 7653, proxy: 7654 };
const ADDRESS = `http://127.0.0.1:${PORTS.proxy}`;
const MEETING_ID = '85512345678';
const PASSCODE = '4321';
const MEETING_SPEAKER = 'Zoom meeting 123456789';
/** The conference (and the meeting) talk for two minutes: utterances a second apart. */
const CONFERENCE_FILES = [
  '1089-134686-0000.wav',
  '1688-142285-0000.wav',
  '1272-141231-0002.wav',
  '1688-142285-0001.wav',
  '1089-134686-0001.wav',
  '1089-134691-0001.wav',
  '1688-142285-0005.wav',
  '1688-142285-0006.wav',
  '1688-142285-0007.wav',
  '1688-142285-0008.wav',
  '1688-142285-0009.wav',
  '1998-15444-0000.wav',
  '1998-15444-0001.wav',
];

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function conferenceWav(): string {
  const gap = new Int16Array(SAMPLE_RATE_HZ);
  const parts = CONFERENCE_FILES.flatMap((f) => [devSamples(f), gap]);
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    samples.set(p, at);
    at += p.length;
  }
  const path = join(mkdtempSync(join(tmpdir(), 'hearken-conference-')), 'conference.wav');
  writeFileSync(path, encodeWav(samples, SAMPLE_RATE_HZ));
  return path;
}

describe('a phone call moves with its room when the owner dies', () => {
  const nodes: Partial<Record<'a' | 'b' | 'c', ClusterNodeProcess>> = {};
  const clients: CaptionClient[] = [];
  let proxy: ChildProcess | undefined;
  let twilio: PhoneStandIn;
  let recall: MeetingBotStandIn;
  let db: pg.Client;

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const accountSid = `AC${randomBytes(16).toString('hex')}`;
    const authToken = randomBytes(16).toString('hex');
    const meeting = conferenceWav();
    twilio = await startPhoneStandIn({
      accountSid,
      authToken,
      conferenceAudio: meeting,
      expectedDigits: `${MEETING_ID}##${PASSCODE}#`,
    });
    const apiKey = randomId(32);
    const webhookSecret = newWebhookSecret();
    recall = await startMeetingBotStandIn({
      apiKey,
      webhookSecret,
      webhookUrl: () => `${ADDRESS}${MEETING_BOT_ROUTES.webhook}`,
      meetingAudio: meeting,
    });
    const env = {
      HEARKEN_PUBLIC_URL: ADDRESS,
      HEARKEN_TWILIO_ACCOUNT_SID: accountSid,
      HEARKEN_TWILIO_AUTH_TOKEN: authToken,
      HEARKEN_TWILIO_FROM_NUMBER: '+15005550006',
      HEARKEN_TWILIO_API_URL: twilio.url,
      // Its hosts are guests: calls for everyone here (who may call is attacks-toll-fraud.test.ts's).
      HEARKEN_PHONE_CALLS_FOR: 'everyone',
      HEARKEN_MEETING_BOT_API_KEY: apiKey,
      HEARKEN_MEETING_BOT_API_URL: recall.url,
      HEARKEN_MEETING_BOT_WEBHOOK_SECRET: webhookSecret,
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
    await twilio?.close();
    await recall?.close();
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
      await db.query<{ id: string; idx: number; author_show: string }>(
        'select id, idx, author_show from transcripts where room_id = $1 order by idx',
        [roomId],
      )
    ).rows;

  it('are captioned by the node that takes the room over, no final lost or stored twice', async () => {
    const a = nodes.a!;
    const hostUser = await createGuest(ADDRESS, 'Ada Host');
    const host = await CaptionClient.connect(a.url, { user: hostUser });
    clients.push(host);
    const roomId = host.roomId;
    const token = inviteToken(host);
    expect(await owner(roomId)).toBe(NODES.a);
    const readerUser = await createGuest(ADDRESS, 'Bo Reader');
    let reader = await CaptionClient.connect(ADDRESS, { user: readerUser, roomId, token });
    clients.push(reader);
    const view = new TranscriptFollower();
    view.follow(reader);
    const finalBy = (speaker: string, client: CaptionClient) =>
      client.waitFor(
        (m) => m.type === 'transcript' && m.transcript.isFinal && m.transcript.authorShow === speaker,
        60_000,
      );

    // 1. The call is placed by A (the address forwards the host's request there), and the bot
    // sent by A; both are captioned there.
    const { callBody, post, hangUp } = phoneCallClient(() => ADDRESS, clients, {
      calleeInternationalNumber: '+33123456789',
      sendDigits: dialSequence('zoom', MEETING_ID, PASSCODE),
    });
    const placed = await post(hostUser, callBody(roomId));
    expect(placed.status).toBe(201);
    const sid = placed.body.sid as string;
    await reader.waitFor((m) => callIn(m, sid)?.status === 'captioning', 20_000);
    host.send({
      type: 'request-ava-bot',
      speechLang: 'en-US',
      meetingUrl: 'https://zoom.us/j/123456789?pwd=x',
    });
    await reader.waitFor((m) => m.type === 'ava-bot-status' && m.status === 'CAPTIONING', 20_000);
    await finalBy(PHONE_CALL_SPEAKER_NAME, reader);
    await finalBy(MEETING_SPEAKER, reader);
    expect(await owner(roomId)).toBe(NODES.a);

    // 2. A dies. The call stays on, the bot in its meeting. Nobody comes back to the room at
    // first: a node takes it by itself, for its call and bot, and captions them.
    const storedBy = async (speaker: string) =>
      (await stored(roomId)).filter((r) => r.author_show === speaker).length;
    a.child.kill('SIGKILL');
    await until('the reader is told its conversation moved', () => reader.closedBy !== undefined);
    // A's lease has lapsed: whatever A stored is stored by now.
    const before = { call: await storedBy(PHONE_CALL_SPEAKER_NAME), bot: await storedBy(MEETING_SPEAKER) };
    await until('another node took the room', async () => (await owner(roomId)) !== undefined);
    await until(
      'the new owner stored finals of the call and the bot',
      async () =>
        (await storedBy(PHONE_CALL_SPEAKER_NAME)) > before.call &&
        (await storedBy(MEETING_SPEAKER)) > before.bot,
      60_000,
    );
    // Then the reader reconnects through the address, and catches up.
    reader = await CaptionClient.connect(ADDRESS, { user: readerUser, roomId, token });
    clients.push(reader);
    view.follow(reader);
    const newOwner = await owner(roomId);
    expect([NODES.b, NODES.c]).toContain(newOwner);

    // 3. The new owner streams the call again (Twilio updated with new TwiML) and hears the bot
    // again (Start Recording with its endpoint): both captioned there.
    await reader.waitFor((m) => callIn(m, sid)?.status === 'captioning', 20_000);
    const callAfterMove = await finalBy(PHONE_CALL_SPEAKER_NAME, reader);
    const botAfterMove = await finalBy(MEETING_SPEAKER, reader);
    const call = twilio.calls.get(sid)!;
    expect(call.done).toBe(false);
    expect(call.twiml).toContain('<Pause');
    const bot = [...recall.bots.values()][0]!;
    expect(bot.restarts).toBe(1);
    expect(bot.done).toBe(false);

    // 4. The host comes back (through the address) and takes the bot out; hangs up through the
    // address: the new owner has the bot and the call.
    const back = await CaptionClient.connect(ADDRESS, { user: hostUser, roomId });
    clients.push(back);
    back.send({ type: 'end-ava-bot' });
    await until('the bot left its meeting', () => bot.done);
    const mark = reader.received.length;
    expect(await hangUp(hostUser, sid)).toMatchObject({ status: 200, body: { sid, status: 'ended' } });
    await until('Twilio ended the call', () => call.done);
    expect(call.status).toBe('completed');
    await reader.waitFor(
      (m) =>
        m.type === 'room-status-update' &&
        m.reason === 'audio-stream-stopped' &&
        m.status.audioStreams.length === 0,
      20_000,
      mark,
    );
    expect(await owner(roomId)).toBe(newOwner);

    // 5. Every stored final exactly once for the reader; nothing stored twice; the call's lines
    // from before and after the move are both there.
    let rows = await stored(roomId);
    await until('the reader has every stored final', async () => {
      rows = await stored(roomId);
      return view.seqState.asked === undefined && view.finalsOnly().length === rows.length;
    });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.idx)).size).toBe(rows.length);
    expect(view.finalsOnly().map((t) => t.id)).toEqual(rows.map((r) => r.id));
    const seen = view.live.map((l) => `${l.id}@${l.seq}`);
    expect(new Set(seen).size).toBe(seen.length);
    const phoneRows = rows.filter((r) => r.author_show === PHONE_CALL_SPEAKER_NAME);
    expect(phoneRows.length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.author_show === MEETING_SPEAKER).length).toBeGreaterThanOrEqual(2);
    for (const moved of [callAfterMove, botAfterMove])
      expect(moved.type === 'transcript' && rows.some((r) => r.id === moved.transcript.id)).toBe(true);
  });
});
