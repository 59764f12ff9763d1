/**
 * Scribes over real sockets and HTTP, with the real engine (PocketSphinx), database (PGlite) and
 * identity provider (Firebase Auth emulator): a host requests a Scribe; the Scribe (an account
 * given the flag by HEARKEN_SCRIBE_EMAILS) sees it on the dashboard and accepts; joins with the
 * role scribe; the chat; accurate mode holds a viewer's captions 5 to 10 s while the Scribe gets
 * them at once; cancel (pending) and remove (connected); outsiders are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { guestAuthorization, identityAuthorization } from '../../src/shared/auth';
import type { ServerMessage } from '../../src/shared/protocol';
import {
  SCRIBE_API,
  type AcceptScribeResponse,
  type ScribeDashboardResponse,
  type ScribeTrainingItem,
  type ScribeTrainingScore,
  type ScribeTrainingStartResponse,
} from '../../src/shared/scribe/api';
import { SCRIBE_ACCURATE_DELAY_MAX_MS, SCRIBE_ACCURATE_DELAY_MIN_MS } from '../../src/shared/scribe/model';
import type { UserProfile } from '../../src/shared/user';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { devSamples } from '../helpers/speech';
import { speak } from '../helpers/speak';

let emulator: SharedAuthEmulator;
let server: TestServer;
const dataDir = tempDataDir();
const clients: CaptionClient[] = [];

interface Account {
  token: string;
  profile: UserProfile;
}
let scribe: Account;
let plain: Account;
let host: GuestUserWithCredential;
let viewer: GuestUserWithCredential;

async function account(emulatorClient: EmulatorClient, email: string): Promise<Account> {
  const signedIn = await emulatorClient.verifiedUser(email);
  const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token: signedIn.idToken,
    body: { userName: email.split('@')[0] },
  });
  expect(created.status).toBe(200);
  return { token: signedIn.idToken, profile: created.body as UserProfile };
}

const keep = async (client: Promise<CaptionClient>) => {
  const c = await client;
  clients.push(c);
  return c;
};

function statusUpdates(client: CaptionClient, from = 0) {
  return client.received
    .slice(from)
    .map((r) => r.message)
    .filter(
      (m): m is Extract<ServerMessage, { type: 'room-status-update' }> => m.type === 'room-status-update',
    );
}

const scribeStatus = (status: string) => (m: ServerMessage) =>
  m.type === 'room-status-update' && m.reason === 'scribe-changed' && m.status.scribe?.status === status;

beforeAll(async () => {
  // A loaded machine can take longer than the default minute to start it.
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      HEARKEN_SCRIBE_EMAILS: 'Sam.Scribe@example.com',
      // The desk's own flow, with a guest host: who may ask (organisation licence holders with
      // Scribe credit) and what it costs are tests/integration/credits-tiers.test.ts's.
      HEARKEN_SCRIBES_FOR: 'everyone',
    },
  });
  const emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
  scribe = await account(emulatorClient, 'sam.scribe@example.com');
  plain = await account(emulatorClient, 'pat.plain@example.com');
  host = await createGuest(server.url, 'Hana Host');
  viewer = await createGuest(server.url, 'Vic Viewer');
}, 300_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  removeDataDir(dataDir);
});

describe('who may use the Scribe dashboard', () => {
  it('gives the scribe flag to the accounts HEARKEN_SCRIBE_EMAILS lists, and to no other', async () => {
    expect(scribe.profile.features.scribe).toBe(true);
    expect(plain.profile.features.scribe).toBeUndefined();
  });

  it('refuses an account without the flag, a guest and an outsider', async () => {
    const asPlain = await api(server.url, SCRIBE_API.requests, { token: plain.token });
    expect(asPlain.status).toBe(403);
    expect(asPlain.body).toMatchObject({ error: { code: 'scribe-required' } });
    const asGuest = await fetch(`${server.url}${SCRIBE_API.requests}`, {
      headers: { authorization: guestAuthorization(host.credential) },
    });
    expect([401, 403]).toContain(asGuest.status);
    expect((await fetch(`${server.url}${SCRIBE_API.requests}`)).status).toBe(401);
    const accept = await api(server.url, SCRIBE_API.accept('anything'), {
      method: 'POST',
      token: plain.token,
      body: {},
    });
    expect(accept.status).toBe(403);
  });

  it('refuses a Scribe request to oneself', async () => {
    const own = await keep(
      CaptionClient.connect(server.url, {
        user: { avaId: scribe.profile.avaId, userName: 'Sam' },
        identityToken: scribe.token,
      }),
    );
    const mark = own.received.length;
    own.send({ type: 'request-scribe', correctionMode: 'fast' });
    await own.waitFor(scribeStatus('pending'), 10_000, mark);
    const board = (await api(server.url, SCRIBE_API.requests, { token: scribe.token }))
      .body as ScribeDashboardResponse;
    // Not shown as waiting to its own host...
    expect(board.waiting.some((r) => r.roomId === own.roomId)).toBe(false);
    const request = statusUpdates(own, mark).at(-1)!.status.scribe!;
    // ...and refused if accepted anyway.
    const accepted = await api(server.url, SCRIBE_API.accept(request.requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body).toMatchObject({
      error: { code: 'cannot-request-self', content: { message: 'Can not join yourself.' } },
    });
    own.send({ type: 'cancel-scribe' });
    await own.waitFor(scribeStatus('ended'), 10_000, mark);
  });
});

describe('a request, from waiting to served to removed', () => {
  let hostClient: CaptionClient;
  let viewerClient: CaptionClient;
  let scribeClient: CaptionClient;
  let requestId: string;

  it('waits on the dashboard once the host asks; a second request is refused', async () => {
    hostClient = await keep(CaptionClient.connect(server.url, { user: host }));
    viewerClient = await keep(
      CaptionClient.connect(server.url, {
        user: viewer,
        roomId: hostClient.roomId,
        token: hostClient.linkToken('rw'),
      }),
    );
    const mark = hostClient.received.length;
    hostClient.send({ type: 'request-scribe', correctionMode: 'fast' });
    const pending = await hostClient.waitFor(scribeStatus('pending'), 10_000, mark);
    expect(pending.type === 'room-status-update' && pending.status.scribe).toMatchObject({
      status: 'pending',
      correctionMode: 'fast',
      requestor: host.avaId,
      scribes: [],
    });
    await viewerClient.waitFor(scribeStatus('pending'), 10_000);
    hostClient.send({ type: 'request-scribe', correctionMode: 'accurate' });
    const refused = await hostClient.waitFor((m) => m.type === 'error', 10_000, mark);
    expect(refused).toMatchObject({ error: { code: 'scribe-request-failed' }, inReplyTo: 'request-scribe' });

    const board = (await api(server.url, SCRIBE_API.requests, { token: scribe.token }))
      .body as ScribeDashboardResponse;
    const waiting = board.waiting.find((r) => r.roomId === hostClient.roomId)!;
    expect(waiting).toMatchObject({
      state: 'pending',
      requester: { avaId: host.avaId, userName: 'Hana Host' },
    });
    requestId = waiting.id;
  });

  it('a viewer (not the host) may not request or cancel a Scribe', async () => {
    const mark = viewerClient.received.length;
    viewerClient.send({ type: 'cancel-scribe' });
    const refused = await viewerClient.waitFor((m) => m.type === 'error', 10_000, mark);
    expect(refused).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('is accepted by the Scribe, who joins with the role scribe; everyone sees it ongoing', async () => {
    const mark = hostClient.received.length;
    const accepted = await api(server.url, SCRIBE_API.accept(requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(accepted.status).toBe(200);
    expect((accepted.body as AcceptScribeResponse).roomId).toBe(hostClient.roomId);
    // A second Scribe arriving late finds it taken.
    const again = await api(server.url, SCRIBE_API.accept(requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(again.status).toBe(409);

    scribeClient = await keep(
      CaptionClient.connect(server.url, {
        user: { avaId: scribe.profile.avaId, userName: 'Sam' },
        identityToken: scribe.token,
        roomId: hostClient.roomId,
        role: 'scribe',
      }),
    );
    const succeeded = scribeClient.received.find((r) => r.message.type === 'connection-succeeded')!.message;
    expect(succeeded).toMatchObject({ role: 'scribe', readonly: false });
    const ongoing = await hostClient.waitFor(scribeStatus('ongoing'), 10_000, mark);
    expect(ongoing.type === 'room-status-update' && ongoing.status.scribe?.scribes).toHaveLength(1);
    // The Scribe's hash, never their avaId.
    expect(JSON.stringify(ongoing)).not.toContain(scribe.profile.avaId);

    hostClient.send({ type: 'typed-message', text: 'Hello everyone.' });
    await scribeClient.waitFor((m) => m.type === 'transcript', 10_000);
    const board = (await api(server.url, SCRIBE_API.requests, { token: scribe.token }))
      .body as ScribeDashboardResponse;
    const serving = board.serving.find((r) => r.id === requestId)!;
    expect(serving).toMatchObject({ state: 'connected', scribeConnected: true, roomId: hostClient.roomId });
    expect(serving.lastCaptionAtMs).toBeGreaterThan(0);
    expect(board.nowMs - serving.lastCaptionAtMs!).toBeLessThan(10_000);
    expect(board.waiting.some((r) => r.id === requestId)).toBe(false);
  });

  it('carries the chat between the Scribe and the host (beginChat, and in the room)', async () => {
    const mark = hostClient.received.length;
    const begun = await api(server.url, SCRIBE_API.beginChat, {
      method: 'POST',
      token: scribe.token,
      body: { avaId: host.avaId, messageToUser: 'Hi, I am your Scribe today.' },
    });
    expect(begun.status).toBe(200);
    const toHost = await hostClient.waitFor((m) => m.type === 'scribe-chat', 10_000, mark);
    expect(toHost).toMatchObject({ message: { fromRole: 'scribe', text: 'Hi, I am your Scribe today.' } });
    const scribeMark = scribeClient.received.length;
    hostClient.send({ type: 'scribe-chat', text: 'Thanks! Names: Helstone, Thornton.' });
    const toScribe = await scribeClient.waitFor((m) => m.type === 'scribe-chat', 10_000, scribeMark);
    expect(toScribe).toMatchObject({ message: { fromRole: 'requester', fromAvaId: host.avaId } });
    // The viewer is not part of it.
    expect(viewerClient.received.some((r) => r.message.type === 'scribe-chat')).toBe(false);
    const board = (await api(server.url, SCRIBE_API.requests, { token: scribe.token }))
      .body as ScribeDashboardResponse;
    expect(board.serving.find((r) => r.id === requestId)!.chat.map((c) => c.text)).toEqual([
      'Hi, I am your Scribe today.',
      'Thanks! Names: Helstone, Thornton.',
    ]);
  });

  it('fast mode: the viewer sees recognition at once; accurate: 5 to 10 s after the Scribe', async () => {
    const finalsAt = (client: CaptionClient, from: number) =>
      new Map(
        client.received
          .slice(from)
          .flatMap((r) =>
            r.message.type === 'transcript' && r.message.transcript.isFinal && r.message.transcript.asr
              ? [[r.message.transcript.id, r.atMs] as const]
              : [],
          ),
      );
    const waitForLine = (client: CaptionClient, id: string, from: number) =>
      client.waitFor(
        (m) => m.type === 'transcript' && m.transcript.id === id && m.transcript.isFinal,
        20_000,
        from,
      );

    let scribeMark = scribeClient.received.length;
    let viewerMark = viewerClient.received.length;
    await speak(hostClient, devSamples('1089-134691-0001.wav'), { speed: 2 });
    let atScribe = finalsAt(scribeClient, scribeMark);
    expect(atScribe.size).toBeGreaterThan(0);
    for (const id of atScribe.keys()) await waitForLine(viewerClient, id, viewerMark);
    let atViewer = finalsAt(viewerClient, viewerMark);
    for (const [id, at] of atScribe) expect(Math.abs(atViewer.get(id)! - at)).toBeLessThan(1000);

    const mark = hostClient.received.length;
    hostClient.send({ type: 'update-scribe-correction-mode', correctionMode: 'accurate' });
    await viewerClient.waitFor(
      (m) => m.type === 'room-status-update' && m.status.scribe?.correctionMode === 'accurate',
      10_000,
      viewerMark,
    );
    await hostClient.waitFor(
      (m) => m.type === 'room-status-update' && m.status.scribe?.correctionMode === 'accurate',
      10_000,
      mark,
    );
    scribeMark = scribeClient.received.length;
    viewerMark = viewerClient.received.length;
    await speak(hostClient, devSamples('1089-134691-0001.wav'), { speed: 2 });
    atScribe = finalsAt(scribeClient, scribeMark);
    expect(atScribe.size).toBeGreaterThan(0);
    for (const id of atScribe.keys()) await waitForLine(viewerClient, id, viewerMark);
    atViewer = finalsAt(viewerClient, viewerMark);
    const delays = [...atScribe].map(([id, at]) => atViewer.get(id)! - at);
    console.log(
      `accurate mode: viewer saw each final ${delays.map((d) => Math.round(d)).join(', ')} ms after the Scribe`,
    );
    for (const delay of delays) {
      expect(delay).toBeGreaterThan(SCRIBE_ACCURATE_DELAY_MIN_MS - 600);
      expect(delay).toBeLessThan(SCRIBE_ACCURATE_DELAY_MAX_MS + 600);
    }
    // No partial of the held lines reached the viewer before it was released.
    const early = viewerClient.received
      .slice(viewerMark)
      .filter((r) => r.message.type === 'transcript' && atScribe.has(r.message.transcript.id))
      .filter(
        (r) => r.message.type === 'transcript' && r.atMs < atScribe.get(r.message.transcript.id)! + 1000,
      );
    expect(early).toEqual([]);
  }, 120_000);

  it('the host sends the Scribe away: removed, their connection closed, and they cannot come back as Scribe', async () => {
    const mark = hostClient.received.length;
    hostClient.send({ type: 'cancel-scribe' });
    await hostClient.waitFor(scribeStatus('ended'), 10_000, mark);
    await expect.poll(() => scribeClient.closedBy ?? '', { timeout: 10_000 }).toContain('4001');
    await expect(
      CaptionClient.connect(server.url, {
        user: { avaId: scribe.profile.avaId, userName: 'Sam' },
        identityToken: scribe.token,
        roomId: hostClient.roomId,
        role: 'scribe',
      }),
    ).rejects.toThrow(/forbidden: You are not serving this conversation/);
    const stored = await server.database.db
      .selectFrom('scribe_requests')
      .select(['state', 'scribe_seconds'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(stored.state).toBe('removed');
    // Served time was counted per second on the server while the Scribe was in the room.
    expect(Number(stored.scribe_seconds)).toBeGreaterThan(5);
  });

  it('a waiting request the host withdraws is cancelled and leaves the dashboard', async () => {
    const mark = hostClient.received.length;
    hostClient.send({ type: 'request-scribe', correctionMode: 'accurate' });
    const pending = await hostClient.waitFor(scribeStatus('pending'), 10_000, mark);
    const id = pending.type === 'room-status-update' ? pending.status.scribe!.requestId : '';
    hostClient.send({ type: 'cancel-scribe' });
    await hostClient.waitFor(scribeStatus('ended'), 10_000, mark);
    const board = (await api(server.url, SCRIBE_API.requests, { token: scribe.token }))
      .body as ScribeDashboardResponse;
    expect(board.waiting.some((r) => r.id === id)).toBe(false);
    const stored = await server.database.db
      .selectFrom('scribe_requests')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.state).toBe('cancelled');
  });
});

describe('Scribe training', () => {
  it('plays a shipped recording into a practice room through the recogniser and scores the transcript', async () => {
    const list = await api(server.url, SCRIBE_API.training, { token: scribe.token });
    const items = (list.body as { items: ScribeTrainingItem[] }).items;
    expect(items.map((i) => i.name)).toContain('short-sentences-arctic');
    const item = items.find((i) => i.name === 'short-sentences-arctic')!;
    expect(item).toMatchObject({ language: 'en-US', url: SCRIBE_API.trainingAudio(item.name) });

    const audio = await fetch(`${server.url}${item.url}`, {
      headers: { authorization: identityAuthorization(scribe.token) },
    });
    expect(audio.headers.get('content-type')).toContain('audio/wav');
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(100_000);

    const started = await api(server.url, SCRIBE_API.trainingStart(item.name), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(started.status).toBe(200);
    const { roomId } = started.body as ScribeTrainingStartResponse;
    // The Scribe hosts their practice room, as its Scribe.
    const practice = await keep(
      CaptionClient.connect(server.url, {
        user: { avaId: scribe.profile.avaId, userName: 'Sam' },
        identityToken: scribe.token,
        roomId,
        role: 'scribe',
      }),
    );
    await practice.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 60_000);
    let score: ScribeTrainingScore | undefined;
    await expect
      .poll(
        async () => {
          score = (await api(server.url, SCRIBE_API.trainingScore(roomId), { token: scribe.token }))
            .body as ScribeTrainingScore;
          return score.finished;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    // Nobody corrected anything: what is left is what the recogniser got wrong.
    expect(score!.referenceWords).toBeGreaterThan(15);
    expect(score!.errorsFixed).toBe(0);
    expect(score!.errorsLeft).toBe(score!.asrErrors);
    expect(score!.wer).toBeCloseTo(score!.asrWer);
    expect(score!.wer).toBeLessThan(1);
    console.log(`training ${item.name}: recogniser WER ${(score!.asrWer * 100).toFixed(1)}%`);

    // Someone else's room has no score for them; a non-Scribe cannot start one.
    const other = await api(server.url, SCRIBE_API.trainingScore(roomId), { token: plain.token });
    expect(other.status).toBe(404);
    const refused = await api(server.url, SCRIBE_API.trainingStart(item.name), {
      method: 'POST',
      token: plain.token,
      body: {},
    });
    expect(refused.status).toBe(403);
  }, 150_000);

  it('plays a French item (issue 28) into a practice room in French, scored against its French text', async () => {
    const list = await api(server.url, SCRIBE_API.training, { token: scribe.token });
    const items = (list.body as { items: ScribeTrainingItem[] }).items;
    const french = items.filter((i) => i.language === 'fr-FR');
    expect(french.map((i) => i.name)).toEqual(['actualites-fr', 'declarations-fr']);
    const item = french[0]!;
    const started = await api(server.url, SCRIBE_API.trainingStart(item.name), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(started.status).toBe(200);
    const { roomId } = started.body as ScribeTrainingStartResponse;
    expect((started.body as ScribeTrainingStartResponse).item).toMatchObject({ language: 'fr-FR' });
    const practice = await keep(
      CaptionClient.connect(server.url, {
        user: { avaId: scribe.profile.avaId, userName: 'Sam' },
        identityToken: scribe.token,
        roomId,
        role: 'scribe',
      }),
    );
    // The recording's captions are in the item's language.
    const final = await practice.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 60_000);
    expect(final.type === 'transcript' && final.transcript.speechLang).toBe('fr-FR');
    const score = (await api(server.url, SCRIBE_API.trainingScore(roomId), { token: scribe.token }))
      .body as ScribeTrainingScore;
    // "l'accident a eu lieu en terrain montagneux …": the three FLEURS sentences' words.
    expect(score.referenceWords).toBeGreaterThan(50);
    expect(score.finished).toBe(false);
  }, 120_000);
});
