/**
 * Typed replies through the real server: a member types, everyone in the room sees the line as
 * the typist's, marked typed; it is stored (a late joiner and a restart find it), the typist
 * stops showing as typing, a read-only member cannot type, and the limit per connection holds.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let dataDir: string;
const clients: CaptionClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  dataDir = server.dataDir;
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  removeDataDir(dataDir);
});

const typedLines = (client: CaptionClient) =>
  client.received
    .map((r) => r.message)
    .flatMap((m: ServerMessage) =>
      m.type === 'transcript' ? [m.transcript] : m.type === 'transcripts' ? m.transcripts : [],
    )
    .filter((t) => t.origin === 'human' && t.trackName === 'keyboard');

async function join(name: string, roomName: string, readonly = false) {
  const user = await createGuest(server.url, name);
  const found = await resolveRoomName(server.url, roomName, user);
  const client = await CaptionClient.connect(server.url, {
    user,
    roomId: found.roomId,
    token: readonly ? (await hostClient()).linkToken('ro') : found.token,
  });
  clients.push(client);
  return client;
}

let host: CaptionClient | undefined;
async function hostClient() {
  if (!host) {
    host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Ada Host') });
    clients.push(host);
  }
  return host;
}

function roomName(client: CaptionClient): string {
  const status = client.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  return status.status.name!;
}

it('a typed line reaches every member as the typist’s, typed, and is stored', async () => {
  const ada = await hostClient();
  const bo = await join('Bo Deaf', roomName(ada));
  bo.send({ type: 'signal-i-am-typing', fromUser: true });
  await ada.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.reason === 'someone-is-typing' &&
      m.status.participants.some((p) => p.avaId === bo.user.avaId && p.isTyping),
    5000,
  );
  bo.send({ type: 'typed-message', text: '  Could you say the last number again?  ', lang: 'en-US' });
  await ada.waitFor((m) => m.type === 'transcript' && m.transcript.origin === 'human', 5000);
  await bo.waitFor((m) => m.type === 'transcript' && m.transcript.origin === 'human', 5000);
  for (const client of [ada, bo]) {
    const [line] = typedLines(client);
    expect(line).toMatchObject({
      author: bo.user.avaId,
      authorShow: 'Bo Deaf',
      isFinal: true,
      texts: { 'en-US': 'Could you say the last number again?' },
    });
    expect(line!.asr).toBeUndefined();
  }
  // The typist is no longer shown typing.
  await ada.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.status.participants.some((p) => p.avaId === bo.user.avaId && !p.isTyping),
    5000,
  );
  // A late joiner, and the room after a restart, have it.
  const cy = await join('Cy Late', roomName(ada));
  await cy.waitFor((m) => m.type === 'transcripts', 5000);
  expect(typedLines(cy).map((t) => t.texts['en-US'])).toEqual(['Could you say the last number again?']);

  const roomId = ada.roomId;
  const user = ada.user;
  for (const c of clients.splice(0)) await c.close();
  host = undefined;
  await server.close();
  server = await startTestServer({ dataDir });
  const again = await CaptionClient.connect(server.url, { user, roomId });
  clients.push(again);
  await again.waitFor((m) => m.type === 'transcripts', 5000);
  expect(typedLines(again).map((t) => t.texts['en-US'])).toEqual(['Could you say the last number again?']);
});

it('refuses a read-only member, an empty line and a flood, with the reason', async () => {
  const ada = await hostClient();
  const reader = await join('Dee Reader', roomName(ada), true);
  reader.send({ type: 'typed-message', text: 'hello' });
  const refused = (await reader.waitFor((m) => m.type === 'error', 5000)) as ServerMessageOf<'error'>;
  expect(refused.error.code).toBe('forbidden');

  const bo = await join('Bo Typist', roomName(ada));
  bo.send({ type: 'typed-message', text: ' \n\t ' });
  const empty = (await bo.waitFor((m) => m.type === 'error', 5000)) as ServerMessageOf<'error'>;
  expect(empty.error).toMatchObject({ code: 'invalid-message' });
  const mark = bo.received.length;
  for (let i = 0; i < 200; i++) bo.send({ type: 'typed-message', text: `line ${i}` });
  await bo.waitFor((m) => m.type === 'error' && m.error.code === 'rate-limited', 10_000);
  expect(bo.received.slice(mark).some((r) => r.message.type === 'error')).toBe(true);
});
