/**
 * Issue 29 F-01, its other half, as the attacker sent it: a guest starts recordings that bring
 * no audio, one on the socket (no frame ever) and one over WebRTC (the server's offer never
 * answered), and so holds recognisers at almost no cost for as long as its sockets stay open.
 * Now each is stopped after a short time, holds nothing, and its owner is told why; an honest
 * speaker in another room then gets captions, and the guest's own share is free again. An honest
 * speaker who is silent (sending silent frames, as a muted client does) longer than that is not
 * stopped.
 *
 * The limits are short here (HEARKEN_STREAM_SILENT_SECONDS, HEARKEN_WEBRTC_CONNECT_SECONDS) so
 * the file runs in seconds; the defaults are 15 s each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import type { ServerMessage } from '../../src/shared/protocol';
import { speak } from '../helpers/speak';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let server: TestServer;
const dataDir = tempDataDir();
const SILENT_SECONDS = 2;

beforeAll(async () => {
  server = await startTestServer({
    dataDir,
    env: {
      // The hog's two recordings take every decoder: nobody else is captioned while they stay.
      HEARKEN_MAX_DECODERS: '2',
      HEARKEN_MAX_STREAMS_PER_IDENTITY: '2',
      HEARKEN_AUDIO_STARTS_PER_MINUTE: '100',
      HEARKEN_STREAM_SILENT_SECONDS: String(SILENT_SECONDS),
      HEARKEN_WEBRTC_CONNECT_SECONDS: String(SILENT_SECONDS),
      HEARKEN_WEBRTC_ADDRESS: '127.0.0.1',
    },
  });
});

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

const isStoppedForNoAudio = (m: ServerMessage) => m.type === 'recording-stopped' && m.reason === 'no-audio';

function speechRefusals(client: CaptionClient): string[] {
  return client.received.flatMap((r) =>
    r.message.type === 'error' && r.message.error.code === 'speech-unavailable'
      ? [r.message.error.message]
      : [],
  );
}

describe('recordings that bring no audio (F-01)', () => {
  it('are stopped and hold nothing; an honest speaker in another room is then captioned', async () => {
    const hog = await createGuest(server.url, 'Idle Hog');
    const silent = await CaptionClient.connect(server.url, { user: hog });
    const unanswered = await CaptionClient.connect(server.url, { user: hog, roomId: silent.roomId });
    // A start on the socket, and never a frame.
    silent.startAudio();
    // A start over WebRTC: the server's offer comes, and is never answered.
    unanswered.send({
      type: 'audio',
      action: 'start',
      metadata: {
        lang: 'en-US',
        format: 'webrtc',
        sampleRateHz: 16000,
        recordingMode: 'web',
        chunkLengthMs: 60,
        recordingStart: Date.now(),
      },
    });
    await unanswered.waitFor((m) => m.type === 'webrtc' && m.offer !== undefined, 10_000);
    expect(server.pool.openStreams).toBe(2);

    // While they hold the decoders, nobody else is captioned, and is told why.
    const honest = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Honest') });
    honest.startAudio();
    await honest.waitFor((m) => m.type === 'error', 10_000);
    expect(speechRefusals(honest)).toEqual([
      'the server is full: it is captioning 2 speakers, the most it holds at once; try again in a moment',
    ]);
    honest.stopAudio();

    // After the short time, each hog's recording is stopped and its owner told.
    await silent.waitFor(isStoppedForNoAudio, SILENT_SECONDS * 1000 + 8000);
    await unanswered.waitFor(isStoppedForNoAudio, SILENT_SECONDS * 1000 + 8000);
    const deadline = Date.now() + 5000;
    while (server.pool.openStreams > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(server.pool.openStreams).toBe(0);
    // The peer connection is gone too: an answer now has nothing to answer.
    const mark = unanswered.received.length;
    unanswered.send({
      type: 'webrtc',
      answer: { type: 'answer', sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' },
    });
    const reply = await unanswered.waitFor((m) => m.type === 'error', 10_000, mark);
    expect(reply).toMatchObject({
      error: { code: 'invalid-message', message: expect.stringContaining('no WebRTC audio is being set up') },
    });

    // The honest speaker, in a room of their own, is captioned now.
    const captions = await speak(honest, devSamples(CAPTION_TEST_FILE), { speed: 3 });
    expect(speechRefusals(honest)).toHaveLength(1);
    expect(captions.filter((t) => t.isFinal).length).toBeGreaterThan(0);

    // And the guest's own share is free again: a recording that sends audio runs.
    const again = silent.received.length;
    silent.startAudio();
    silent.sendAudio(new Int16Array(960));
    await silent.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started',
      10_000,
      again,
    );
    expect(speechRefusals(silent)).toEqual([]);
    silent.stopAudio();
    for (const socket of [silent, unanswered, honest]) await socket.close();
  });

  it('leaves an honest speaker who is silent longer than that, sending silent frames, recording', async () => {
    const speaker = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Quiet') });
    speaker.startAudio();
    // Muted, or just listening: a client sends zeros every 60 ms, in real time.
    await streamAudio(speaker, new Int16Array(16_000 * (SILENT_SECONDS * 2)), { speed: 1 });
    const captions = await speak(speaker, devSamples(CAPTION_TEST_FILE), {
      speed: 3,
      alreadyRecording: true,
    });
    expect(speaker.received.some((r) => r.message.type === 'recording-stopped')).toBe(false);
    expect(speaker.received.some((r) => r.message.type === 'error')).toBe(false);
    expect(captions.filter((t) => t.isFinal).length).toBeGreaterThan(0);
    await speaker.close();
  });
});
