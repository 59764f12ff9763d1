/**
 * The speech load limit (HEARKEN_SPEECH_LOAD_LIMIT, native/speech/load.ts): below the decoder
 * cap, a speaker beyond the guaranteed streams is refused when the speech worker they would go
 * to is too busy, and taken again once it is not. Here the limit is set so low that the
 * guaranteed speakers fill the one worker, so the rule is shown on any machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { streamStopped } from '../helpers/speak';
import { GUARANTEED_STREAMS_PER_WORKER } from '../../src/native/speech/load';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let server: TestServer;
const dataDir = tempDataDir();

beforeAll(async () => {
  server = await startTestServer({
    dataDir,
    env: {
      HEARKEN_SPEECH_WORKERS: '1',
      HEARKEN_SPEECH_LOAD_LIMIT: '0.001',
    },
  });
});

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

async function speaker(name: string): Promise<CaptionClient> {
  return CaptionClient.connect(server.url, { user: await createGuest(server.url, name) });
}

const started = (client: CaptionClient, from: number) =>
  client.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.reason === 'audio-stream-started' &&
      m.status.audioStreams.some((s) => s.avaId === client.user.avaId),
    10_000,
    from,
  );

describe('speech load limit', () => {
  it('refuses a speaker beyond the guaranteed streams while the worker is busy, and takes them once one stops', async () => {
    const speakers = await Promise.all(
      Array.from({ length: GUARANTEED_STREAMS_PER_WORKER }, (_, i) => speaker(`Busy Speaker ${i + 1}`)),
    );
    const waiting = await speaker('Waiting Speaker');

    // Each starts, then three seconds of real-time speech: the worker's load is sampled every
    // second, and a stream's cost is known once the worker ran the same streams for a second.
    const samples = devSamples(CAPTION_TEST_FILE).subarray(0, 3 * 16_000);
    await Promise.all(
      speakers.map(async (client) => {
        const mark = client.received.length;
        client.startAudio();
        await started(client, mark);
      }),
    );
    await Promise.all(
      speakers.map((client) => streamAudio(client, samples, { speed: 1, pacer: new ChunkPacer(1) })),
    );

    let mark = waiting.received.length;
    waiting.startAudio();
    expect(await waiting.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
      error: {
        code: 'speech-unavailable',
        message: `the server is captioning as many speakers as it can (${GUARANTEED_STREAMS_PER_WORKER}); try again in a moment`,
      },
    });

    // The running speakers are still captioned; one of them stops.
    const first = speakers[0]!;
    await streamAudio(first, new Int16Array(16_000), { speed: 4, pacer: new ChunkPacer(4) });
    const stopMark = first.received.length;
    first.stopAudio();
    await streamStopped(first, first.user.avaId, stopMark);
    expect(first.received.some((r) => r.message.type === 'transcript' && r.message.transcript.isFinal)).toBe(
      true,
    );

    // Below the guaranteed streams again: the waiting speaker is taken.
    mark = waiting.received.length;
    waiting.startAudio();
    await started(waiting, mark);
    expect(waiting.received.slice(mark).some((r) => r.message.type === 'error')).toBe(false);

    for (const client of [...speakers, waiting]) await client.close();
  });
});
