/**
 * The organisation's vocabulary reaches recognition (issue 28): its admin sets the words in the
 * workspace settings; a member's stream is decoded by the real recogniser (PocketSphinx) with
 * them in its boost list, with the member's own words; someone outside the organisation saying
 * the same words is not given them. "HELSTONE" is not in the recogniser's dictionary: the plain
 * engine writes "halston", so the word captioned says whose list it was in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_API } from '../../src/shared/business-api';
import { randomId } from '../../src/shared/ids';
import type { ServerMessage } from '../../src/shared/protocol';
import { CaptionClient, streamAudio } from '../../scripts/lib/socket-client';
import { EmulatorClient } from '../helpers/auth-emulator';
import { type Person, organizationPeople } from '../helpers/organization-people';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import { devSamples } from '../helpers/speech';
import type { SharedAuthEmulator } from '../setup/auth-emulator';

let emulator: SharedAuthEmulator;
let server: TestServer;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
let admin: Person;
let member: Person;
let outsider: Person;
const clients: CaptionClient[] = [];

const { call, person, me } = organizationPeople(
  () => server.url,
  () => new EmulatorClient(emulator.url, emulator.projectId),
  tag,
);

beforeAll(async () => {
  emulator = await sharedAuthEmulator();
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      // Boost for everyone: these accounts have no paid plan (the plan check is boost-words.test.ts's).
      HEARKEN_BOOST_FOR: 'everyone',
    },
  });
  admin = await person('admin');
  const created = await call(admin, BUSINESS_API.organization, 'POST', {
    type: 'hr',
    name: `Vocabulary Works ${tag}`,
    role: 'admin',
    size: '11-50',
  });
  expect(created.status).toBe(201);
  const organizationId = (await me(admin)).organizationId!;
  member = await person('mem');
  expect((await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: member.email })).status).toBe(
    201,
  );
  expect((await call(member, BUSINESS_API.invitation(organizationId), 'POST')).status).toBe(200);
  outsider = await person('out');
  const set = await call(admin, BUSINESS_API.workspaceSettings, 'PATCH', {
    vocabulary: ['Helstone', 'Milton'],
  });
  expect(set.status).toBe(200);
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  removeDataDir(dataDir);
});

async function connect(who: Person): Promise<CaptionClient> {
  const client = await CaptionClient.connect(server.url, {
    user: { avaId: who.profile.avaId, userName: who.profile.userName },
    identityToken: who.token,
  });
  clients.push(client);
  return client;
}

/** Sends `message` and waits for the `user-boost-words` answer. */
async function boostList(client: CaptionClient): Promise<ServerMessage> {
  const from = client.received.length;
  client.send({ type: 'access-boost-words', action: 'list' });
  return client.waitFor((m) => m.type === 'user-boost-words', 10_000, from);
}

/** The recogniser's final caption of "… ACCUSING PEOPLE OF BEING SHOPPY AT HELSTONE". */
async function captionOf(client: CaptionClient): Promise<string> {
  const from = client.received.length;
  client.startAudio();
  await streamAudio(client, devSamples('1688-142285-0005.wav'), { speed: 4 });
  await streamAudio(client, new Int16Array(24_000), { speed: 4 });
  const final = await client.waitFor(
    (m) =>
      m.type === 'transcript' &&
      m.transcript.isFinal &&
      m.transcript.origin === 'asr' &&
      Boolean(m.transcript.texts['en-US']),
    60_000,
    from,
  );
  client.stopAudio();
  return final.type === 'transcript' ? (final.transcript.texts['en-US'] ?? '').toLowerCase() : '';
}

describe('the organisation vocabulary in recognition', () => {
  it('reaches a member’s recognition though their own list is empty, which stays their own', async () => {
    const client = await connect(member);
    // The list the person keeps and changes is theirs: the organisation's words are not in it.
    expect(await boostList(client)).toMatchObject({ words: [] });
    expect(await captionOf(client)).toContain('helstone');
  });

  it('is not given to someone outside the organisation', async () => {
    const client = await connect(outsider);
    const caption = await captionOf(client);
    expect(caption).not.toContain('helstone');
    // The same line was recognised, without the word.
    expect(caption).toContain('accusing');
  });
});
