/**
 * Boost isolation (docs/boost.md, "Isolation"): a PocketSphinx stream with a boost list is
 * decoded in the boost host, a child process. When that process dies as a native crash would
 * end it (SIGSEGV), the pool and its other streams go on, the stream carries on unboosted from
 * its last final with the audio it had not finished (nothing said is lost), the list is not
 * applied again, and the crash is reported.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SpeechPool, type PoolStream } from '../../src/native/speech/pool';
import type { RecognizerEvent } from '../../src/native/speech/types';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import { devSamples } from '../helpers/speech';

const VAD = 'resources/models/silero-vad/silero_vad.onnx';
/** "YOU WHO WERE ALWAYS ACCUSING PEOPLE OF BEING SHOPPY AT HELSTONE": Helstone is not in cmudict. */
const FILE = '1688-142285-0005.wav';
const SILENCE = new Int16Array(24_000);
const speech = devSamples(FILE);
const warnings: string[] = [];
let pool: SpeechPool;

beforeAll(async () => {
  pool = await SpeechPool.start({
    size: 1,
    warm: 1,
    engines: { basic: [{ kind: 'pocketsphinx', modelsDir: '/nonexistent', vadModel: VAD }] },
    warn: (m) => warnings.push(m),
  });
});
afterAll(() => pool?.close());

function write(stream: PoolStream, audio: Int16Array): void {
  for (let i = 0; i < audio.length; i += CHUNK_SAMPLES) stream.write(audio.subarray(i, i + CHUNK_SAMPLES));
}

const finals = (events: RecognizerEvent[]) => events.filter((e) => e.kind === 'final' && e.text);
const waitFor = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 90_000, interval: 100 });

it('keeps unboosted streams on the threads, and decodes a boosted one in the boost host', async () => {
  const plain = pool.open('basic', 'en-US', { onEvent: () => {}, onError: () => {} });
  plain.boost([]);
  expect(pool.boostHostPid).toBeUndefined();
  await plain.close();

  const events: RecognizerEvent[] = [];
  const stream = pool.open('basic', 'en-US', { onEvent: (e) => events.push(e), onError: () => {} });
  stream.boost(['helstone']);
  write(stream, speech);
  write(stream, SILENCE);
  await waitFor(() => finals(events).length === 1);
  expect(pool.boostHostPid).toBeGreaterThan(0);
  expect(finals(events)[0]!.text.split(' ')).toContain('helstone');
  await stream.close();
}, 120_000);

it('survives the boost host dying mid-line: the line is decoded again unboosted and the list is dropped', async () => {
  const events: RecognizerEvent[] = [];
  const errors: string[] = [];
  const other: RecognizerEvent[] = [];
  const stream = pool.open('basic', 'en-US', {
    onEvent: (e) => events.push(e),
    onError: (m) => errors.push(m),
  });
  const list = ['helstone', 'shoppy'];
  stream.boost(list);
  // A first line, boosted, then half of the second.
  write(stream, speech);
  write(stream, SILENCE);
  await waitFor(() => finals(events).length === 1);
  const host = pool.boostHostPid!;
  write(stream, speech.subarray(0, speech.length / 2));
  await waitFor(() => events.some((e) => e.kind === 'partial' && e.segment === 1));
  // Audio still queued for the host when it dies: that is the stream it was decoding.
  write(stream, speech.subarray(speech.length / 2, (speech.length * 3) / 4));
  process.kill(host, 'SIGSEGV');
  write(stream, speech.subarray((speech.length * 3) / 4));
  write(stream, SILENCE);

  await waitFor(() => finals(events).length === 2);
  expect(errors).toEqual([]);
  expect(pool.boostHostCrashes).toBe(1);
  expect(pool.isCrashedList(list)).toBe(true);
  expect(warnings.join('\n')).toMatch(/boost host died \(signal SIGSEGV\)/);
  const [first, second] = finals(events);
  expect(first!.text.split(' ')).toContain('helstone');
  // The whole second line was decoded again, from its start, on a decoder without the list.
  expect(second!.segment).toBe(1);
  expect(second!.text.split(' ')).not.toContain('helstone');
  expect(second!.text.split(' ').length).toBeGreaterThanOrEqual(first!.text.split(' ').length - 3);
  expect(second!.startMs).toBeGreaterThanOrEqual(first!.endMs);

  // The same list again is not applied (no host needed); another person's list still is.
  stream.boost(list);
  const next = pool.open('basic', 'en-US', { onEvent: (e) => other.push(e), onError: (m) => errors.push(m) });
  next.boost(['helstone']);
  write(next, speech);
  write(next, SILENCE);
  await waitFor(() => finals(other).length === 1);
  expect(finals(other)[0]!.text.split(' ')).toContain('helstone');
  expect(pool.boostHostPid).not.toBe(host);
  await Promise.all([stream.close(), next.close()]);
  expect(pool.openStreams).toBe(0);
}, 180_000);
