/**
 * The speech worker pool: streams spread over workers, results delivered, and a worker that
 * dies is replaced so the pool keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpeechPool } from '../../src/native/speech/pool';
import type { RecognizerEvent } from '../../src/native/speech/types';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';

const VAD = 'resources/models/silero-vad/silero_vad.onnx';

async function recognise(pool: SpeechPool): Promise<{ events: RecognizerEvent[]; errors: string[] }> {
  const events: RecognizerEvent[] = [];
  const errors: string[] = [];
  const stream = pool.open('basic', 'en-US', {
    onEvent: (e) => events.push(e),
    onError: (m) => errors.push(m),
  });
  const audio = devSamples(CAPTION_TEST_FILE);
  for (let i = 0; i < audio.length; i += CHUNK_SAMPLES) stream.write(audio.subarray(i, i + CHUNK_SAMPLES));
  await stream.close();
  return { events, errors };
}

describe('speech pool', () => {
  let pool: SpeechPool;

  beforeAll(async () => {
    pool = await SpeechPool.start({
      size: 2,
      warm: 1,
      engines: { basic: [{ kind: 'pocketsphinx', modelsDir: '/nonexistent', vadModel: VAD }] },
    });
  });
  afterAll(() => pool?.close());

  it('reports the engine that serves a name, and refuses a name it does not serve', () => {
    expect(pool.status('basic')).toMatchObject({ ok: true, id: 'pocketsphinx:en-us' });
    expect(() => pool.open('premium', 'en-US', { onEvent: () => {}, onError: () => {} })).toThrow(/premium/);
  });

  it('recognises streams side by side and delivers every result before close resolves', async () => {
    const [a, b] = await Promise.all([recognise(pool), recognise(pool)]);
    for (const r of [a, b]) {
      expect(r.errors).toEqual([]);
      expect(r.events.some((e) => e.kind === 'final' && e.text.split(' ').length > 10)).toBe(true);
    }
    expect(pool.openStreams).toBe(0);
  });

  it('tells the streams of a worker that dies, and replaces the worker', async () => {
    const errors: string[] = [];
    // Two streams: the least busy worker takes each, so one lands on each worker.
    const streams = [0, 1].map(() =>
      pool.open('basic', 'en-US', { onEvent: () => {}, onError: (m) => errors.push(m) }),
    );
    await pool.recycleWorker(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/speech worker/);
    expect(pool.restarts).toBe(1);
    await Promise.all(streams.map((s) => s.close()));

    // The pool is whole again: new streams on either worker are recognised.
    const [a, b] = await Promise.all([recognise(pool), recognise(pool)]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(a.events.some((e) => e.kind === 'final')).toBe(true);
    expect(b.events.some((e) => e.kind === 'final')).toBe(true);
  });

  it('ends workers busy building decoders without aborting the process', async () => {
    // Worker.terminate() here used to land inside the native constructors now and then, and
    // the addon's C++ exception aborted the whole process (and with it the server).
    for (let round = 0; round < 6; round++) {
      const cold = await SpeechPool.start({
        size: 1,
        warm: 0,
        engines: { basic: [{ kind: 'pocketsphinx', modelsDir: '/nonexistent', vadModel: VAD }] },
      });
      const errors: string[] = [];
      for (let i = 0; i < 3; i++)
        cold.open('basic', 'en-US', { onEvent: () => {}, onError: (m) => errors.push(m) });
      await (round % 2 === 0 ? cold.recycleWorker(0) : cold.close());
      if (round % 2 === 0) {
        // The recycled worker's streams were told; the pool serves on its fresh worker.
        expect(errors).toHaveLength(3);
        expect(errors[0]).toMatch(/recycled/);
        const result = await recognise(cold);
        expect(result.events.some((e) => e.kind === 'final')).toBe(true);
        await cold.close();
      }
      expect(cold.openStreams).toBe(0);
    }
  });
});
