/**
 * Accounts against the real Firebase Auth emulator and the real server: sign-up, email
 * verification through the emulator's action links, sign-in, token verification (and forged,
 * expired or foreign tokens refused), profile get-or-create (code 104) and updates, settings
 * kept across a restart, beta features, the desktop custom token, client logs stored and
 * forwarded, and an account joining a room over the socket.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API, type ServerConfigResponse } from '../../src/shared/api';
import { NO_TOKEN_MESSAGE } from '../../src/shared/auth';
import { USER_NOT_FOUND_CUSTOM_CODE } from '../../src/shared/constants';
import { CLIENT_LOG_EXTRA_MAX_KEYS, type ClientLogEntry, type UserProfile } from '../../src/shared/user';
import { ClientLogRepository } from '../../src/server/client-logs/repository';
import { EmulatorClient, api, forge } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let emulator: SharedAuthEmulator;
let client: EmulatorClient;
let server: TestServer;
let elastic: Server;
const bulkBodies: string[] = [];
const dataDir = tempDataDir();

function serverEnv(elasticUrl: string): Record<string, string> {
  return {
    FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
    HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
    HEARKEN_REMOTE_CONFIG: '{"web_enable_sso":true}',
    HEARKEN_LOGS_ELASTIC_URL: elasticUrl,
    HEARKEN_LOGS_ELASTIC_AUTH: 'ApiKey test-key',
  };
}

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  client = new EmulatorClient(emulator.url, emulator.projectId);
  // A stand-in Elasticsearch: answers the bulk API and keeps what it received.
  elastic = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bulkBodies.push(`${request.method} ${request.url} ${request.headers.authorization}\n${body}`);
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ errors: false, items: [] }));
    });
  });
  await new Promise<void>((resolve) => elastic.listen(0, '127.0.0.1', resolve));
  const address = elastic.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server = await startTestServer({ dataDir, env: serverEnv(`http://127.0.0.1:${port}`) });
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => elastic?.close(resolve));
  removeDataDir(dataDir);
});

async function createProfile(token: string): Promise<UserProfile> {
  const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token,
    body: {},
  });
  expect(created.status).toBe(200);
  return created.body as UserProfile;
}

describe('identity', () => {
  it('tells the web client where the identity provider is', async () => {
    const config = (await api(server.url, API.config)).body as ServerConfigResponse;
    expect(config.firebase).toMatchObject({ projectId: 'demo-hearken', emulatorUrl: emulator.url });
    expect(config.firebase?.ssoProviderId).toMatch(/^oidc\./);
  });

  it('signs up, refuses the unverified account, then accepts it once the email link is opened', async () => {
    const created = await client.signUp('ada@example.com', 'Secret!pass1');
    const unverified = await api(server.url, API.usersMe, { token: created.idToken });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({ error: { code: 'unverified-email' } });

    await client.sendVerificationEmail(created.idToken);
    const codes = await client.oobCodes();
    expect(codes.some((c) => c.email === 'ada@example.com' && c.requestType === 'VERIFY_EMAIL')).toBe(true);
    await client.verifyEmail('ada@example.com');

    // The old token still says "unverified": a token that claims less than the truth is refreshed.
    const refreshed = await client.refresh(created.refreshToken);
    const me = await api(server.url, API.usersMe, { token: refreshed });
    expect(me.status).toBe(400);
    expect(me.body).toMatchObject({ error: { code: USER_NOT_FOUND_CUSTOM_CODE } });

    const signedIn = await client.signIn('ada@example.com', 'Secret!pass1');
    const profile = await createProfile(signedIn.idToken);
    expect(profile).toMatchObject({
      firebaseAuthUID: signedIn.localId,
      userName: '',
      avaName: 'ada',
      channel: 'web-v2',
      emails: { password: 'ada@example.com' },
      subscription: { ongoingSubscription: 'Free' },
    });
    const again = await api(server.url, API.usersMe, { token: signedIn.idToken });
    expect(again.status).toBe(200);
    expect((again.body as UserProfile).avaId).toBe(profile.avaId);
  });

  it("answers the spec's message when a call needs a token and has none", async () => {
    const none = await api(server.url, API.usersMe);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: { code: 'no-token', content: { message: NO_TOKEN_MESSAGE } } });
    const bearer = await api(server.url, API.usersMe, { authorization: 'Bearer abc.def.ghi' });
    expect(bearer.status).toBe(401);
    expect((bearer.body as { error: { code: string } }).error.code).toBe('no-token');
  });

  it('refuses forged, expired, foreign and tampered tokens', async () => {
    const alice = await client.verifiedUser('alice@example.com');
    const bob = await client.verifiedUser('bob@example.com');
    await createProfile(alice.idToken);
    expect((await api(server.url, API.usersMe, { token: alice.idToken })).status).toBe(200);

    const provider = (c: Record<string, unknown>) => c.firebase as { sign_in_provider: string };
    const refusals: [string, string, string][] = [
      [
        'expired',
        forge(alice.idToken, (c) => ((c.exp = 1_600_000_000), (c.iat = 1_599_996_400))),
        'expired-token',
      ],
      ['wrong audience', forge(alice.idToken, (c) => (c.aud = 'another-project')), 'invalid-token'],
      [
        'wrong issuer',
        forge(alice.idToken, (c) => (c.iss = 'https://evil.example/demo-hearken')),
        'invalid-token',
      ],
      ['issued in the future', forge(alice.idToken, (c) => (c.iat = 4_000_000_000)), 'invalid-token'],
      [
        'unknown user',
        forge(alice.idToken, (c) => ((c.sub = 'nobody-at-all'), (c.user_id = 'nobody-at-all'))),
        'unknown-user',
      ],
      ['email changed', forge(alice.idToken, (c) => (c.email = 'bob@example.com')), 'claims-mismatch'],
      [
        'user switched',
        forge(alice.idToken, (c) => ((c.sub = bob.localId), (c.user_id = bob.localId))),
        'claims-mismatch',
      ],
      [
        'provider changed',
        forge(alice.idToken, (c) => (provider(c).sign_in_provider = 'google.com')),
        'claims-mismatch',
      ],
      ['not a token', 'abc.def.', 'invalid-token'],
    ];
    for (const [what, token, code] of refusals) {
      const response = await api(server.url, API.usersMe, { token });
      expect(response.status, what).toBe(401);
      expect((response.body as { error: { code: string } }).error.code, what).toBe(code);
    }

    // An unverified account cannot make itself verified by editing its token.
    const carol = await client.signUp('carol@example.com', 'Secret!pass1');
    const claimed = forge(carol.idToken, (c) => (c.email_verified = true));
    const response = await api(server.url, API.usersMe, { token: claimed });
    expect(response.status).toBe(401);
    expect((response.body as { error: { code: string } }).error.code).toBe('claims-mismatch');
  });

  it('mints a custom token the desktop app signs in with, as the same account', async () => {
    const user = await client.verifiedUser('desk@example.com');
    const profile = await createProfile(user.idToken);
    const minted = await api(server.url, API.customToken, {
      method: 'POST',
      token: user.idToken,
      body: { idToken: user.idToken },
    });
    expect(minted.status).toBe(200);
    const { customToken } = minted.body as { customToken: string };
    expect(customToken.split('.')).toHaveLength(3);
    const desktop = await client.signInWithCustomToken(customToken);
    const claims = JSON.parse(Buffer.from(desktop.idToken.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
    };
    expect(claims.sub).toBe(user.localId);
    const me = await api(server.url, API.usersMe, { token: desktop.idToken });
    expect((me.body as UserProfile).avaId).toBe(profile.avaId);

    // Someone else's idToken in the body is refused.
    const other = await client.verifiedUser('other-desk@example.com');
    const refused = await api(server.url, API.customToken, {
      method: 'POST',
      token: user.idToken,
      body: { idToken: other.idToken },
    });
    expect(refused.status).toBe(401);
  });

  it('creates profiles for provider sign-ins with the email of that provider', async () => {
    const google = await client.signInWithIdp('google.com', {
      sub: 'google-123',
      email: 'gina@example.com',
      name: 'Gina Google',
    });
    const profile = await createProfile(google.idToken);
    expect(profile.emails['google.com']).toBe('gina@example.com');
    expect(profile.avaName).toBe('Gina Google');
  });
});

describe('profile', () => {
  it('validates and saves the profile fields, and keeps the font size across a restart', async () => {
    const user = await client.verifiedUser('prof@example.com');
    const profile = await createProfile(user.idToken);
    const path = API.userV11(profile.avaId);
    const patch = (body: unknown) => api(server.url, path, { method: 'PATCH', token: user.idToken, body });

    const empty = await patch({ userName: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { content: { message: 'Please enter a name.' } } });
    const invalid = await patch({ userName: 'x' });
    expect(invalid.body).toMatchObject({ error: { content: { message: 'Invalid Username.' } } });
    const hearing = await patch({ hearingProfile: 5 });
    expect(hearing.status).toBe(400);
    expect(hearing.body).toMatchObject({ error: { content: { message: 'Invalid hearing profile' } } });
    const tooBig = await patch({ settings: { webFontSize: 61 } });
    expect(tooBig.status).toBe(400);
    const scribe = await patch({ flags: { scribe: true } });
    expect(scribe.status).toBe(403);

    const saved = await patch({ userName: ' Prof Xavier ', hearingProfile: 1, settings: { language: 'fr' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      userName: 'Prof Xavier',
      hearingProfile: 1,
      settings: { language: 'fr' },
    });

    const other = await client.verifiedUser('not-prof@example.com');
    await createProfile(other.idToken);
    const foreign = await api(server.url, path, {
      method: 'PATCH',
      token: other.idToken,
      body: { userName: 'Mallory' },
    });
    expect(foreign.status).toBe(403);

    const settings = await api(server.url, API.updateSettings, {
      method: 'POST',
      token: user.idToken,
      body: { data: { avaId: profile.avaId, firebaseAuthUID: user.localId, settings: { webFontSize: 40 } } },
    });
    expect(settings.status).toBe(200);
    // Settings merge: the language saved before is still there.
    expect(settings.body).toEqual({ result: { settings: { language: 'fr', webFontSize: 40 } } });

    const me = await api(server.url, API.usersMe, { token: user.idToken });
    expect((me.body as UserProfile).settings.webFontSize).toBe(40);

    const onboarding = await api(server.url, API.usersMe, {
      method: 'PATCH',
      token: user.idToken,
      body: { voicingProfile: 'type', ttsVoice: 'nova' },
    });
    expect(onboarding.body).toMatchObject({ voicingProfile: 'type', ttsVoice: 'nova' });
    const voice = await api(server.url, API.ttsVoice, {
      method: 'POST',
      token: user.idToken,
      body: { voiceId: 'openai-echo' },
    });
    expect((voice.body as UserProfile).ttsVoice).toBe('echo');

    const beta = await api(server.url, `${API.enrollBetaFeature}?platform=web`, {
      method: 'PATCH',
      token: user.idToken,
      body: { beta_feature_name: 'desktop_v2', enable_feature: true },
    });
    expect(beta.body).toEqual({ flags: { 'desktop-v2': true } });
    const unknownBeta = await api(server.url, `${API.enrollBetaFeature}?platform=web`, {
      method: 'PATCH',
      token: user.idToken,
      body: { beta_feature_name: 'scribe', enable_feature: true },
    });
    expect(unknownBeta.status).toBe(400);

    // The same data folder after a restart: the saved font size is what another device reads.
    await server.close();
    server = await startTestServer({ dataDir, env: serverEnv('http://127.0.0.1:9') });
    const afterRestart = await api(server.url, API.usersMe, { token: user.idToken });
    expect(afterRestart.body).toMatchObject({
      avaId: profile.avaId,
      userName: 'Prof Xavier',
      settings: { webFontSize: 40, language: 'fr' },
      features: { 'desktop-v2': true },
    });
  });

  it('lets web clients of the product domain call from their origin, and no one else', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}${API.usersMe}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'PATCH' },
      });
    const ours = await preflight('https://app.hearken.app');
    expect(ours.status).toBe(204);
    expect(ours.headers.get('access-control-allow-origin')).toBe('https://app.hearken.app');
    expect(ours.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const theirs = await preflight('https://evilhearken.app');
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the remote-config flags', async () => {
    const flags = await api(server.url, API.remoteConfig);
    expect(flags.body).toMatchObject({ web_enable_sso: true, convo_v2: false });
  });
});

describe('client logs', () => {
  it('stores the entries and forwards them to the Elasticsearch endpoint', async () => {
    // This test's server forwards to the stand-in Elasticsearch again (the restart above changed it).
    await server.close();
    const address = elastic.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server = await startTestServer({ dataDir, env: serverEnv(`http://127.0.0.1:${port}`) });

    const user = await client.verifiedUser('logger@example.com');
    const profile = await createProfile(user.idToken);
    const entry: ClientLogEntry = {
      tag: 'auth',
      msg: 'signed in',
      level: 'info',
      extra: { method: 'email' },
      os: 'Linux',
      app: 'web',
      browser: 'Chromium',
      device: 'desktop',
      timestamp: 1_800_000_000_000,
    };
    const posted = await api(server.url, API.clientLogs, {
      method: 'POST',
      token: user.idToken,
      body: [entry],
    });
    expect(posted.status).toBe(202);
    const stored = await new ClientLogRepository(server.database.db).latest(1);
    expect(stored[0]).toMatchObject({ ...entry, avaId: profile.avaId });

    await expect.poll(() => bulkBodies.length).toBeGreaterThan(0);
    const [requestLine, action, document] = bulkBodies.at(-1)!.split('\n');
    expect(requestLine).toBe('POST /_bulk ApiKey test-key');
    expect(JSON.parse(action!)).toEqual({ index: { _index: 'hearken-client-logs' } });
    expect(JSON.parse(document!)).toMatchObject({ tag: 'auth', msg: 'signed in', avaId: profile.avaId });

    const bad = await api(server.url, API.clientLogs, {
      method: 'POST',
      token: user.idToken,
      body: [{ tag: 'x' }],
    });
    expect(bad.status).toBe(400);

    // An entry's extra may have as many keys as shared/user.ts says, not one more.
    const extraOf = (keys: number) =>
      Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i]));
    const withKeys = (keys: number) =>
      api(server.url, API.clientLogs, {
        method: 'POST',
        token: user.idToken,
        body: [{ ...entry, extra: extraOf(keys) }],
      });
    expect((await withKeys(CLIENT_LOG_EXTRA_MAX_KEYS)).status).toBe(202);
    expect((await withKeys(CLIENT_LOG_EXTRA_MAX_KEYS + 1)).status).toBe(400);
  });
});

describe('socket', () => {
  function connect(params: Record<string, unknown>): Promise<{ type: string; error?: { code: string } }> {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    return new Promise((resolve, reject) => {
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection-params', ...params })));
      ws.on('message', (data) => {
        resolve(JSON.parse(data.toString()) as { type: string });
        ws.close();
      });
      ws.on('error', reject);
    });
  }

  it('lets an account join with its identity token, and not by its avaId alone', async () => {
    const user = await client.verifiedUser('talker@example.com');
    const profile = await createProfile(user.idToken);
    const roomId = `${profile.avaId}_room1`;
    const withToken = await connect({ speakerId: profile.avaId, roomId, identityToken: user.idToken });
    expect(withToken.type).toBe('connection-succeeded');
    const withoutToken = await connect({ speakerId: profile.avaId, roomId });
    expect(withoutToken).toMatchObject({ type: 'error', error: { code: 'forbidden' } });
    const other = await client.verifiedUser('impostor@example.com');
    const someoneElses = await connect({ speakerId: profile.avaId, roomId, identityToken: other.idToken });
    expect(someoneElses).toMatchObject({ type: 'error', error: { code: 'forbidden' } });
  });
});
