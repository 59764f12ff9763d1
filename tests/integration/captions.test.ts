/**
 * Live captions end to end through the real server: real PocketSphinx in worker threads, a real
 * database, real recorded speech streamed over the socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { wordErrorRate } from '../../src/shared/wer';
import {
  CaptionClient,
  createGuest,
  resolveRoomName,
  resolveToken,
  streamAudio,
} from '../../scripts/lib/socket-client';
import { firmRewrites } from '../../scripts/lib/firm-figures';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { finalText, speak, streamStopped, transcriptsSince } from '../helpers/speak';
import {
  devReference,
  devSamples,
  CAPTION_TEST_FILE,
  POCKETSPHINX_MEASURED_DEV_WER,
} from '../helpers/speech';

const FILE = CAPTION_TEST_FILE;
const SPEED = 3;

describe('live captions', () => {
  let server: TestServer;
  let dataDir: string;
  let host: CaptionClient;
  let friend: CaptionClient;

  beforeAll(async () => {
    server = await startTestServer();
    dataDir = server.dataDir;
  });

  afterAll(async () => {
    await host?.close();
    await friend?.close();
    await server?.close();
    removeDataDir(dataDir);
  });

  it('answers connection-params with connection-succeeded, then room-status, then the transcripts', async () => {
    const user = await createGuest(server.url, 'Ada Host');
    host = await CaptionClient.connect(server.url, { user });
    await host.waitFor((m) => m.type === 'transcripts', 5000);
    const types = host.received.map((r) => r.message.type);
    expect(types.slice(0, 3)).toEqual(['connection-succeeded', 'room-status', 'transcripts']);
    const status = host.received[1]!.message as Extract<ServerMessage, { type: 'room-status' }>;
    expect(status.status.id).toBe(host.roomId);
    expect(status.status.host.avaId).toBe(user.avaId);
    expect(status.status.state.value).toBe('ongoing');
    expect(status.status.name).toMatch(/^[a-z]+-[a-z]+-\d\d$/);
    expect(status.status.links.rw).toContain('token=');
  });

  it('lets a friend join by room name, and both see the same captions of real speech', async () => {
    const status = host.received.find((r) => r.message.type === 'room-status')!.message as Extract<
      ServerMessage,
      { type: 'room-status' }
    >;
    const bo = await createGuest(server.url, 'Bo Friend');
    const found = await resolveRoomName(server.url, status.status.name!.toUpperCase(), bo);
    expect(found.roomId).toBe(host.roomId);
    expect(found.readonly).toBe(false);
    friend = await CaptionClient.connect(server.url, { user: bo, roomId: found.roomId, token: found.token });

    const friendMark = friend.received.length;
    await speak(host, devSamples(FILE), { speed: SPEED });
    await streamStopped(friend, host.user.avaId, friendMark);

    const seenByHost = transcriptsSince(host);
    const seenByFriend = transcriptsSince(friend);
    // Partials come first and are updated in place; the final keeps the same id.
    const firstFinal = seenByHost.findIndex((t) => t.isFinal);
    expect(firstFinal).toBeGreaterThan(0);
    expect(seenByHost.slice(0, firstFinal).every((t) => !t.isFinal && t.id === seenByHost[0]!.id)).toBe(true);

    const hostText = finalText(seenByHost);
    const wer = wordErrorRate(devReference(FILE), hostText);
    expect(wer).toBeLessThanOrEqual(POCKETSPHINX_MEASURED_DEV_WER);
    expect(finalText(seenByFriend)).toBe(hostText);

    // PocketSphinx writes neither capitals nor punctuation; readers get a capital at the start of
    // every line as it grows, and a full stop once it is final (shared/caption-case, issue 13).
    for (const t of seenByHost) {
      const text = t.texts[t.speechLang];
      if (!text) continue;
      expect(text, 'a line starts with a capital').toMatch(/^\p{Lu}/u);
      if (t.isFinal) expect(text, 'a final ends like a sentence').toMatch(/[.?!]$/);
    }

    // Firm words (issue 25): every partial says how many of its words are firm, words do become
    // firm before the final, and no firm word is ever changed by a later message of its line.
    const partials = seenByHost.filter((t) => !t.isFinal);
    expect(partials.every((t) => typeof t.firmWords === 'number')).toBe(true);
    expect(partials.some((t) => t.firmWords! > 0)).toBe(true);
    const lineMessages = host.received.flatMap((r) =>
      r.message.type === 'transcript' ? [{ atMs: r.atMs, transcript: r.message.transcript }] : [],
    );
    expect(firmRewrites(lineMessages)).toMatchObject({ rewritten: 0 });
    expect(firmRewrites(lineMessages).finalWords).toBeGreaterThan(3);

    const final = seenByHost.find((t) => t.isFinal)!;
    expect(final.author).toBe(host.user.avaId);
    expect(final.authorShow).toBe('Ada Host');
    expect(final.asr?.engine).toBe('pocketsphinx:en-us');
    expect(final.asr?.words?.length).toBeGreaterThan(3);
    // Word timings fall inside the audio that was sent.
    const lastWord = final.asr!.words!.at(-1)!;
    expect(lastWord.endMs).toBeLessThanOrEqual((devSamples(FILE).length / 16_000) * 1000 + 1000);
  });

  it('keeps the finals across a server restart and sends them to a client that reconnects', async () => {
    const before = finalText(transcriptsSince(host));
    expect(before.length).toBeGreaterThan(0);
    const roomId = host.roomId;
    const user = host.user;
    await host.close();
    await friend.close();
    await server.close();

    server = await startTestServer({ dataDir });
    host = await CaptionClient.connect(server.url, { user, roomId });
    const replay = (await host.waitFor((m) => m.type === 'transcripts', 5000)) as Extract<
      ServerMessage,
      { type: 'transcripts' }
    >;
    expect(finalText(replay.transcripts)).toBe(before);
    expect(replay.transcripts.every((t) => t.isFinal)).toBe(true);
  });

  it('stores the line being spoken when the server stops mid-sentence', async () => {
    const roomId = host.roomId;
    const user = host.user;
    const mark = host.received.length;
    host.startAudio();
    const speech = devSamples('1688-142285-0003.wav');
    await streamAudio(host, speech.subarray(0, Math.floor(speech.length * 0.7)), { speed: SPEED });
    await host.waitFor((m) => m.type === 'transcript' && !m.transcript.isFinal, 10_000, mark);
    // Shut down while the line is still open: its final must be made and stored first.
    await server.close();
    await host.close();

    server = await startTestServer({ dataDir });
    host = await CaptionClient.connect(server.url, { user, roomId });
    const replay = (await host.waitFor((m) => m.type === 'transcripts', 5000)) as Extract<
      ServerMessage,
      { type: 'transcripts' }
    >;
    const interrupted = replay.transcripts.filter((t) => t.trackName !== replay.transcripts[0]!.trackName);
    expect(interrupted).toHaveLength(1);
    expect(interrupted[0]!.texts['en-US']!.split(' ').length).toBeGreaterThan(3);
  });

  it('gives link tokens: read-write joins, read-only may listen but not speak', async () => {
    const status = host.received.find((r) => r.message.type === 'room-status')!.message as Extract<
      ServerMessage,
      { type: 'room-status' }
    >;
    const rw = new URL(status.status.links.rw!).searchParams.get('token')!;
    const ro = new URL(status.status.links.ro).searchParams.get('token')!;
    const reader = await createGuest(server.url, 'Read Only');
    expect(await resolveToken(server.url, rw, reader)).toEqual({ roomId: host.roomId, readonly: false });
    expect(await resolveToken(server.url, ro, reader)).toEqual({ roomId: host.roomId, readonly: true });

    const listener = await CaptionClient.connect(server.url, {
      user: reader,
      roomId: host.roomId,
      token: ro,
    });
    const mark = listener.received.length;
    listener.startAudio();
    const refusal = await listener.waitFor((m) => m.type === 'error', 5000, mark);
    expect(refusal).toMatchObject({ type: 'error', error: { code: 'forbidden' } });
    await listener.close();
  });

  it('updates the title only when it is not empty, for everyone in the room', async () => {
    const other = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Cy Guest'),
      roomId: host.roomId,
      token: linkToken(host, 'rw'),
    });
    const mark = other.received.length;
    host.send({ type: 'update-title', title: '   ' });
    host.send({ type: 'update-title', title: '  Weekly standup ' });
    const update = await other.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'title-updated',
      5000,
      mark,
    );
    expect(update).toMatchObject({ status: { title: 'Weekly standup' } });
    const titleUpdates = other.received
      .slice(mark)
      .filter((r) => r.message.type === 'room-status-update' && r.message.reason === 'title-updated');
    expect(titleUpdates).toHaveLength(1);

    // Only the host may change it.
    const errMark = other.received.length;
    other.send({ type: 'update-title', title: 'Hijacked' });
    expect(await other.waitFor((m) => m.type === 'error', 5000, errMark)).toMatchObject({
      error: { code: 'forbidden' },
    });
    await other.close();
  });

  it('ends the conversation for everyone when the host ends it, and refuses new audio', async () => {
    const guest = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Di Guest'),
      roomId: host.roomId,
      token: linkToken(host, 'rw'),
    });
    const mark = guest.received.length;
    host.send({ type: 'connection-params-update', state: { value: 'ended' } });
    const ended = await guest.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'ended',
      10_000,
      mark,
    );
    expect(ended).toMatchObject({ status: { state: { value: 'ended' }, past: true } });

    const hostMark = host.received.length;
    host.startAudio();
    expect(await host.waitFor((m) => m.type === 'error', 5000, hostMark)).toMatchObject({
      error: { code: 'room-ended' },
    });
    await guest.close();
  });

  it("does not let someone create a room under another person's id", async () => {
    const mallory = await createGuest(server.url, 'Mallory');
    await expect(
      CaptionClient.connect(server.url, { user: mallory, roomId: `${host.user.avaId}_forged123` }),
    ).rejects.toThrow(/room-not-found/);
  });
});

/** The token of one of the room's links, from the status its host received. */
function linkToken(host: CaptionClient, kind: 'ro' | 'rw'): string {
  const status = host.received.find((r) => r.message.type === 'room-status')!.message as Extract<
    ServerMessage,
    { type: 'room-status' }
  >;
  return new URL(status.status.links[kind]!).searchParams.get('token')!;
}
