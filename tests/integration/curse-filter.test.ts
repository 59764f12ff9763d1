/**
 * The curse filter through the real server: each reader receives the same final filtered at
 * their own level (connection-params, or set-curse-filter later), while what is stored, and
 * what a reader with the filter off receives, is the line as it was said.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type RoomTranscriptsResponse } from '../../src/shared/api';
import type { ServerMessageOf, ServerMessage } from '../../src/shared/protocol';
import type { Transcript } from '../../src/shared/entities';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
const clients: CaptionClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  removeDataDir(server.dataDir);
});

const SAID = 'Oh shit, the fucking build broke again.';

/** The texts of line `id` in what `client` received, in order (live messages and pages alike). */
const textsOf = (client: CaptionClient, id: string) =>
  client.received
    .map((r) => r.message)
    .flatMap((m: ServerMessage): Transcript[] =>
      m.type === 'transcript' ? [m.transcript] : 'transcripts' in m ? m.transcripts : [],
    )
    .filter((t) => t.id === id)
    .map((t) => t.texts['en-US']);

async function join(name: string, roomName: string, curseFilter?: number) {
  const user = await createGuest(server.url, name);
  const found = await resolveRoomName(server.url, roomName, user);
  const client = await CaptionClient.connect(server.url, {
    user,
    roomId: found.roomId,
    token: found.token,
    ...(curseFilter !== undefined ? { curseFilter } : {}),
  });
  clients.push(client);
  return client;
}

it('two readers at different levels receive different text of the same final; the stored one is as said', async () => {
  const hostUser = await createGuest(server.url, 'Ada Host');
  const host = await CaptionClient.connect(server.url, { user: hostUser, curseFilter: 0 });
  clients.push(host);
  const status = host.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  const name = status.status.name!;
  const standard = await join('Bo Default', name);
  const strict = await join('Cy Strict', name, 3);

  host.send({ type: 'typed-message', text: SAID, lang: 'en-US' });
  const isLine = (m: ServerMessage) => m.type === 'transcript' && m.transcript.origin === 'human';
  const line = (await host.waitFor(isLine, 5000)) as ServerMessageOf<'transcript'>;
  await standard.waitFor(isLine, 5000);
  await strict.waitFor(isLine, 5000);
  const id = line.transcript.id;

  expect(textsOf(host, id)).toEqual([SAID]);
  expect(textsOf(standard, id)).toEqual(['Oh s***, the f***ing build broke again.']);
  const [strictText] = textsOf(strict, id);
  expect(strictText).toBe('Oh ****, the ****ing build broke again.');
  // The same seq for all: the filter changes words, not the room's order.
  const seqs = [host, standard, strict].map(
    (c) => (c.received.find((r) => isLine(r.message))!.message as ServerMessageOf<'transcript'>).seq,
  );
  expect(new Set(seqs).size).toBe(1);

  // Stored as said: the transcript the HTTP route serves, whoever's filter.
  const response = await fetch(`${server.url}${API.roomTranscripts(host.roomId)}`, {
    headers: guestHeaders(standard.user as Parameters<typeof guestHeaders>[0]),
  });
  expect(response.status).toBe(200);
  const stored = (await response.json()) as RoomTranscriptsResponse;
  expect(stored.transcripts.find((t) => t.id === id)?.texts['en-US']).toBe(SAID);

  // A reader who turns the filter off gets the latest finals again, as said.
  standard.send({ type: 'set-curse-filter', level: 0 });
  await standard.waitFor((m) => m.type === 'curse-filter' && m.level === 0, 5000);
  await standard.waitFor(
    (m) => m.type === 'transcripts' && m.transcripts.some((t) => t.id === id && t.texts['en-US'] === SAID),
    5000,
  );
  // ...and one who turns it up has it filtered from then on.
  host.send({ type: 'set-curse-filter', level: 1 });
  await host.waitFor((m) => m.type === 'curse-filter' && m.level === 1, 5000);
  host.send({ type: 'typed-message', text: 'Shit, fuck.', lang: 'en-US' });
  await host.waitFor((m) => m.type === 'transcript' && m.transcript.texts['en-US'] === 'Shit, f***.', 5000);
});

it('refuses a level that does not exist, saying which levels do', async () => {
  const user = await createGuest(server.url, 'Di');
  const client = await CaptionClient.connect(server.url, { user });
  clients.push(client);
  client.send({ type: 'set-curse-filter', level: 7 } as never);
  const error = (await client.waitFor((m) => m.type === 'error', 5000)) as ServerMessageOf<'error'>;
  expect(error.error).toEqual({
    code: 'invalid-message',
    message: 'set-curse-filter: level: must be between 0 and 3',
  });
});
