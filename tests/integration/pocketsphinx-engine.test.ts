/**
 * The PocketSphinx engine on real speech: streaming partials and finals, word timings that stay
 * on the audio's clock across utterances and reused decoders, flush, and a clear error when the
 * model is missing.
 */
import { describe, expect, it } from 'vitest';
import { PocketSphinxEngine, findPocketSphinxModel } from '../../src/native/speech/pocketsphinx/engine';
import { loadPocketSphinx } from '../../src/native/speech/pocketsphinx/binding';
import { EngineUnavailableError, type RecognizerEvent } from '../../src/native/speech/types';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import { wordErrorRate } from '../../src/shared/wer';
import {
  devReference,
  devSamples,
  CAPTION_TEST_FILE,
  POCKETSPHINX_MEASURED_DEV_WER,
} from '../helpers/speech';

const VAD = 'resources/models/silero-vad/silero_vad.onnx';
const FILE = CAPTION_TEST_FILE;

function run(engine: PocketSphinxEngine, audio: Int16Array, flush = true): RecognizerEvent[] {
  const stream = engine.open();
  const events: RecognizerEvent[] = [];
  for (let i = 0; i < audio.length; i += CHUNK_SAMPLES)
    events.push(...stream.accept(audio.subarray(i, i + CHUNK_SAMPLES)));
  if (flush) events.push(...stream.flush());
  stream.close();
  return events;
}

function withSilence(...parts: Int16Array[]): Int16Array {
  const gap = 16_000;
  const out = new Int16Array(parts.reduce((n, p) => n + p.length + gap, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length + gap;
  }
  return out;
}

describe('PocketSphinx engine', () => {
  const engine = new PocketSphinxEngine({ vadModel: VAD });
  const speech = devSamples(FILE);
  const durationMs = (speech.length / 16_000) * 1000;

  it('streams partials, then a final with word timings inside the audio', () => {
    const events = run(engine, withSilence(speech));
    const finals = events.filter((e) => e.kind === 'final' && e.text);
    expect(events[0]!.kind).toBe('partial');
    expect(finals).toHaveLength(1);
    expect(wordErrorRate(devReference(FILE), finals[0]!.text)).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    const words = finals[0]!.words!;
    expect(words.length).toBeGreaterThan(5);
    for (const w of words) {
      expect(w.startMs).toBeGreaterThanOrEqual(0);
      expect(w.endMs).toBeGreaterThan(w.startMs);
      expect(w.endMs).toBeLessThanOrEqual(durationMs + 100);
    }
  });

  it('keeps word timings on the stream clock for a second line and on a reused decoder', () => {
    const twice = run(engine, withSilence(speech, speech)).filter((e) => e.kind === 'final' && e.text);
    expect(twice).toHaveLength(2);
    const [first, second] = twice as [RecognizerEvent, RecognizerEvent];
    const offsetMs = durationMs + 1000;
    // The second line is the same audio one file and one second later: same timings, shifted.
    expect(second.startMs).toBeGreaterThanOrEqual(first.endMs);
    expect(second.words![0]!.startMs - first.words![0]!.startMs).toBeCloseTo(offsetMs, -2);
    expect(second.words!.at(-1)!.endMs).toBeLessThanOrEqual(2 * durationMs + 1100);

    // A new stream takes a decoder another stream used: its timings start from zero again.
    const again = run(engine, withSilence(speech)).find((e) => e.kind === 'final' && e.text)!;
    expect(again.words![0]!.startMs).toBe(first.words![0]!.startMs);
  });

  it('cuts a recording into the same lines on a reused VAD as on a new one', () => {
    // One idle decoder: every stream after the first takes the decoder, and the Silero VAD, the
    // one before it left mid-state (here, a stream cut off while speech was still going on).
    // Where lines start and end is the VAD's alone (a reused decoder's words may differ a little
    // from a new one's: that was so before VADs were reused, and is not tested here).
    const single = new PocketSphinxEngine({ vadModel: VAD, maxIdleDecoders: 1 });
    const lines = (events: RecognizerEvent[]) =>
      events.filter((e) => e.kind === 'final').map((e) => [e.segment, e.startMs, e.endMs]);
    try {
      const first = lines(run(single, withSilence(speech, speech)));
      run(single, speech.subarray(0, Math.floor(speech.length / 2)), false);
      const again = lines(run(single, withSilence(speech, speech)));
      expect(single.idleDecoders).toBe(1);
      expect(first).toHaveLength(2);
      expect(again).toEqual(first);
    } finally {
      single.dispose();
    }
  });

  it('ends the open line on flush', () => {
    const events = run(engine, speech.subarray(0, Math.floor(speech.length * 0.6)), false);
    expect(events.some((e) => e.kind === 'final')).toBe(false);
    const stream = engine.open();
    for (let i = 0; i < speech.length * 0.6; i += CHUNK_SAMPLES)
      stream.accept(speech.subarray(i, i + CHUNK_SAMPLES));
    const flushed = stream.flush();
    stream.close();
    expect(flushed).toHaveLength(1);
    expect(flushed[0]).toMatchObject({ kind: 'final', segment: 0 });
    expect(flushed[0]!.text.split(' ').length).toBeGreaterThan(3);
  });

  it('stays silent on silence', () => {
    expect(run(engine, new Int16Array(16_000 * 3))).toEqual([]);
  });

  it('keeps at most its bound of idle decoders after a burst of streams, and still recognises', () => {
    const bounded = new PocketSphinxEngine({ vadModel: VAD, maxIdleDecoders: 1 });
    try {
      const streams = [bounded.open(), bounded.open(), bounded.open()];
      expect(bounded.idleDecoders).toBe(0);
      for (const s of streams) s.close();
      // Two of the three decoders were freed (and the heap trimmed), one waits for the next stream.
      expect(bounded.idleDecoders).toBe(1);
      const finals = run(bounded, withSilence(speech)).filter((e) => e.kind === 'final' && e.text);
      expect(wordErrorRate(devReference(FILE), finals[0]!.text)).toBeLessThanOrEqual(
        POCKETSPHINX_MEASURED_DEV_WER,
      );
      expect(bounded.idleDecoders).toBe(1);
      // Warming for more streams raises the bound to what was warmed.
      bounded.warm(3);
      const warmed = [bounded.open(), bounded.open(), bounded.open()];
      for (const s of warmed) s.close();
      expect(bounded.idleDecoders).toBe(3);
    } finally {
      bounded.dispose();
    }
    expect(bounded.idleDecoders).toBe(0);
  });

  it('gives the same lines when its decoders share one language model, streams interleaved, as with a model each', () => {
    // Decoders that never take boost words share the engine's model and a dictionary cut to its
    // words; a boost engine's decoders load their own model and the full dictionary. The shared
    // model caches the last history it scored: two streams taking turns chunk by chunk must not
    // see each other's.
    const other = devSamples('1089-134686-0001.wav');
    const shared = new PocketSphinxEngine({ vadModel: VAD });
    const own = new PocketSphinxEngine({ vadModel: VAD, boostEnabled: true });
    const finals = (events: RecognizerEvent[]) =>
      events.filter((e) => e.kind === 'final').map((e) => ({ text: e.text, words: e.words }));
    try {
      const alone = [withSilence(speech), withSilence(other)].map((audio) => finals(run(own, audio)));
      const streams = [shared.open(), shared.open()];
      const audios = [withSilence(speech), withSilence(other)];
      const events: RecognizerEvent[][] = [[], []];
      const longest = Math.max(...audios.map((a) => a.length));
      for (let i = 0; i < longest; i += CHUNK_SAMPLES)
        streams.forEach((stream, n) => {
          if (i < audios[n]!.length)
            events[n]!.push(...stream.accept(audios[n]!.subarray(i, i + CHUNK_SAMPLES)));
        });
      streams.forEach((stream, n) => {
        events[n]!.push(...stream.flush());
        stream.close();
      });
      expect(alone.every((f) => f.length > 0 && f[0]!.text.split(' ').length > 3)).toBe(true);
      expect(events.map(finals)).toEqual(alone);
    } finally {
      shared.dispose();
      own.dispose();
    }
  });

  it("never swaps sphinxbase's process-wide log, which two workers creating decoders at once crashed on", () => {
    // ps_init -logfn opens a new log file and closes the old one, for the whole process: two
    // threads doing it at once closed the same FILE twice (glibc: "free(): invalid pointer").
    const lib = loadPocketSphinx();
    expect(lib.logIsOff()).toBe(true);
    const files = findPocketSphinxModel();
    // A log file named in the arguments (HEARKEN_POCKETSPHINX_ARGS could) is not opened either.
    const ps = lib.createDecoder({ ...files, logfn: '/dev/null' });
    const lm = lib.readLanguageModel({ ...files, logfn: '/dev/null' });
    const sharing = lib.createDecoder({ hmm: files.hmm, dict: files.dict, logfn: '/dev/null' }, lm);
    expect(lib.logIsOff()).toBe(true);
    lib.freeDecoder(sharing);
    lib.freeDecoder(ps);
    lib.freeLanguageModel(lm);
    const fresh = new PocketSphinxEngine({ vadModel: VAD });
    try {
      run(fresh, speech.subarray(0, 16_000));
      expect(lib.logIsOff()).toBe(true);
    } finally {
      fresh.dispose();
    }
  });

  it("starts a speaker's next stream from the cepstral mean their last one learnt", () => {
    const carrying = new PocketSphinxEngine({ vadModel: VAD, maxIdleDecoders: 1 });
    try {
      const untouched = carrying.open();
      const prior = untouched.cmnMean()!;
      expect(prior).toHaveLength(13);
      untouched.close();
      // Nobody spoke: nothing learnt, nothing to carry.
      expect(untouched.cmnMean()).toBeUndefined();

      const first = carrying.open();
      for (let i = 0; i < speech.length; i += CHUNK_SAMPLES)
        first.accept(speech.subarray(i, i + CHUNK_SAMPLES));
      first.flush();
      first.close();
      const learnt = first.cmnMean()!;
      expect(learnt).toHaveLength(13);
      expect(learnt).not.toEqual(prior);

      // The same decoder again (one idle kept): for someone else it starts from the prior, not
      // from what it learnt of the last speaker...
      const other = carrying.open();
      expect(other.cmnMean()).toEqual(prior);
      other.close();
      // ...and for the same speaker from what their last stream learnt, which a stream without
      // speech hands on unchanged.
      const next = carrying.open({ lang: 'en-US', cmnMean: learnt });
      expect(next.cmnMean()).toEqual(learnt);
      next.close();
      expect(next.cmnMean()).toEqual(learnt);
    } finally {
      carrying.dispose();
    }
  });

  it('names the missing model and how to install it', () => {
    expect(() => new PocketSphinxEngine({ vadModel: VAD, modelDir: '/nonexistent/en-us' })).toThrow(
      EngineUnavailableError,
    );
    expect(() => new PocketSphinxEngine({ vadModel: VAD, modelDir: '/nonexistent/en-us' })).toThrow(
      /pocketsphinx-en-us.*apt-get install libpocketsphinx3 pocketsphinx-en-us/,
    );
  });
});
