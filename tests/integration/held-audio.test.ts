/**
 * Held audio through the real server and PocketSphinx (docs/web-client.md "Connection loss"): a
 * speaker's socket goes silent in the middle of a sentence and dies; their device keeps the
 * microphone's audio for 15 s, then, on a new connection, sends it all (including what had
 * already arrived, as a client that never got a PONG for it would) faster than real time, and
 * goes on live. Every word is stored once, in order, the held lines marked captioned late.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../../src/shared/constants';
import type { RecordingCapture, Transcript } from '../../src/shared/entities';
import type { ClientMessageOf } from '../../src/shared/protocol';
import { wordErrorRate } from '../../src/shared/wer';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { streamStopped, transcriptsSince } from '../helpers/speak';
import {
  CAPTION_TEST_FILE,
  POCKETSPHINX_MEASURED_DEV_WER,
  devReference,
  devSamples,
} from '../helpers/speech';

const SILENT_MS = 15_000;
const LIVE_BEFORE_DROP_S = 4;

function startMessage(
  capture: RecordingCapture,
  extra: { late?: boolean; resumedFromMs?: number } = {},
): ClientMessageOf<'audio'> {
  return {
    type: 'audio',
    action: 'start',
    metadata: {
      lang: 'en-US',
      format: 'pcm_s16le',
      sampleRateHz: 16_000,
      recordingMode: 'cli',
      chunkLengthMs: 60,
      recordingStart: Date.now(),
      capture,
      ...extra,
    },
  };
}

/** The room's finals as a reader holds them: the latest version of each, in caption order. */
function finals(list: readonly Transcript[]): Transcript[] {
  const byId = new Map<string, Transcript>();
  for (const t of list) if (t.isFinal) byId.set(t.id, t);
  return [...byId.values()].sort(
    (a, b) => a.index - b.index || a.timestampMs - b.timestampMs || (a.id < b.id ? -1 : 1),
  );
}

describe('held audio', () => {
  let server: TestServer;
  const clients: CaptionClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
    if (server) removeDataDir(server.dataDir);
  });

  it('a client silent for 15 s sends what it held: every word stored once, in order, marked late', async () => {
    const user = await createGuest(server.url, 'Ada Speaker');
    const host = await CaptionClient.connect(server.url, { user });
    clients.push(host);
    const reader = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Bo Reader'),
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    clients.push(reader);
    const speech = devSamples(CAPTION_TEST_FILE);
    // What the microphone captures: the sentence, then silence until the connection is back.
    const captured = new Int16Array(speech.length + (SILENT_MS / 1000) * SAMPLE_RATE_HZ);
    captured.set(speech);
    const captureStartMs = Date.now();
    const capture = { id: 'capture1', offsetSamples: 0, atMs: captureStartMs };

    // Live for 4 s, at real time: the first words of the sentence reach the room.
    host.send(startMessage(capture));
    const liveSamples = LIVE_BEFORE_DROP_S * SAMPLE_RATE_HZ;
    await streamAudio(host, captured.subarray(0, liveSamples), { speed: 1 });
    // The socket goes silent and dies mid-sentence; the device holds the audio for 15 s.
    host.ws.terminate();
    await new Promise((resolve) => setTimeout(resolve, SILENT_MS - 1000));

    const back = await CaptionClient.connect(server.url, { user, roomId: host.roomId });
    clients.push(back);
    const readerMark = reader.received.length;
    // No PONG proved the first 4 s arrived: the held audio starts at the capture's start.
    const heldEnd = Math.floor(captured.length / CHUNK_SAMPLES) * CHUNK_SAMPLES;
    back.send(startMessage(capture, { late: true, resumedFromMs: captureStartMs + 4000 }));
    const pacer = new ChunkPacer(3);
    for (let at = 0; at < heldEnd; at += SAMPLE_RATE_HZ) {
      for (let i = 0; i < SAMPLE_RATE_HZ / CHUNK_SAMPLES; i++) await pacer.next();
      back.sendAudio(captured.subarray(at, Math.min(heldEnd, at + SAMPLE_RATE_HZ)));
    }
    // Then live, from where the held audio ends: a second of silence, and stop.
    back.send(startMessage({ id: 'capture1', offsetSamples: heldEnd, atMs: Date.now() }));
    await streamAudio(back, new Int16Array(SAMPLE_RATE_HZ), { speed: 1 });
    back.stopAudio();
    await streamStopped(reader, user.avaId, readerMark);
    // The catch-up's last final comes after the live stream's: wait until the room settles.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const lines = finals(transcriptsSince(reader)).filter((t) => t.author === user.avaId);
    const words = lines.filter((t) => !t.gap).map((t) => t.texts[t.speechLang] ?? '');
    const text = words.join(' ');
    const reference = devReference(CAPTION_TEST_FILE);
    expect(wordErrorRate(reference, text), `captions "${text}"`).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    // Once: the first 4 s, sent twice, were decoded once.
    const count = (s: string) => s.split(/\s+/).filter(Boolean).length;
    expect(count(text)).toBeLessThanOrEqual(count(reference) + 3);
    // In order, at their true times; what came after the drop is captioned late.
    const times = lines.map((t) => t.timestampMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const late = lines.filter((t) => t.late);
    expect(late.length).toBeGreaterThan(0);
    expect(late[0]!.timestampMs).toBeLessThan(captureStartMs + speech.length / 16);
    // Nothing was lost: no gap marker.
    expect(lines.filter((t) => t.gap)).toEqual([]);
  }, 120_000);
});
