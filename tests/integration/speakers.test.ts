/**
 * Who said what through the real server (issue 11): two people share the host's microphone; the
 * host names the other one and gives her a line of real recognised speech; everyone in the room
 * sees the change live, a late joiner and the room after a restart have it, a rename reaches her
 * lines, and the table's refusals hold (a member may move only lines their own microphone or
 * keyboard made; a read-only member changes nothing).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Transcript } from '../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import { newVoicingSpeakerId } from '../../src/shared/speakers';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { speak } from '../helpers/speak';
import { streamSpeakerId } from '../../src/server/rooms/speakers';
import { SAMPLE_RATE_HZ } from '../../src/shared/constants';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';

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

async function join(name: string, host: CaptionClient, readonly = false): Promise<CaptionClient> {
  const user = await createGuest(server.url, name);
  const status = host.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  const found = await resolveRoomName(server.url, status.status.name!, user);
  const client = await CaptionClient.connect(server.url, {
    user,
    roomId: found.roomId,
    token: readonly ? host.linkToken('ro') : found.token,
  });
  clients.push(client);
  return client;
}

/** The latest version of each line a client was shown (snapshot, then changes), by id. */
function linesSeen(client: CaptionClient): Map<string, Transcript> {
  const lines = new Map<string, Transcript>();
  for (const { message: m } of client.received) {
    const list = m.type === 'transcript' ? [m.transcript] : m.type === 'transcripts' ? m.transcripts : [];
    for (const t of list) if (t.isFinal) lines.set(t.id, t);
  }
  return lines;
}

const lineChanged = (id: string, author: string, authorShow?: string) => (m: ServerMessage) =>
  m.type === 'transcript' &&
  m.transcript.id === id &&
  m.transcript.author === author &&
  (authorShow === undefined || m.transcript.authorShow === authorShow);

async function refusal(client: CaptionClient, from: number): Promise<ServerMessageOf<'error'>> {
  return (await client.waitFor((m) => m.type === 'error', 5000, from)) as ServerMessageOf<'error'>;
}

it('a line of real speech given to a named speaker: seen live by everyone, by a late joiner, after a rename and a restart', async () => {
  const ada = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Ada Host') });
  clients.push(ada);
  const bo = await join('Bo Friend', ada);
  const dee = await join('Dee Reader', ada, true);

  // Grandma speaks into Ada's microphone.
  const spoken = await speak(ada, devSamples(CAPTION_TEST_FILE).subarray(0, 16_000 * 5), { speed: 3 });
  const line = spoken.find((t) => t.isFinal && t.texts[t.speechLang])!;
  expect(line, 'real speech gave a final').toBeDefined();
  expect(line.author).toBe(ada.user.avaId);

  const grandma = newVoicingSpeakerId();
  let mark = bo.received.length;
  ada.send({ type: 'assign-voicing-speaker-name', speakerId: grandma, speakerName: ' Grandma Rose ' });
  ada.send({ type: 'assign-bloc-different-speaker', speakerId: grandma, blocId: line.id });
  const speakersUpdate = (await bo.waitFor(
    (m) => m.type === 'room-status-update' && m.reason === 'speakers-changed',
    5000,
    mark,
  )) as ServerMessageOf<'room-status-update'>;
  expect(speakersUpdate.status.speakers).toContainEqual(
    expect.objectContaining({ avaId: grandma, userName: 'Grandma Rose', voicing: true }),
  );
  for (const client of [ada, bo, dee]) {
    const changed = (await client.waitFor(
      lineChanged(line.id, grandma),
      5000,
    )) as ServerMessageOf<'transcript'>;
    expect(changed.transcript).toMatchObject({
      authorShow: 'Grandma Rose',
      sourceAuthor: ada.user.avaId,
      texts: line.texts,
    });
  }

  // Bo may not move Ada's line; Dee may not name anyone; Bo may move his own typed line.
  mark = bo.received.length;
  bo.send({ type: 'assign-bloc-different-speaker', speakerId: bo.user.avaId, blocId: line.id });
  expect((await refusal(bo, mark)).error).toMatchObject({ code: 'forbidden' });
  mark = dee.received.length;
  dee.send({ type: 'assign-voicing-speaker-name', speakerId: grandma, speakerName: 'Someone' });
  expect((await refusal(dee, mark)).error).toMatchObject({ code: 'forbidden' });
  mark = dee.received.length;
  dee.send({ type: 'assign-bloc-different-speaker', speakerId: grandma, blocId: line.id });
  expect((await refusal(dee, mark)).error).toMatchObject({ code: 'forbidden' });
  mark = bo.received.length;
  bo.send({ type: 'assign-voicing-speaker-name', speakerId: grandma, speakerName: 'G' });
  expect((await refusal(bo, mark)).error).toEqual({
    code: 'invalid-message',
    message: 'assign-voicing-speaker-name.speakerName: A name must have 2 to 49 characters.',
  });

  mark = bo.received.length;
  bo.send({ type: 'typed-message', text: 'Grandma asks whether the shop is open.' });
  const typed = (await bo.waitFor(
    (m) => m.type === 'transcript' && m.transcript.author === bo.user.avaId,
    5000,
    mark,
  )) as ServerMessageOf<'transcript'>;
  bo.send({ type: 'assign-bloc-different-speaker', speakerId: grandma, blocId: typed.transcript.id });
  await ada.waitFor(lineChanged(typed.transcript.id, grandma), 5000);

  // Anyone who writes may rename her: both her lines follow.
  bo.send({ type: 'assign-voicing-speaker-name', speakerId: grandma, speakerName: 'Granny' });
  for (const id of [line.id, typed.transcript.id])
    await dee.waitFor(lineChanged(id, grandma, 'Granny'), 5000);

  // A late joiner has the change.
  const cy = await join('Cy Late', ada);
  await cy.waitFor((m) => m.type === 'transcripts', 5000);
  expect(linesSeen(cy).get(line.id)).toMatchObject({ author: grandma, authorShow: 'Granny' });
  const late = cy.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  expect(late.status.speakers.find((s) => s.avaId === grandma)?.userName).toBe('Granny');

  // After a restart, the room still knows.
  const roomId = ada.roomId;
  const user = ada.user;
  for (const c of clients.splice(0)) await c.close();
  await server.close();
  server = await startTestServer({ dataDir });
  const again = await CaptionClient.connect(server.url, { user, roomId });
  clients.push(again);
  await again.waitFor((m) => m.type === 'transcripts', 5000);
  const seen = linesSeen(again);
  expect(seen.get(line.id)).toMatchObject({
    author: grandma,
    authorShow: 'Granny',
    sourceAuthor: user.avaId,
  });
  expect(seen.get(typed.transcript.id)).toMatchObject({ author: grandma, authorShow: 'Granny' });
  const status = again.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  expect(status.status.speakers).toContainEqual(
    expect.objectContaining({ avaId: grandma, userName: 'Granny', voicing: true }),
  );
  // Ada, who made the line, can still give it back to herself after the restart.
  again.send({ type: 'assign-bloc-different-speaker', speakerId: user.avaId, blocId: line.id });
  const back = (await again.waitFor(lineChanged(line.id, user.avaId), 5000)) as ServerMessageOf<'transcript'>;
  expect(back.transcript.sourceAuthor).toBeUndefined();
});

it('the microphone and the computer’s sound of one person are two streams with two labels, never one mixed', async () => {
  const user = await createGuest(server.url, 'Ada Desktop');
  const mic = await CaptionClient.connect(server.url, { user });
  clients.push(mic);
  // The desktop's second connection, for the computer's sound, as the same person.
  const computer = await CaptionClient.connect(server.url, { user, roomId: mic.roomId });
  clients.push(computer);
  const bo = await join('Bo Listener', mic);
  computer.send({
    type: 'audio',
    action: 'start',
    metadata: {
      lang: 'en-US',
      format: 'pcm_s16le',
      sampleRateHz: SAMPLE_RATE_HZ,
      recordingMode: 'desktop',
      chunkLengthMs: 60,
      recordingStart: Date.now(),
      source: { kind: 'computer-audio', label: 'Computer audio' },
    },
  });
  const computerId = streamSpeakerId(user.avaId, 'Computer audio');
  mic.startAudio();
  await bo.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.status.audioStreams.some((s) => s.avaId === computerId) &&
      m.status.audioStreams.some((s) => s.avaId === user.avaId),
    10_000,
  );
  const samples = devSamples(CAPTION_TEST_FILE).subarray(0, 16_000 * 4);
  await Promise.all([
    speak(mic, samples, { speed: 3, alreadyRecording: true }),
    speak(computer, samples, { speed: 3, alreadyRecording: true }),
  ]);
  // Both streams are recognised side by side; under load one finishes well after the other, so
  // wait for a final from each before reading what Bo saw.
  for (const author of [computerId, user.avaId])
    await bo.waitFor(
      (m) => m.type === 'transcript' && m.transcript.isFinal && m.transcript.author === author,
      20_000,
    );
  const finals = [...linesSeen(bo).values()].filter((t) => t.texts[t.speechLang]);
  const fromMic = finals.filter((t) => t.author === user.avaId);
  const fromComputer = finals.filter((t) => t.author === computerId);
  expect(fromMic.length).toBeGreaterThan(0);
  expect(fromComputer.length).toBeGreaterThan(0);
  expect(fromMic.every((t) => t.authorShow === 'Ada Desktop' && t.sourceAuthor === undefined)).toBe(true);
  expect(fromComputer.every((t) => t.authorShow === 'Computer audio' && t.sourceAuthor === user.avaId)).toBe(
    true,
  );
  // A label outside the name rule is refused with the reason.
  const mark = computer.received.length;
  computer.send({
    type: 'audio',
    action: 'start',
    metadata: {
      lang: 'en-US',
      format: 'pcm_s16le',
      sampleRateHz: SAMPLE_RATE_HZ,
      recordingMode: 'desktop',
      chunkLengthMs: 60,
      recordingStart: Date.now(),
      source: { kind: 'computer-audio' },
    },
  });
  expect((await refusal(computer, mark)).error.message).toMatch(/^audio.metadata.source.label: /);
});
