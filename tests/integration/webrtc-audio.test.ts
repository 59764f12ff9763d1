/**
 * WebRTC audio end to end through the real server: a Node peer (werift, as a browser would
 * answer) sends a real dev recording as Opus over a real peer connection; the server decodes it
 * and the real PocketSphinx captions it, as it does PCM frames on the socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../src/shared/wer';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { WebRtcSender } from '../../scripts/lib/webrtc-sender';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { finalText, streamStopped, transcriptsSince } from '../helpers/speak';
import {
  CAPTION_TEST_FILE,
  POCKETSPHINX_MEASURED_DEV_WER,
  devReference,
  devSamples,
} from '../helpers/speech';

const SPEED = 2;

/** Speaks `samples` over WebRTC, a second of silence after, then stops; returns the captions. */
async function speakOverWebRtc(client: CaptionClient, sender: WebRtcSender, samples: Int16Array) {
  const mark = client.received.length;
  await sender.start();
  const pacer = new ChunkPacer(SPEED);
  await streamAudio(sender, samples, { speed: SPEED, pacer });
  await streamAudio(sender, new Int16Array(16_000), { speed: SPEED, pacer });
  const stopMark = client.received.length;
  await sender.stop();
  await streamStopped(client, client.user.avaId, stopMark);
  return transcriptsSince(client, mark);
}

describe('WebRTC audio', () => {
  let server: TestServer;
  let host: CaptionClient | undefined;

  beforeAll(async () => {
    // Candidates on the loopback only: the test's traffic stays on this machine.
    server = await startTestServer({ env: { HEARKEN_WEBRTC_ADDRESS: '127.0.0.1' } });
  });

  afterAll(async () => {
    await host?.close();
    await server?.close();
    if (server) removeDataDir(server.dataDir);
  });

  it('captions real speech sent as Opus over a peer connection, as well as the socket path does', async () => {
    host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Ada Caller') });
    const friend = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Bo Reader'),
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    const sender = new WebRtcSender(host, { interfaceAddress: '127.0.0.1' });
    const friendMark = friend.received.length;
    const seen = await speakOverWebRtc(host, sender, devSamples(CAPTION_TEST_FILE));
    await streamStopped(friend, host.user.avaId, friendMark);

    const text = finalText(seen);
    expect(wordErrorRate(devReference(CAPTION_TEST_FILE), text)).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    const final = seen.find((t) => t.isFinal)!;
    expect(final.author).toBe(host.user.avaId);
    expect(final.asr?.engine).toBe('pocketsphinx:en-us');
    // The reader sees the same captions as the speaker.
    expect(finalText(transcriptsSince(friend, friendMark))).toBe(text);
    // About 32 kbps of Opus against 256 kbps of PCM.
    expect(sender.sent.packets).toBeGreaterThan(100);
    const pcmBytes = (devSamples(CAPTION_TEST_FILE).length + 16_000) * 2;
    expect(sender.sent.payloadBytes).toBeLessThan(pcmBytes / 5);
    await friend.close();
  });

  it('marks what a failed peer connection lost when the same recording goes on on the socket', async () => {
    const client = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Di Speaker'),
    });
    const sender = new WebRtcSender(client, { interfaceAddress: '127.0.0.1' });
    const startedAt = Date.now();
    await sender.start();
    const speech = devSamples(CAPTION_TEST_FILE);
    await streamAudio(sender, speech.subarray(0, 2 * 16_000), { speed: 1, pacer: new ChunkPacer(1) });
    // The peer connection dies: what is said for the next 3 s never reaches the server.
    await sender.close();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // The client falls back to the socket with the last second it held (webrtc-transport.ts).
    const heldFromMs = Date.now() - 1000;
    const mark = client.received.length;
    client.send({
      type: 'audio',
      action: 'start',
      metadata: {
        lang: 'en-US',
        format: 'pcm_s16le',
        sampleRateHz: 16000,
        recordingMode: 'cli',
        chunkLengthMs: 60,
        recordingStart: startedAt,
        resumedFromMs: heldFromMs,
      },
    });
    await streamAudio(client, speech.subarray(5 * 16_000, 6 * 16_000), { speed: 4 });
    const marked = await client.waitFor(
      (m) => m.type === 'transcript' && m.transcript.gap !== undefined,
      10_000,
      mark,
    );
    const gap = marked.type === 'transcript' ? marked.transcript.gap! : undefined;
    // From the last WebRTC audio the server received to where the held audio begins.
    expect(gap?.toMs).toBe(heldFromMs);
    expect(gap!.fromMs).toBeGreaterThan(startedAt);
    expect(gap!.toMs - gap!.fromMs).toBeGreaterThanOrEqual(2000);
    client.stopAudio();
    await client.close();
  });

  it('refuses signalling when no WebRTC recording is being set up, naming the problem', async () => {
    const mark = host!.received.length;
    host!.send({ type: 'webrtc', answer: { type: 'answer', sdp: 'v=0\r\n' } });
    const error = await host!.waitFor((m) => m.type === 'error' && m.inReplyTo === 'webrtc', 5000, mark);
    expect(error).toMatchObject({ error: { code: 'invalid-message' } });
    expect(error.type === 'error' && error.error.message).toMatch(/start audio with format webrtc/);
  });

  it('answers a bad answer with an error and keeps the socket and the room working', async () => {
    const mark = host!.received.length;
    host!.send({
      type: 'audio',
      action: 'start',
      metadata: {
        lang: 'en-US',
        format: 'webrtc',
        sampleRateHz: 16000,
        recordingMode: 'cli',
        chunkLengthMs: 60,
        recordingStart: Date.now(),
      },
    });
    await host!.waitFor((m) => m.type === 'webrtc' && m.offer !== undefined, 5000, mark);
    host!.send({ type: 'webrtc', answer: { type: 'answer', sdp: 'not an sdp at all' } });
    const error = await host!.waitFor((m) => m.type === 'error' && m.inReplyTo === 'webrtc', 5000, mark);
    expect(error).toMatchObject({ error: { code: 'invalid-message' } });
    host!.stopAudio();
    // Still connected: a typed line goes through.
    host!.send({ type: 'typed-message', text: 'still here' });
    await host!.waitFor(
      (m) => m.type === 'transcript' && m.transcript.texts['en-US'] === 'still here',
      5000,
      mark,
    );
  });
});

describe('WebRTC audio switched off', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { HEARKEN_WEBRTC: 'off' } });
  });

  afterAll(async () => {
    await server?.close();
    if (server) removeDataDir(server.dataDir);
  });

  it('refuses the webrtc format with an error the client falls back on', async () => {
    const client = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Cy') });
    const sender = new WebRtcSender(client);
    await expect(sender.start()).rejects.toThrow(/WebRTC refused: invalid-message: .*send pcm_s16le frames/);
    await client.close();
  });
});
