/**
 * Invite by user query through the real server and the Auth emulator (docs/socket.md): the host
 * finds accounts by name start or exact email (only those that allow it, names and avatar only,
 * never an email), invites one, who is asked in the conversation they have open and whose
 * acceptance makes them a member; the spec's join errors come back for oneself, for an unknown
 * or hidden account and for someone with no conversation open; look-ups are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { randomId } from '../../src/shared/ids';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import { CaptionClient } from '../../scripts/lib/socket-client';
import { EmulatorClient } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { type Person, organizationPeople } from '../helpers/organization-people';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let emulator: SharedAuthEmulator;
let server: TestServer;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
const clients: CaptionClient[] = [];
let host: Person;
let zoe: Person;
let zora: Person;
let hidden: Person;

const { call, person } = organizationPeople(
  () => server.url,
  () => new EmulatorClient(emulator.url, emulator.projectId),
  tag,
);

/** A person with a distinctive name of this run, findable or not. */
async function named(name: string, findable: boolean): Promise<Person> {
  const who = await person(name.toLowerCase());
  const patched = await call(who, `${API.usersMe}?channel=web-v2`, 'PATCH', {
    avaName: `${name} ${tag}`,
    settings: { findable },
  });
  expect(patched.status).toBe(200);
  return who;
}

async function connect(who: Person, roomId?: string): Promise<CaptionClient> {
  const client = await CaptionClient.connect(server.url, {
    user: { avaId: who.profile.avaId, userName: who.profile.userName },
    identityToken: who.token,
    ...(roomId ? { roomId } : {}),
  });
  clients.push(client);
  return client;
}

/** Sends `message` and waits for the first message after it that `until` accepts. */
async function ask(
  client: CaptionClient,
  message: Parameters<CaptionClient['send']>[0],
  until: (m: ServerMessage) => boolean,
): Promise<ServerMessage> {
  const from = client.received.length;
  client.send(message);
  return client.waitFor(
    (m) => until(m) || (m.type === 'error' && m.inReplyTo === message.type),
    10_000,
    from,
  );
}

const queryAnswer = (m: ServerMessage) => m.type === 'user-query-response';
const about = (id: string) => (m: ServerMessage) =>
  m.type === 'connection-response' && 'to' in m && m.id === id;

beforeAll(async () => {
  emulator = await sharedAuthEmulator();
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      // Small, so the limit is reached within the test.
      HEARKEN_NAME_LOOKUPS_PER_MINUTE: '12',
    },
  });
  host = await named('Hostia', true);
  zoe = await named('Zoe', true);
  zora = await named('Zora', true);
  hidden = await named('Zorro', false);
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  removeDataDir(dataDir);
});

describe('invite by user query', () => {
  let room: CaptionClient;

  beforeAll(async () => {
    room = await connect(host);
  });

  it('finds by name start only the accounts that allow it, with names and avatar, never an email', async () => {
    const answer = (await ask(
      room,
      { type: 'user-query', avaNameStartsWith: '  ZO' + 'r' },
      queryAnswer,
    )) as ServerMessageOf<'user-query-response'>;
    expect(answer).toEqual({
      type: 'user-query-response',
      avaNameStartsWith: 'zor',
      users: [{ avaId: zora.profile.avaId, avaName: `Zora ${tag}`, userName: 'zora' }],
    });
    expect(JSON.stringify(answer)).not.toContain('@');
  });

  it('finds by exact email, whatever its case, and not by part of one', async () => {
    const exact = (await ask(
      room,
      { type: 'user-query', emailEqualTo: zoe.email.toUpperCase() },
      queryAnswer,
    )) as ServerMessageOf<'user-query-response'>;
    expect(exact.users.map((u) => u.avaId)).toEqual([zoe.profile.avaId]);
    expect(exact.users[0]).not.toHaveProperty('emails');
    const partial = (await ask(
      room,
      { type: 'user-query', emailEqualTo: `zoe@example.com` },
      queryAnswer,
    )) as ServerMessageOf<'user-query-response'>;
    expect(partial.users).toEqual([]);
    // A hidden account is not found by its exact email either.
    const hiddenAnswer = (await ask(
      room,
      { type: 'user-query', emailEqualTo: hidden.email },
      queryAnswer,
    )) as ServerMessageOf<'user-query-response'>;
    expect(hiddenAnswer.users).toEqual([]);
  });

  it('refuses a query with both forms, or too short a name, with a clear error', async () => {
    const both = await ask(
      room,
      { type: 'user-query', avaNameStartsWith: 'zor', emailEqualTo: zoe.email },
      queryAnswer,
    );
    expect(both).toMatchObject({
      type: 'error',
      error: { code: 'invalid-message' },
      inReplyTo: 'user-query',
    });
    const short = await ask(room, { type: 'user-query', avaNameStartsWith: 'z' }, queryAnswer);
    expect(short).toMatchObject({ type: 'error', error: { message: expect.stringContaining('3 to 49') } });
  });

  it('answers the spec’s join errors: oneself, an unknown or hidden account, someone not reachable', async () => {
    const invite = (id: string, to: string) =>
      ask(room, { type: 'connection-request', fromSource: 'name', id, to, role: 'participant' }, about(id));
    expect(await invite('self1', host.profile.avaId)).toMatchObject({ status: 'refused', error: 'self' });
    expect(await invite('nobody1', 'no-such-account')).toMatchObject({
      status: 'refused',
      error: 'unknownUser',
    });
    expect(await invite('hidden1', hidden.profile.avaId)).toMatchObject({
      status: 'refused',
      error: 'unknownUser',
    });
    // Zoe has no conversation open: nobody can tell her.
    expect(await invite('away1', zoe.profile.avaId)).toMatchObject({ status: 'refused', error: 'timeout' });
  });

  it('asks the invitee where they are; declining refuses, accepting makes them a member', async () => {
    const elsewhere = await connect(zora);
    const from = elsewhere.received.length;
    const requested = await ask(
      room,
      {
        type: 'connection-request',
        fromSource: 'name',
        id: 'ask1',
        to: zora.profile.avaId,
        role: 'participant',
      },
      about('ask1'),
    );
    expect(requested).toEqual({
      type: 'connection-response',
      id: 'ask1',
      to: zora.profile.avaId,
      status: 'requested',
    });
    const asked = (await elsewhere.waitFor(
      (m) => m.type === 'connection-invitation',
      10_000,
      from,
    )) as ServerMessageOf<'connection-invitation'>;
    expect(asked).toMatchObject({
      roomId: room.roomId,
      role: 'participant',
      from: { avaId: host.profile.avaId },
    });
    // Someone else cannot answer it for her.
    const other = await connect(zoe);
    const stolen = await ask(
      other,
      { type: 'connection-invitation-answer', id: asked.id, accept: true },
      () => false,
    );
    expect(stolen).toMatchObject({ type: 'error', error: { code: 'invalid-message' } });

    elsewhere.send({ type: 'connection-invitation-answer', id: asked.id, accept: false });
    const declined = await room.waitFor(
      (m) => m.type === 'connection-response' && about('ask1')(m) && m.status !== 'requested',
      10_000,
    );
    expect(declined).toMatchObject({ status: 'refused', error: 'rejectedByUser' });

    // Asked again, she accepts, and joins the room without a link.
    const from2 = elsewhere.received.length;
    room.send({
      type: 'connection-request',
      fromSource: 'email',
      id: 'ask2',
      to: zora.profile.avaId,
      role: 'participant',
    });
    const again = (await elsewhere.waitFor(
      (m) => m.type === 'connection-invitation',
      10_000,
      from2,
    )) as ServerMessageOf<'connection-invitation'>;
    elsewhere.send({ type: 'connection-invitation-answer', id: again.id, accept: true });
    const accepted = await room.waitFor(
      (m) => m.type === 'connection-response' && about('ask2')(m) && m.status !== 'requested',
      10_000,
    );
    expect(accepted).toMatchObject({ status: 'accepted' });
    await elsewhere.waitFor((m) => m.type === 'connection-invitation-closed' && m.id === again.id, 10_000);
    const joined = await connect(zora, room.roomId);
    expect(joined.received.some((r) => r.message.type === 'connection-succeeded')).toBe(true);
  });

  it('limits look-ups per identity', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 14; i++) {
      const answer = await ask(room, { type: 'user-query', avaNameStartsWith: 'zzz' }, queryAnswer);
      answers.push(answer.type === 'error' ? answer.error.code : answer.type);
    }
    expect(answers).toContain('rate-limited');
  });
});
