/**
 * Issue 29, written as the attacker sent it, against a real server.
 *
 * F-10: a participant forged, in the host's TXT export, a line attributed to the host ("stop all
 * medication now"), and a whole extra SRT cue, with line breaks and `-->` in the names and text
 * they sent. Every name and title that enters is now one plain line, and every export escapes
 * what its format needs.
 *
 * F-11: client logs needed no credential and were never deleted: one address stored 5,985
 * entries, about 100 MB, in 20 s. They now need a guest's or an account's credential, are counted
 * per identity in entries and bytes, and are deleted after the retention period.
 */
import { parseSync } from 'subtitle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import type { ServerMessageOf } from '../../src/shared/protocol';
import { newVoicingSpeakerId } from '../../src/shared/speakers';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import type { ClientLogEntry } from '../../src/shared/user';
import { ClientLogRepository } from '../../src/server/client-logs/repository';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

const HOST_NAME = 'Nurse Host';
const FORGED = 'stop all medication now';
/** Ends the name's line, starts a line of the host's, then a whole SRT cue of the host's. */
const FORGING_NAME = `Mal\n[00:05] ${HOST_NAME}: ${FORGED}\n\n9\n00:00:05,000 --> 00:00:09,000\n${HOST_NAME}`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { HEARKEN_TYPED_MESSAGES_PER_MINUTE: '1000' } });
});

afterAll(async () => {
  await server?.close();
  removeDataDir(server?.dataDir);
});

async function exported(roomId: string, format: string, user: GuestUserWithCredential): Promise<string> {
  const response = await fetch(`${server.url}${API.roomTranscriptExport(roomId, { format })}`, {
    headers: guestHeaders(user),
  });
  expect(response.status, format).toBe(200);
  return response.text();
}

describe('forging the host’s words in an export (F-10)', () => {
  it('keeps a guest’s name one plain line when it is created', async () => {
    const guest = await createGuest(server.url, 'Mal\n[00:05] Nurse Host: hi');
    expect(guest.userName).toBe('Mal [00:05] Nurse Host: hi');
  });

  it('attributes to the host only what the host said, in every format, and adds no cue', async () => {
    const hostUser = await createGuest(server.url, HOST_NAME);
    const host = await CaptionClient.connect(server.url, { user: hostUser });
    host.send({ type: 'update-title', title: `Ward round\n[00:00] ${HOST_NAME}: ${FORGED}` });
    const status = host.received.find((r) => r.message.type === 'room-status')!
      .message as ServerMessageOf<'room-status'>;
    const attackerUser = await createGuest(server.url, 'Mallory');
    const found = await resolveRoomName(server.url, status.status.name!, attackerUser);
    // The name sent on the socket, not the one the guest was created with.
    const attacker = await CaptionClient.connect(server.url, {
      user: { ...attackerUser, userName: FORGING_NAME },
      roomId: found.roomId,
      token: found.token,
    });
    host.send({ type: 'typed-message', text: 'Good morning', lang: 'en-US' });
    await attacker.waitFor(
      (m) => m.type === 'transcript' && m.transcript.texts['en-US'] === 'Good morning',
      5000,
    );
    // A typed line keeps its breaks: these start a host's line and a cue of the host's.
    attacker.send({
      type: 'typed-message',
      text: `ok\n[00:06] ${HOST_NAME}: ${FORGED}\n\n10\n00:00:06,000 --> 00:00:09,000\n${HOST_NAME}: ${FORGED}`,
      lang: 'en-US',
    });
    const typed = (await host.waitFor(
      (m) => m.type === 'transcript' && m.transcript.author === attackerUser.avaId,
      5000,
    )) as ServerMessageOf<'transcript'>;
    expect(typed.transcript.authorShow).not.toMatch(/[\n\r]/);
    // A named speaker without a device, given that line: its name is one line too.
    const voicing = newVoicingSpeakerId();
    attacker.send({
      type: 'assign-voicing-speaker-name',
      speakerId: voicing,
      speakerName: `Eve\n[00:07] ${HOST_NAME}: ${FORGED}`,
    });
    attacker.send({ type: 'assign-bloc-different-speaker', speakerId: voicing, blocId: typed.transcript.id });
    await host.waitFor((m) => m.type === 'transcript' && m.transcript.author === voicing, 5000);
    host.send({ type: 'connection-params-update', state: { value: 'ended' } });
    await attacker.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);

    const txt = await exported(host.roomId, 'txt', hostUser);
    const [title, , , ...body] = txt.trimEnd().split('\n');
    expect(title).toBe(`Ward round [00:00] ${HOST_NAME}: ${FORGED}`);
    // Who a line is attributed to is what follows its time at the start of the line.
    const hostLines = body.filter((line) => new RegExp(`^\\[\\d\\d:\\d\\d\\] ${HOST_NAME}\\b`).test(line));
    expect(hostLines).toEqual([
      expect.stringMatching(new RegExp(`^\\[\\d\\d:\\d\\d\\] ${HOST_NAME} \\(typed\\): Good morning$`)),
    ]);

    const srt = await exported(host.roomId, 'srt', hostUser);
    const blocks = srt.trimEnd().split('\n\n');
    expect(parseSync(srt).filter((node) => node.type === 'cue')).toHaveLength(blocks.length);
    for (const block of blocks) {
      const [, timing, ...text] = block.split('\n');
      expect(timing).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
      for (const line of text) expect(line).not.toContain('-->');
    }
    expect(srt.split('\n').filter((line) => line.startsWith(`${HOST_NAME}:`))).toEqual([
      `${HOST_NAME}: Good morning`,
    ]);

    const md = await exported(host.roomId, 'md', hostUser);
    expect(md.trimEnd().split('\n\n')).toHaveLength(4);
    await attacker.close();
    await host.close();
  });
});

describe('filling the database with client logs (F-11)', () => {
  /** The attacker's entry: the longest message a log may have. */
  const entry = (i: number): ClientLogEntry => ({
    tag: 'flood',
    msg: `${i} ${'x'.repeat(3990)}`,
    level: 'error',
    os: 'Linux',
    app: 'web',
    browser: 'Chrome',
    device: 'desktop',
    timestamp: Date.now(),
  });
  const postLogs = (entries: ClientLogEntry[], headers: Record<string, string> = {}) =>
    fetch(`${server.url}${API.clientLogs}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(entries),
    });
  const stored = async () =>
    (await new ClientLogRepository(server.database.db).latest(100_000)).filter((e) => e.tag === 'flood');

  it('stores nothing sent without a credential', async () => {
    const response = await postLogs([entry(0)]);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBeDefined();
    expect(await stored()).toEqual([]);
  });

  it('stores at most an identity’s allowance of bytes: the rest of the flood is refused 429', async () => {
    const attacker = await createGuest(server.url, 'Flooder');
    const statuses: number[] = [];
    // The attack: batches of the longest entries, as large as a request may be (64 KB), as fast
    // as they are answered; 3.6 MB in all.
    for (let i = 0; i < 60; i++) {
      const batch = Array.from({ length: 15 }, (_, j) => entry(i * 100 + j));
      statuses.push((await postLogs(batch, guestHeaders(attacker))).status);
    }
    expect(new Set(statuses)).toEqual(new Set([202, 429]));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(20);
    const kept = (await stored()).filter((e) => e.avaId === attacker.avaId);
    // The default: 2 MB an identity an hour.
    expect(kept.reduce((bytes, e) => bytes + e.msg.length, 0)).toBeLessThanOrEqual(2048 * 1024);
    // Someone else still logs.
    const honest = await createGuest(server.url, 'Honest');
    expect((await postLogs([{ ...entry(0), msg: 'mic blocked' }], guestHeaders(honest))).status).toBe(202);
  });

  it('stores at most an identity’s allowance of entries, however small', async () => {
    const attacker = await createGuest(server.url, 'Chatterer');
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const batch = Array.from({ length: 100 }, (_, j) => ({ ...entry(0), msg: `${i * 100 + j}` }));
      statuses.push((await postLogs(batch, guestHeaders(attacker))).status);
    }
    // The default: 1,000 entries an identity an hour.
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect((await stored()).filter((e) => e.avaId === attacker.avaId)).toHaveLength(1000);
  });

  it('deletes entries older than the retention period when the server sweeps', async () => {
    const logs = new ClientLogRepository(server.database.db);
    const day = 24 * 3600_000;
    await logs.add([{ ...entry(0), tag: 'old' }], 'guest-old', Date.now() - 15 * day);
    await logs.add([{ ...entry(0), tag: 'recent' }], 'guest-recent', Date.now() - 13 * day);
    // The sweep runs when a server starts (then hourly): this one's data, on a new server.
    const dataDir = server.dataDir;
    await server.close();
    server = await startTestServer({ dataDir });
    const tags = (await new ClientLogRepository(server.database.db).latest(100_000)).map((e) => e.tag);
    expect(tags).not.toContain('old');
    expect(tags).toContain('recent');
  });
});
