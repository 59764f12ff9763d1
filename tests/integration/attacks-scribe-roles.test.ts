/**
 * Attacks on the Scribe role (issue 29, F-04 and F-05), written as the attacker sends them,
 * against a real server with real accounts (the run's Firebase Auth emulator; the Scribe flag
 * given by HEARKEN_SCRIBE_EMAILS). Scribes are members by assignment only: the role scribe is the
 * desk's record of an accepted request, never the role a client claims; someone a host sent
 * away does not come back under another role; a read-only member writes nothing, whatever role
 * it claims; and the host's editing switch holds for everyone but the host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API } from '../../src/shared/api';
import { identityAuthorization } from '../../src/shared/auth';
import type { ClientMessage, ServerMessage } from '../../src/shared/protocol';
import { SOCKET_PATH } from '../../src/shared/protocol';
import { SCRIBE_API } from '../../src/shared/scribe/api';
import { EDITING_DISABLED_MESSAGE } from '../../src/shared/transcript-edit/mutation';
import type { UserProfile } from '../../src/shared/user';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let server: TestServer;
const dataDir = tempDataDir();
const clients: CaptionClient[] = [];
// The shared emulator keeps every file's accounts: these emails are this run's own.
const tag = Math.random().toString(36).slice(2, 8);
const SERVING_EMAIL = `sal-served-${tag}@example.com`;
const UNASSIGNED_EMAIL = `uma-unassigned-${tag}@example.com`;

interface Account {
  token: string;
  avaId: string;
}
/** A Scribe the tests assign to rooms (and a host then sends away). */
let assigned: Account;
/** An account with the Scribe flag that no request ever assigned. */
let unassigned: Account;

async function account(emulatorClient: EmulatorClient, email: string): Promise<Account> {
  const signedIn = await emulatorClient.verifiedUser(email);
  const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token: signedIn.idToken,
    body: { userName: email.split('-')[0] },
  });
  expect(created.status).toBe(200);
  const profile = created.body as UserProfile;
  expect(profile.features.scribe).toBe(true);
  return { token: signedIn.idToken, avaId: profile.avaId };
}

beforeAll(async () => {
  const emulator = await sharedAuthEmulator();
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      HEARKEN_SCRIBE_EMAILS: `${SERVING_EMAIL},${UNASSIGNED_EMAIL}`,
      // A guest host may ask for a Scribe: who pays is credits-tiers.test.ts's concern.
      HEARKEN_SCRIBES_FOR: 'everyone',
    },
  });
  const emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
  assigned = await account(emulatorClient, SERVING_EMAIL);
  unassigned = await account(emulatorClient, UNASSIGNED_EMAIL);
}, 300_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  removeDataDir(dataDir);
});

const keep = async (client: Promise<CaptionClient>) => {
  const c = await client;
  clients.push(c);
  return c;
};

/** A guest's room with one typed line of the host's: its id and version. */
async function roomWithALine(hostName: string) {
  const hostUser = await createGuest(server.url, hostName);
  const host = await keep(CaptionClient.connect(server.url, { user: hostUser }));
  const mark = host.received.length;
  host.send({ type: 'typed-message', text: 'The host said this.' });
  const typed = await host.waitFor(
    (m) => m.type === 'transcript' && m.transcript.origin === 'human',
    10_000,
    mark,
  );
  const line = (typed as Extract<ServerMessage, { type: 'transcript' }>).transcript;
  return { host, lineId: line.id, version: line.version ?? 0 };
}

/** The host asks for a Scribe, `assigned` accepts it and connects as the room's Scribe. */
async function assignScribe(host: CaptionClient): Promise<{ scribe: CaptionClient; requestId: string }> {
  const mark = host.received.length;
  host.send({ type: 'request-scribe', correctionMode: 'fast' });
  const pending = await host.waitFor(
    (m) => m.type === 'room-status-update' && m.status.scribe?.status === 'pending',
    10_000,
    mark,
  );
  const requestId = pending.type === 'room-status-update' ? pending.status.scribe!.requestId : '';
  const accepted = await api(server.url, SCRIBE_API.accept(requestId), {
    method: 'POST',
    token: assigned.token,
    body: {},
  });
  expect(accepted.status).toBe(200);
  const scribe = await keep(
    CaptionClient.connect(server.url, {
      user: { avaId: assigned.avaId, userName: 'Sal' },
      identityToken: assigned.token,
      roomId: host.roomId,
      role: 'scribe',
    }),
  );
  expect(scribe.received.find((r) => r.message.type === 'connection-succeeded')?.message).toMatchObject({
    role: 'scribe',
    readonly: false,
  });
  return { scribe, requestId };
}

async function setEditingDisabled(host: CaptionClient, disabled: boolean): Promise<void> {
  const mark = host.received.length;
  host.send({ type: 'connection-params-update', editingDisabled: disabled });
  await host.waitFor(
    (m) => m.type === 'room-status-update' && (m.status.editingDisabled ?? false) === disabled,
    10_000,
    mark,
  );
}

/** Waits for the PONG of a ping sent now: everything sent before it on this socket was handled. */
async function settle(ws: WebSocket, received: ServerMessage[], clientTimeMs: number): Promise<void> {
  ws.send(JSON.stringify({ type: 'ping', clientTimeMs }));
  const deadline = Date.now() + 10_000;
  while (!received.some((m) => m.type === 'PONG' && m.clientTimeMs === clientTimeMs)) {
    if (Date.now() > deadline) throw new Error('no PONG from the server');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The attacker's own socket: connection-params as they choose to write it, then, once answered,
 * the messages they hope to get through, then a ping. Answers everything the server sent them.
 */
async function attack(
  connectionParams: Record<string, unknown>,
  then: ClientMessage[],
): Promise<{ first: ServerMessage; received: ServerMessage[] }> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}${SOCKET_PATH}`);
  const received: ServerMessage[] = [];
  ws.on('message', (data, binary) => {
    if (!binary) received.push(JSON.parse(data.toString()) as ServerMessage);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection-params', ...connectionParams }));
  const deadline = Date.now() + 10_000;
  while (received.length === 0) {
    if (Date.now() > deadline) throw new Error('no answer to connection-params');
    await new Promise((r) => setTimeout(r, 10));
  }
  // Let the join finish (its room status) before acting, as a real client would.
  await settle(ws, received, 1);
  for (const message of then) ws.send(JSON.stringify(message));
  await settle(ws, received, 2);
  ws.close();
  return { first: received[0]!, received };
}

/** A correction of the host's line, as the editor sends it. */
const edit = (lineId: string, version: number, id: string): ClientMessage => ({
  type: 'transcript-edit',
  transcriptId: lineId,
  mutation: { id, parent: version, origin: 'human', type: 'insert', index: 0, text: 'FAKE ', lang: 'en-US' },
});

/** Whether the host's room applied the mutation `id` (the host hears of every applied change). */
async function hostSawChange(host: CaptionClient, id: string): Promise<boolean> {
  // The host's own round trip: the room broadcast any applied change before this PONG.
  const mark = host.received.length;
  const at = Date.now();
  host.send({ type: 'ping', clientTimeMs: at });
  await host.waitFor((m) => m.type === 'PONG' && m.clientTimeMs === at, 10_000, mark);
  return host.received.some((r) => r.message.type === 'transcript' && r.message.change?.mutationId === id);
}

describe('F-04: a Scribe the host sent away', () => {
  it('cannot come back as a participant without a token, nor with the read-only link: no entry, no read-write link, no edit, no line, no audio', async () => {
    const { host, lineId, version } = await roomWithALine('Hope Host');
    const { scribe } = await assignScribe(host);
    const roToken = host.linkToken('ro');
    const rwToken = host.linkToken('rw');
    host.send({ type: 'cancel-scribe' });
    await expect.poll(() => scribe.closedBy ?? '', { timeout: 10_000 }).toContain('4001');

    // Nor over HTTP: the live room's transcript and links are not theirs to read any more.
    const reading = await fetch(`${server.url}${API.roomTranscripts(host.roomId)}`, {
      headers: { authorization: identityAuthorization(assigned.token) },
    });
    expect(reading.status).toBe(404);
    expect(await reading.text()).not.toContain(rwToken);

    const typedText = `I am back ${tag}`;
    for (const [attempt, extra] of [
      ['role participant, no token', {}],
      ['role participant, the read-only link', { token: roToken }],
    ] as const) {
      const mutationId = `back-${attempt.length}`;
      const { first, received } = await attack(
        {
          speakerId: assigned.avaId,
          roomId: host.roomId,
          identityToken: assigned.token,
          role: 'participant',
          ...extra,
        },
        [
          edit(lineId, version, mutationId),
          { type: 'typed-message', text: typedText },
          {
            type: 'audio',
            action: 'start',
            metadata: {
              lang: 'en-US',
              format: 'pcm_s16le',
              sampleRateHz: 16_000,
              recordingMode: 'cli',
              chunkLengthMs: 60,
              recordingStart: Date.now(),
            },
          },
        ],
      );
      expect(first, attempt).toMatchObject({
        type: 'error',
        error: { code: 'forbidden', message: 'You are not serving this conversation.' },
      });
      expect(
        received.some((m) => m.type === 'connection-succeeded'),
        attempt,
      ).toBe(false);
      expect(JSON.stringify(received), attempt).not.toContain(rwToken);
      // Every answer to what followed is a refusal: nothing was edited, typed or recorded.
      expect(
        received.filter((m) => m.type !== 'PONG' && m.type !== 'error'),
        attempt,
      ).toEqual([]);
      expect(await hostSawChange(host, mutationId), attempt).toBe(false);
      expect(JSON.stringify(host.received), attempt).not.toContain(typedText);
    }
  });
});

describe('F-05: an account with the Scribe flag that no request assigned', () => {
  it('joining by the read-only link with role scribe gets no Scribe role and edits nothing, with editing off or on', async () => {
    const { host, lineId, version } = await roomWithALine('Ida Host');
    const roToken = host.linkToken('ro');
    for (const disabled of [true, false]) {
      await setEditingDisabled(host, disabled);
      const mutationId = `uma-${disabled}`;
      const { first, received } = await attack(
        {
          speakerId: unassigned.avaId,
          roomId: host.roomId,
          identityToken: unassigned.token,
          token: roToken,
          role: 'scribe',
        },
        [edit(lineId, version, mutationId)],
      );
      expect(first, `editing off: ${disabled}`).toMatchObject({
        type: 'error',
        error: { code: 'forbidden' },
      });
      expect(received.some((m) => m.type === 'transcript-edit-ack')).toBe(false);
      expect(await hostSawChange(host, mutationId)).toBe(false);
    }
  });

  it('joining by the read-only link as a participant, then claiming nothing more, reads and does not edit', async () => {
    const { host, lineId, version } = await roomWithALine('Ivo Host');
    const { first, received } = await attack(
      {
        speakerId: unassigned.avaId,
        roomId: host.roomId,
        identityToken: unassigned.token,
        token: host.linkToken('ro'),
      },
      [edit(lineId, version, 'uma-reader')],
    );
    expect(first).toMatchObject({ type: 'connection-succeeded', readonly: true, role: 'participant' });
    expect(received.find((m) => m.type === 'error')).toMatchObject({ error: { code: 'forbidden' } });
    expect(await hostSawChange(host, 'uma-reader')).toBe(false);
  });
});

describe('the host’s editing switch', () => {
  it('holds for the room’s assigned Scribe too; only the host corrects while it is off', async () => {
    const { host, lineId, version } = await roomWithALine('Otto Host');
    const { scribe } = await assignScribe(host);
    await setEditingDisabled(host, true);
    let mark = scribe.received.length;
    scribe.send(edit(lineId, version, 'sal-off'));
    const refused = await scribe.waitFor((m) => m.type === 'error', 10_000, mark);
    expect(refused).toMatchObject({ error: { code: 'forbidden', message: EDITING_DISABLED_MESSAGE } });
    expect(await hostSawChange(host, 'sal-off')).toBe(false);

    await setEditingDisabled(host, false);
    mark = scribe.received.length;
    scribe.send(edit(lineId, version, 'sal-on'));
    await scribe.waitFor((m) => m.type === 'transcript-edit-ack', 10_000, mark);
    expect(await hostSawChange(host, 'sal-on')).toBe(true);
  });
});

describe('a Scribe’s membership is their assignment’s', () => {
  it('a Scribe whose session ended comes back by the read-only link as a reader, not read-write', async () => {
    const { host, lineId, version } = await roomWithALine('Ella Host');
    const { scribe, requestId } = await assignScribe(host);
    const ended = await api(server.url, SCRIBE_API.end(requestId), {
      method: 'POST',
      token: assigned.token,
      body: {},
    });
    expect(ended.status).toBe(200);
    await expect.poll(() => scribe.closedBy ?? '', { timeout: 10_000 }).toContain('1000');
    const rwToken = host.linkToken('rw');
    const { first, received } = await attack(
      {
        speakerId: assigned.avaId,
        roomId: host.roomId,
        identityToken: assigned.token,
        token: host.linkToken('ro'),
        role: 'participant',
      },
      [edit(lineId, version, 'sal-after')],
    );
    expect(first).toMatchObject({ type: 'connection-succeeded', readonly: true, role: 'participant' });
    expect(JSON.stringify(received)).not.toContain(rwToken);
    expect(received.find((m) => m.type === 'error')).toMatchObject({ error: { code: 'forbidden' } });
    expect(await hostSawChange(host, 'sal-after')).toBe(false);
  });

  it('a reader the desk then assigns corrects as the room’s Scribe', async () => {
    const { host, lineId, version } = await roomWithALine('Rhea Host');
    const reader = await CaptionClient.connect(server.url, {
      user: { avaId: assigned.avaId, userName: 'Sal' },
      identityToken: assigned.token,
      roomId: host.roomId,
      token: host.linkToken('ro'),
    });
    expect(reader.received.find((r) => r.message.type === 'connection-succeeded')?.message).toMatchObject({
      readonly: true,
    });
    await reader.close();
    const { scribe } = await assignScribe(host);
    const mark = scribe.received.length;
    scribe.send(edit(lineId, version, 'sal-assigned'));
    await scribe.waitFor((m) => m.type === 'transcript-edit-ack', 10_000, mark);
    expect(await hostSawChange(host, 'sal-assigned')).toBe(true);
  });
});
