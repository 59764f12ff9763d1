/**
 * Credits and caption tiers through the real server (docs/credits.md), with the real engine
 * (PocketSphinx), database (PGlite) and identity provider (the Firebase Auth emulator), and a
 * fake clock for the credit meters (ServerOverrides.creditClock): Premium credit counted down by
 * the second while a Premium stream runs (recurring before extra); Premium asked for without
 * entitlement served as Basic and said so; credit running out moving the next utterance to
 * Basic without cutting the one under way; a plan's Premium counting nothing; Scribes for
 * organisation licence holders only, their time taken from scribeCredit until none is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { BUSINESS_API } from '../../src/shared/business-api';
import type { UserCredits } from '../../src/shared/credits';
import type { ServerMessage } from '../../src/shared/protocol';
import { SCRIBE_API } from '../../src/shared/scribe/api';
import { SCRIBE_ERRORS } from '../../src/shared/scribe/model';
import type { UserProfile } from '../../src/shared/user';
import { randomId } from '../../src/shared/ids';
import { CreditRepository } from '../../src/server/credits/repository';
import { PREMIUM_NOT_ENTITLED_MESSAGE } from '../../src/server/socket/connection';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { FakeIntervalClock } from '../helpers/fake-interval-clock';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { speak, streamStopped, transcriptsSince } from '../helpers/speak';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';

let emulator: SharedAuthEmulator;
let emulatorClient: EmulatorClient;
let server: TestServer;
let clock: FakeIntervalClock;
let credits: CreditRepository;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
const clients: CaptionClient[] = [];

interface Person {
  token: string;
  profile: UserProfile;
}

async function person(name: string): Promise<Person> {
  const signedIn = await emulatorClient.verifiedUser(`${name}-${tag}@example.com`);
  const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token: signedIn.idToken,
    body: { userName: name },
  });
  expect(created.status).toBe(200);
  return { token: signedIn.idToken, profile: created.body as UserProfile };
}

async function connect(who: Person, roomId?: string, role?: 'scribe'): Promise<CaptionClient> {
  const client = await CaptionClient.connect(server.url, {
    user: { avaId: who.profile.avaId, userName: who.profile.userName },
    identityToken: who.token,
    ...(roomId ? { roomId } : {}),
    ...(role ? { role } : {}),
  });
  clients.push(client);
  return client;
}

async function creditsOf(who: Person): Promise<UserCredits> {
  const answer = await api(server.url, BUSINESS_API.userCredits(who.profile.avaId), { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body as UserCredits;
}

/** Polls the credits route until `check` holds (the meters store asynchronously). */
async function creditsUntil(who: Person, check: (c: UserCredits) => boolean): Promise<UserCredits> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const now = await creditsOf(who);
    if (check(now) || Date.now() > deadline) return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The own stream as the latest status says, once a status shows one matching `usePaidASR`. */
async function ownStream(client: CaptionClient, usePaidASR: boolean, from: number) {
  const update = await client.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.status.audioStreams.some((s) => s.avaId === client.user.avaId && s.usePaidASR === usePaidASR),
    30_000,
    from,
  );
  if (update.type !== 'room-status-update') throw new Error('not a status');
  return update.status.audioStreams.find((s) => s.avaId === client.user.avaId)!;
}

/** Everything the server had to do for this client's earlier messages is done once it answers a ping. */
async function roundTrip(client: CaptionClient): Promise<void> {
  const mark = client.received.length;
  client.send({ type: 'ping', clientTimeMs: Date.now() });
  await client.waitFor((m) => m.type === 'PONG', 10_000, mark);
}

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
  clock = new FakeIntervalClock(Date.now());
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      HEARKEN_SCRIBE_EMAILS: `sam-${tag}@example.com`,
    },
    overrides: { creditClock: clock },
  });
  credits = new CreditRepository(server.database.db);
}, 300_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  removeDataDir(dataDir);
});

describe('Premium credit', () => {
  it('is counted down by the second while a Premium stream runs, recurring before extra', async () => {
    const ada = await person('ada');
    await credits.grant(
      ada.profile.avaId,
      { recurringPremiumASRCredit: 4000, extraPremiumASRCredit: 60_000 },
      Date.now(),
    );
    const client = await connect(ada);
    const mark = client.received.length;
    client.startAudio();
    expect((await ownStream(client, true, mark)).usePaidASR).toBe(true);
    // Ten seconds served, by the fake clock.
    clock.advance(10_000);
    const captions = await speak(client, devSamples(CAPTION_TEST_FILE), { alreadyRecording: true });
    expect(captions.some((t) => t.isFinal && t.texts[t.speechLang])).toBe(true);
    expect(captions.every((t) => t.usePaidASR)).toBe(true);
    expect(
      await creditsUntil(ada, (c) => c.recurringPremiumASRCredit === 0 && c.extraPremiumASRCredit === 54_000),
    ).toEqual({ scribeCredit: 0, recurringPremiumASRCredit: 0, extraPremiumASRCredit: 54_000 });
    // Stopped: time passing now is nobody's.
    clock.advance(10_000);
    await roundTrip(client);
    expect(await creditsOf(ada)).toMatchObject({ extraPremiumASRCredit: 54_000 });
  });

  it('serves Basic to a client asking for Premium without entitlement, and tells it so', async () => {
    const bo = await person('bo');
    const client = await connect(bo);
    let mark = client.received.length;
    client.send({ type: 'connection-params-update', usePaidASR: true });
    expect(await client.waitFor((m) => m.type === 'error', 10_000, mark)).toEqual({
      type: 'error',
      error: { code: 'not-entitled', message: PREMIUM_NOT_ENTITLED_MESSAGE },
      inReplyTo: 'connection-params-update',
    });
    mark = client.received.length;
    const captions = await speak(client, devSamples(CAPTION_TEST_FILE));
    expect(captions.some((t) => t.isFinal && t.texts[t.speechLang])).toBe(true);
    expect(captions.every((t) => !t.usePaidASR)).toBe(true);
    const started = client.received
      .slice(mark)
      .map((r) => r.message)
      .find((m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started');
    expect(started?.type === 'room-status-update' && started.status.audioStreams).toEqual([
      expect.objectContaining({ avaId: bo.profile.avaId, usePaidASR: false }),
    ]);
    // Nothing was spent: there was nothing to spend.
    expect(await creditsOf(bo)).toEqual({
      scribeCredit: 0,
      extraPremiumASRCredit: 0,
      recurringPremiumASRCredit: 0,
    });
  });

  it('running out moves the next utterance to Basic, never the one being said', async () => {
    const cy = await person('cy');
    await credits.grant(cy.profile.avaId, { extraPremiumASRCredit: 3000 }, Date.now());
    const client = await connect(cy);
    const mark = client.received.length;
    client.startAudio();
    const premium = await ownStream(client, true, mark);
    const speech = devSamples(CAPTION_TEST_FILE);
    const pacer = new ChunkPacer(3);
    // The first words, until the line is on screen: an utterance under way.
    await streamAudio(client, speech.subarray(0, 16_000 * 3), { speed: 3, pacer });
    await client.waitFor(
      (m) => m.type === 'transcript' && !m.transcript.isFinal && m.transcript.trackName === premium.trackId,
      30_000,
      mark,
    );
    const exhaustedAt = client.received.length;
    clock.advance(3000);
    await roundTrip(client);
    // Still Premium mid-sentence.
    const early = client.received
      .slice(exhaustedAt)
      .map((r) => r.message)
      .filter(
        (m): m is Extract<ServerMessage, { type: 'room-status-update' }> => m.type === 'room-status-update',
      );
    expect(early.every((m) => m.status.audioStreams.every((s) => s.usePaidASR))).toBe(true);
    // The rest of the sentence, a pause, and another sentence.
    await streamAudio(client, speech.subarray(16_000 * 3), { speed: 3, pacer });
    await streamAudio(client, new Int16Array(16_000 * 2), { speed: 3, pacer });
    const basic = await ownStream(client, false, exhaustedAt);
    expect(basic.trackId).not.toBe(premium.trackId);
    // The Premium stream's own stop (after its last final), so the stop awaited below is the Basic one's.
    await client.waitFor(
      (m) =>
        m.type === 'room-status-update' &&
        m.reason === 'audio-stream-stopped' &&
        m.status.audioStreams.some((s) => s.trackId === basic.trackId),
      30_000,
      exhaustedAt,
    );
    await streamAudio(client, devSamples('1688-142285-0003.wav'), { speed: 3, pacer });
    await streamAudio(client, new Int16Array(16_000), { speed: 3, pacer });
    const stopMark = client.received.length;
    client.stopAudio();
    await streamStopped(client, cy.profile.avaId, stopMark);

    const finals = transcriptsSince(client, mark).filter((t) => t.isFinal && t.texts[t.speechLang]);
    const onPremium = finals.filter((t) => t.trackName === premium.trackId);
    const onBasic = finals.filter((t) => t.trackName === basic.trackId);
    // The sentence under way finished on Premium; the next came on Basic.
    expect(onPremium.length).toBeGreaterThan(0);
    expect(onPremium.every((t) => t.usePaidASR)).toBe(true);
    const seen = () =>
      JSON.stringify(
        client.received
          .slice(mark)
          .map(({ message: m }) =>
            m.type === 'transcript'
              ? [
                  m.transcript.trackName,
                  m.transcript.isFinal,
                  m.transcript.usePaidASR,
                  m.transcript.texts[m.transcript.speechLang],
                ]
              : m.type === 'room-status-update'
                ? [m.reason, m.status.audioStreams]
                : m.type === 'error'
                  ? [m.error.code, m.error.message]
                  : m.type,
          ),
      );
    expect(onBasic.length, seen()).toBeGreaterThan(0);
    expect(onBasic.every((t) => !t.usePaidASR)).toBe(true);
    expect(Math.max(...onPremium.map((t) => t.index))).toBeLessThan(Math.min(...onBasic.map((t) => t.index)));
    // Exactly what there was, never below 0.
    expect(await creditsUntil(cy, (c) => c.extraPremiumASRCredit === 0)).toEqual({
      scribeCredit: 0,
      extraPremiumASRCredit: 0,
      recurringPremiumASRCredit: 0,
    });
  });
});

describe('plans and Scribes', () => {
  let admin: Person;

  beforeAll(async () => {
    admin = await person('admin');
    const org = await api(server.url, BUSINESS_API.organization, {
      method: 'POST',
      token: admin.token,
      body: { type: 'edu', name: `Credits School ${tag}`, role: 'admin', size: '1-10' },
    });
    expect(org.status).toBe(201);
    const trial = await api(server.url, BUSINESS_API.activateTrial, {
      method: 'POST',
      token: admin.token,
      body: { avaId: admin.profile.avaId, channel: 'web', planType: 'Pro' },
    });
    expect(trial.status).toBe(201);
    await credits.grant(admin.profile.avaId, { extraPremiumASRCredit: 20_000 }, Date.now());
  });

  it('serves a Pro plan Premium and counts none of its credit', async () => {
    const client = await connect(admin);
    const mark = client.received.length;
    client.startAudio();
    await ownStream(client, true, mark);
    clock.advance(5000);
    const captions = await speak(client, devSamples(CAPTION_TEST_FILE), { alreadyRecording: true });
    expect(captions.every((t) => t.usePaidASR)).toBe(true);
    expect(await creditsOf(admin)).toMatchObject({ extraPremiumASRCredit: 20_000 });
    await client.close();
  });

  it('refuses a Scribe to a guest and to an account without an organisation licence', async () => {
    const guest = await createGuest(server.url, 'Gil Guest');
    const asGuest = await CaptionClient.connect(server.url, { user: guest });
    clients.push(asGuest);
    const plain = await connect(await person('plain'));
    for (const client of [asGuest, plain]) {
      const mark = client.received.length;
      client.send({ type: 'request-scribe', correctionMode: 'fast' });
      expect(await client.waitFor((m) => m.type === 'error', 10_000, mark)).toMatchObject({
        error: { code: 'scribe-request-failed', message: SCRIBE_ERRORS['organizations-only'] },
        inReplyTo: 'request-scribe',
      });
    }
    expect(SCRIBE_ERRORS['organizations-only']).toBe('Scribe captions are for organizations only.');
  });

  it('takes a served Scribe’s time from scribeCredit by the second, and ends it when none is left', async () => {
    const host = await connect(admin);
    // A licence but no Scribe time: refused, saying why.
    let mark = host.received.length;
    host.send({ type: 'request-scribe', correctionMode: 'fast' });
    expect(await host.waitFor((m) => m.type === 'error', 10_000, mark)).toMatchObject({
      error: { code: 'scribe-request-failed', message: SCRIBE_ERRORS['no-scribe-credit'] },
    });

    await credits.grant(admin.profile.avaId, { scribeCredit: 60_000 }, Date.now());
    mark = host.received.length;
    host.send({ type: 'request-scribe', correctionMode: 'fast' });
    const pending = await host.waitFor(
      (m) => m.type === 'room-status-update' && m.status.scribe?.status === 'pending',
      10_000,
      mark,
    );
    const requestId = pending.type === 'room-status-update' ? pending.status.scribe!.requestId : '';
    const scribe = await person('sam');
    expect(scribe.profile.features.scribe).toBe(true);
    const accepted = await api(server.url, SCRIBE_API.accept(requestId), {
      method: 'POST',
      token: scribe.token,
      body: {},
    });
    expect(accepted.status).toBe(200);
    mark = host.received.length;
    await connect(scribe, host.roomId, 'scribe');
    await host.waitFor(
      (m) => m.type === 'room-status-update' && m.status.scribe?.status === 'ongoing',
      10_000,
      mark,
    );

    clock.advance(5000);
    expect(await creditsUntil(admin, (c) => c.scribeCredit === 55_000)).toMatchObject({
      scribeCredit: 55_000,
    });

    // Two seconds left: the second one spends it, and the Scribe's session ends.
    await credits.grant(admin.profile.avaId, { scribeCredit: -53_000 }, Date.now());
    mark = host.received.length;
    clock.advance(2000);
    await host.waitFor(
      (m) => m.type === 'room-status-update' && m.status.scribe?.status === 'ended',
      10_000,
      mark,
    );
    expect(await creditsOf(admin)).toMatchObject({ scribeCredit: 0 });
  });
});
