/**
 * A boost list cannot end the server (docs/boost.md, "Isolation"). On the real server, a person
 * boosts the list that crashed libpocketsphinx 5prealpha before the fix and speaks; their stream
 * is decoded in the boost host process. That process is then killed as a native crash would
 * end it (SIGSEGV) in the middle of a line: the server stays up, the line is still captioned,
 * and so are the lines that follow.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { devSamples } from '../helpers/speech';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

/** "YOU WHO WERE ALWAYS ACCUSING PEOPLE OF BEING SHOPPY AT HELSTONE". */
const speech = devSamples('1688-142285-0005.wav');
const SILENCE = new Int16Array(24_000);
const LIST = [
  'sugazan',
  'gamuzan',
  'gatezan',
  'podizan',
  'helstone',
  'didizan',
  'balozan',
  'badizan',
  'kovezan',
];

let server: TestServer;
let client: CaptionClient;

beforeAll(async () => {
  // Boost for everyone: the person is a guest, who has no plan.
  server = await startTestServer({ env: { HEARKEN_BOOST_FOR: 'everyone' } });
  client = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Ada Crash') });
  // Words join a list only if they were said in the conversation.
  let from = client.received.length;
  client.send({ type: 'typed-message', text: `Names: ${LIST.join(' ')}.` });
  await client.waitFor((m) => m.type === 'transcript' && m.transcript.origin === 'human', 10_000, from);
  from = client.received.length;
  client.send({ type: 'access-boost-words', action: 'add', words: LIST.join(',') });
  await client.waitFor((m) => m.type === 'user-boost-words', 10_000, from);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  if (server) removeDataDir(server.dataDir);
});

const asrFinal = (m: ServerMessage) =>
  m.type === 'transcript' &&
  m.transcript.isFinal &&
  m.transcript.origin === 'asr' &&
  Boolean(m.transcript.texts['en-US']);
const text = (m: ServerMessage) =>
  m.type === 'transcript' ? (m.transcript.texts['en-US'] ?? '').toLowerCase() : '';

it('captions with the list, and goes on captioning when the boost host dies mid-line', async () => {
  let from = client.received.length;
  client.startAudio();
  await streamAudio(client, speech, { speed: 4 });
  await streamAudio(client, SILENCE, { speed: 4 });
  const boosted = await client.waitFor(asrFinal, 90_000, from);
  expect(text(boosted)).toContain('helstone');
  const pid = server.pool.boostHostPid;
  expect(pid).toBeGreaterThan(0);

  from = client.received.length;
  await streamAudio(client, speech.subarray(0, speech.length / 2), { speed: 4 });
  process.kill(pid!, 'SIGSEGV');
  await streamAudio(client, speech.subarray(speech.length / 2), { speed: 4 });
  await streamAudio(client, SILENCE, { speed: 4 });
  const line = await client.waitFor(asrFinal, 90_000, from);
  // The whole line, not just what came after the crash.
  expect(text(line).split(' ').length).toBeGreaterThanOrEqual(text(boosted).split(' ').length - 3);
  expect(server.pool.boostHostCrashes).toBe(1);

  // And the next line too: the stream lives on.
  from = client.received.length;
  await streamAudio(client, speech, { speed: 4 });
  await streamAudio(client, SILENCE, { speed: 4 });
  const after = await client.waitFor(asrFinal, 90_000, from);
  expect(text(after).split(' ').length).toBeGreaterThan(5);
  client.stopAudio();
  // The server still takes new people.
  const late = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Bea Late') });
  await late.close();
}, 240_000);
