/**
 * Voiced replies through the real server and the real eSpeak NG: every voice answers a
 * request-text-to-speech with audio that decodes as WAV and lasts what its text should; only
 * the sender receives the voice, while everyone receives the line once, typed; the voice routes
 * (list, sample, gender preference) with their access rules; and a server without eSpeak NG
 * says so, answers each request with that reason, and still adds the line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TtsGenderPreferenceResponse, type TtsVoicesResponse } from '../../src/shared/api';
import { identityAuthorization } from '../../src/shared/auth';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import { TTS_VOICE_TABLE, estimateTtsDurationMs, voiceIdOf } from '../../src/shared/tts';
import { base64ToInt16, concatInt16 } from '../../src/shared/tts-audio';
import { TTS_VOICES, type UserProfile } from '../../src/shared/user';
import { encodeWav, parseWav } from '../../src/shared/wav';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

const REPLY = 'Thank you, I will send the minutes to everyone after lunch, and we can talk again on Friday.';

type Tts = ServerMessageOf<'response-text-to-speech'>;

const clients: CaptionClient[] = [];
let emulator: SharedAuthEmulator;
let accounts: EmulatorClient;

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  accounts = new EmulatorClient(emulator.url, emulator.projectId);
});

/** A server that knows the Auth emulator, so accounts can call the voice routes. */
const withAccounts = (env: Record<string, string> = {}) =>
  startTestServer({
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      ...env,
    },
  });

/** A signed-in account's identity token. */
async function account(email: string): Promise<string> {
  const { idToken } = await accounts.verifiedUser(email);
  return idToken;
}

function roomName(client: CaptionClient): string {
  const status = client.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  return status.status.name!;
}

async function room(server: TestServer) {
  const host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Ada Host') });
  const user = await createGuest(server.url, 'Bo Deaf');
  const found = await resolveRoomName(server.url, roomName(host), user);
  const bo = await CaptionClient.connect(server.url, { user, roomId: found.roomId, token: found.token });
  clients.push(host, bo);
  return { host, bo };
}

/** The answers to one request, once its `isDone` has arrived. */
async function answers(client: CaptionClient, requestId: string): Promise<Tts[]> {
  await client.waitFor(
    (m) => m.type === 'response-text-to-speech' && m.requestId === requestId && m.isDone,
    10_000,
  );
  return client.received
    .map((r) => r.message)
    .filter((m): m is Tts => m.type === 'response-text-to-speech' && m.requestId === requestId);
}

const typedLines = (client: CaptionClient) =>
  client.received
    .map((r) => r.message)
    .flatMap((m: ServerMessage) => (m.type === 'transcript' ? [m.transcript] : []))
    .filter((t) => t.trackName === 'keyboard');

describe('voiced replies with eSpeak NG', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withAccounts();
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) await c.close();
    await server?.close();
    removeDataDir(server.dataDir);
  });

  it('reads a reply in every voice as playable audio of a plausible length, for its sender only', async () => {
    expect(server.tts.ok).toBe(true);
    const { host, bo } = await room(server);
    for (const voice of TTS_VOICES) {
      const requestId = `reply-${voice}`;
      bo.send({
        type: 'request-text-to-speech',
        requestId,
        text: REPLY,
        voiceId: voiceIdOf(voice),
        lang: 'en-US',
      });
      const parts = await answers(bo, requestId);
      const last = parts.at(-1)!;
      expect(last.error).toBeUndefined();
      expect(parts.filter((p) => p.isDone)).toHaveLength(1);
      expect(parts.every((p) => p.voiceId === voiceIdOf(voice))).toBe(true);
      const samples = concatInt16(parts.filter((p) => p.audio).map((p) => base64ToInt16(p.audio!)!));
      // The client plays it as a WAV file: it decodes, mono 16-bit at the engine's rate.
      const audio = parseWav(encodeWav(samples, parts[0]!.sampleRate!));
      expect(audio.sampleRate).toBe(22_050);
      const ms = (audio.samples.length / audio.sampleRate) * 1000;
      const estimate = estimateTtsDurationMs(REPLY, 'en-US', voice);
      expect(parts[0]!.estimatedDurationMs).toBe(estimate);
      // 17 words: no longer than the estimate the client keeps the microphone muted for, and
      // not much shorter than the words at the voice's pace.
      expect(ms).toBeLessThanOrEqual(estimate);
      expect(ms).toBeGreaterThan(17 * TTS_VOICE_TABLE[voice].perWordMs * 0.6);
      // The first chunk is small, so it leaves as soon as the engine starts.
      expect(base64ToInt16(parts[0]!.audio!)!.length).toBeLessThanOrEqual(2048);
    }
    // Everyone has each reply once, as Bo's typed line; nobody else received the voice.
    await host.waitFor(() => typedLines(host).length === TTS_VOICES.length, 5000);
    for (const client of [host, bo]) {
      const lines = typedLines(client);
      expect(lines).toHaveLength(TTS_VOICES.length);
      expect(lines.every((t) => t.author === bo.user.avaId && t.texts['en-US'] === REPLY && !t.asr)).toBe(
        true,
      );
    }
    expect(host.received.some((r) => r.message.type === 'response-text-to-speech')).toBe(false);
  });

  it('plays the voice in the rooms of members who asked for it (downAudio), and only theirs', async () => {
    const { host, bo } = await room(server);
    const user = await createGuest(server.url, 'Cy Listener');
    const cy = await CaptionClient.connect(server.url, {
      user,
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    clients.push(cy);
    cy.send({ type: 'connection-params-update', downAudio: true });
    // The update is handled before the ping's answer.
    cy.send({ type: 'ping', clientTimeMs: 1 });
    await cy.waitFor((m) => m.type === 'PONG', 5000);
    bo.send({
      type: 'request-text-to-speech',
      requestId: 'shared',
      text: REPLY,
      voiceId: 'onyx',
      lang: 'en-US',
    });
    const own = await answers(bo, 'shared');
    const heard = await answers(cy, `${bo.user.avaId}.shared`);
    expect(heard.every((m) => m.fromAvaId === bo.user.avaId && m.voiceId === 'openai-onyx')).toBe(true);
    expect(heard.map((m) => m.audio)).toEqual(own.map((m) => m.audio));
    expect(own.some((m) => m.fromAvaId)).toBe(false);
    // The host did not ask: nothing; and Cy's own replies are not played back to Cy.
    expect(host.received.some((r) => r.message.type === 'response-text-to-speech')).toBe(false);
    cy.send({
      type: 'request-text-to-speech',
      requestId: 'cy1',
      text: 'Me too.',
      voiceId: 'nova',
      lang: 'en-US',
    });
    await answers(cy, 'cy1');
    expect(
      cy.received.filter(
        (r) => r.message.type === 'response-text-to-speech' && r.message.fromAvaId === user.avaId,
      ),
    ).toEqual([]);
  });

  it('reads French with a French voice', async () => {
    const { bo } = await room(server);
    bo.send({
      type: 'request-text-to-speech',
      requestId: 'fr',
      text: 'Merci, je vous envoie le compte rendu après le déjeuner.',
      voiceId: 'nova',
      lang: 'fr-FR',
    });
    const parts = await answers(bo, 'fr');
    expect(parts.at(-1)!.error).toBeUndefined();
    const samples = concatInt16(parts.filter((p) => p.audio).map((p) => base64ToInt16(p.audio!)!));
    expect(samples.length / 22_050).toBeGreaterThan(1.5);
  });

  it('refuses an unknown voice (adding no line), a read-only member and a flood', async () => {
    const { host, bo } = await room(server);
    bo.send({ type: 'request-text-to-speech', requestId: 'bad', text: 'hello', voiceId: 'openai-bogus' });
    const bad = (await bo.waitFor((m) => m.type === 'error', 5000)) as ServerMessageOf<'error'>;
    expect(bad.error).toEqual({
      code: 'invalid-message',
      message: 'request-text-to-speech.voiceId: no voice is named openai-bogus',
    });
    expect(typedLines(bo)).toHaveLength(0);

    const user = await createGuest(server.url, 'Dee Reader');
    const reader = await CaptionClient.connect(server.url, {
      user,
      roomId: host.roomId,
      token: host.linkToken('ro'),
    });
    clients.push(reader);
    reader.send({ type: 'request-text-to-speech', requestId: 'ro', text: 'hello' });
    const refused = (await reader.waitFor((m) => m.type === 'error', 5000)) as ServerMessageOf<'error'>;
    expect(refused.error.code).toBe('forbidden');

    for (let i = 0; i < 40; i++)
      bo.send({ type: 'request-text-to-speech', requestId: `f${i}`, text: `line ${i}` });
    const limited = (await bo.waitFor(
      (m) => m.type === 'error' && m.error.code === 'rate-limited',
      10_000,
    )) as ServerMessageOf<'error'>;
    expect(limited.error.message).toBe('replies are being voiced too fast; wait a moment');
  });

  it('lists the six voices for a language, to accounts', async () => {
    const token = await account('list@example.com');
    await api(server.url, `${API.usersMe}?channel=web-v2`, { method: 'PATCH', token, body: {} });
    const get = (lang: string, authorization = identityAuthorization(token)) =>
      fetch(`${server.url}${API.ttsVoices}?lang=${lang}`, { headers: { authorization } });
    const response = await get('fr-FR');
    expect(response.status).toBe(200);
    const list = (await response.json()) as TtsVoicesResponse;
    expect(list.available).toBe(true);
    expect(list.voices.map((v) => v.voiceProviderId)).toEqual([...TTS_VOICES]);
    expect(list.voices.find((v) => v.selected)?.voiceId).toBe('openai-echo');
    const unknown = (await (await get('xx-YY')).json()) as TtsVoicesResponse;
    expect(unknown).toMatchObject({ available: false, problem: 'no voice reads xx-YY on this server' });
    expect((await get('%3Cscript%3E')).status).toBe(400);
    // Guests use the built-in set on their device.
    const guest = await createGuest(server.url, 'Gus');
    expect((await get('en-US', guestHeaders(guest).authorization)).status).toBe(403);
  });

  it('answers a sample to listen to, to accounts only', async () => {
    const token = await account('sample@example.com');
    const post = (
      body: unknown,
      headers: Record<string, string> = { authorization: identityAuthorization(token) },
    ) =>
      fetch(`${server.url}${API.ttsVoicesSample}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const durations: number[] = [];
    for (const body of [
      { lang: 'en-US', gender: 'female' },
      { lang: 'en-US', voiceId: 'openai-onyx' },
    ]) {
      const response = await post(body);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      const audio = parseWav(new Uint8Array(await response.arrayBuffer()));
      durations.push(audio.samples.length / audio.sampleRate);
    }
    for (const seconds of durations) expect(seconds).toBeGreaterThan(1.5);
    // A female and a male voice: two different recordings.
    expect(durations[0]).not.toBe(durations[1]);
    expect((await post({ lang: 'en-US', voiceId: 'bogus' })).status).toBe(400);
    expect((await post({ lang: 'xx-YY' })).status).toBe(400);
    expect((await post({ gender: 'male' })).status).toBe(400);
    expect((await post({ lang: 'en-US' }, {})).status).toBe(401);
    const guest = await createGuest(server.url, 'Eve Listener');
    expect((await post({ lang: 'en-US' }, guestHeaders(guest))).status).toBe(403);
  });
});

describe('a server without eSpeak NG', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withAccounts({ HEARKEN_ESPEAK_NG: '/nonexistent/espeak-ng' });
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) await c.close();
    await server?.close();
    removeDataDir(server.dataDir);
  });

  it('says so once at start, answers each request with the reason, and still adds the line', async () => {
    expect(server.tts).toEqual({
      ok: false,
      error: expect.stringContaining('/nonexistent/espeak-ng was not found') as string,
    });
    const { host, bo } = await room(server);
    bo.send({ type: 'request-text-to-speech', requestId: 'off', text: 'Can you hear this?' });
    const [answer] = await answers(bo, 'off');
    expect(answer).toMatchObject({ isDone: true });
    expect(answer!.error).toMatch(/^text-to-speech is unavailable: eSpeak NG is not available/);
    expect(answer!.error).toContain('apt-get install espeak-ng');
    await host.waitFor((m) => m.type === 'transcript' && m.transcript.trackName === 'keyboard', 5000);
    expect(typedLines(host).map((t) => t.texts['en-US'])).toEqual(['Can you hear this?']);

    const token = await account('off@example.com');
    const authorization = identityAuthorization(token);
    const list = (await (
      await fetch(`${server.url}${API.ttsVoices}?lang=en-US`, { headers: { authorization } })
    ).json()) as TtsVoicesResponse;
    expect(list.available).toBe(false);
    expect(list.problem).toContain('eSpeak NG is not available');
    const sample = await fetch(`${server.url}${API.ttsVoicesSample}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en-US' }),
    });
    expect(sample.status).toBe(503);
  });
});

describe('an account’s voice', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withAccounts();
  });
  afterAll(async () => {
    await server?.close();
    removeDataDir(server.dataDir);
  });

  it('keeps the preferred gender and the chosen voice, and the list marks the voice they give', async () => {
    const token = await account('voice@example.com');
    // Before the profile exists: the default is read, nothing can be saved.
    expect((await api(server.url, API.ttsGenderPreference, { token })).body).toEqual({ gender: 'male' });
    const early = await api(server.url, API.ttsGenderPreference, {
      method: 'POST',
      token,
      body: { gender: 'female' },
    });
    expect(early.status).toBe(400);
    await api(server.url, `${API.usersMe}?channel=web-v2`, { method: 'PATCH', token, body: {} });
    expect((await api(server.url, API.ttsGenderPreference, { token })).body).toEqual({ gender: 'male' });
    const saved = await api(server.url, API.ttsGenderPreference, {
      method: 'POST',
      token,
      body: { gender: 'female' },
    });
    expect(saved.body).toEqual({ gender: 'female' } satisfies TtsGenderPreferenceResponse);
    expect(
      (await api(server.url, API.ttsGenderPreference, { method: 'POST', token, body: { gender: 'robot' } }))
        .status,
    ).toBe(400);
    const me = (await api(server.url, API.usersMe, { token })).body as UserProfile;
    expect(me.ttsGender).toBe('female');
    const list = async () =>
      (
        (await (
          await fetch(`${server.url}${API.ttsVoices}?lang=en-US`, {
            headers: { authorization: identityAuthorization(token) },
          })
        ).json()) as TtsVoicesResponse
      ).voices.find((v) => v.selected)?.voiceId;
    // No voice chosen: the first of the preferred gender.
    expect(await list()).toBe('openai-nova');
    await api(server.url, API.ttsVoice, { method: 'POST', token, body: { voiceId: 'openai-fable' } });
    expect(await list()).toBe('openai-fable');
    // Guests keep theirs on the device: the account's preference is not theirs to read.
    const guest = await createGuest(server.url, 'Gus');
    const refused = await fetch(`${server.url}${API.ttsGenderPreference}`, { headers: guestHeaders(guest) });
    expect(refused.status).toBe(403);
  });
});
