/**
 * Vocabulary boost with the real engines (docs/boost.md): PocketSphinx learns a word missing
 * from its dictionary (an eSpeak NG pronunciation) and recognises it, from the next utterance
 * of the same stream, without a restart; sherpa-onnx moves a live stream to a hotwords
 * recognizer at the next utterance boundary, its segments and times carrying on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import { parseWav } from '../../src/shared/wav';
import { PocketSphinxEngine, type PocketSphinxStream } from '../../src/native/speech/pocketsphinx/engine';
import { createSherpaOnnxEngine } from '../../src/native/speech/sherpa-onnx';
import type { SherpaOnnxStream } from '../../src/native/speech/sherpa-onnx/engine';
import type { RecognizerEvent, RecognizerStream, SpeechEngine } from '../../src/native/speech/types';
import { devReference, devSamples, SPEECH_DIR } from '../helpers/speech';
import { tinyModel, type TinyModel } from '../helpers/tiny-model';

const VAD = 'resources/models/silero-vad/silero_vad.onnx';
/** "YOU WHO WERE ALWAYS ACCUSING PEOPLE OF BEING SHOPPY AT HELSTONE": Helstone is not in cmudict. */
const FILE = '1688-142285-0005.wav';
const WORD = 'helstone';
const SILENCE = new Int16Array(24_000);

function feed(stream: RecognizerStream, audio: Int16Array, events: RecognizerEvent[]): void {
  for (let i = 0; i < audio.length; i += CHUNK_SAMPLES)
    events.push(...stream.accept(audio.subarray(i, i + CHUNK_SAMPLES)));
}

const finals = (events: RecognizerEvent[]) => events.filter((e) => e.kind === 'final' && e.text);

describe('PocketSphinx boost', () => {
  const engine = new PocketSphinxEngine({ vadModel: VAD, boostEnabled: true });
  const speech = devSamples(FILE);
  afterAll(() => engine.dispose());

  it('is a word the dictionary lacks and the plain engine does not recognise', () => {
    expect(devReference(FILE).toLowerCase()).toContain(WORD);
    const stream = engine.open() as PocketSphinxStream;
    expect(stream.knows(WORD)).toBe(false);
    const events: RecognizerEvent[] = [];
    feed(stream, speech, events);
    feed(stream, SILENCE, events);
    stream.close();
    expect(
      finals(events)
        .map((f) => f.text)
        .join(' '),
    ).not.toContain(WORD);
  });

  it('is left alone by an engine whose boost is off (the default outside the boost host process)', () => {
    const off = new PocketSphinxEngine({ vadModel: VAD });
    try {
      const stream = off.open() as PocketSphinxStream;
      stream.setBoost([WORD]);
      const events: RecognizerEvent[] = [];
      feed(stream, speech, events);
      feed(stream, SILENCE, events);
      expect(stream.knows(WORD)).toBe(false);
      expect(stream.boostedWords()).toEqual([]);
      stream.close();
    } finally {
      off.dispose();
    }
  });

  it('adds it with a pronunciation and recognises it from the next utterance on, without a restart', () => {
    const stream = engine.open() as PocketSphinxStream;
    const events: RecognizerEvent[] = [];
    // Boosted halfway through the first utterance: the decoder changes only between utterances.
    feed(stream, speech.subarray(0, speech.length / 2), events);
    expect(events.some((e) => e.kind === 'partial')).toBe(true);
    stream.setBoost(['Helstone']);
    expect(stream.knows(WORD)).toBe(false);
    feed(stream, speech.subarray(speech.length / 2), events);
    feed(stream, SILENCE, events);
    const first = finals(events);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).not.toContain(WORD);
    // The same stream, the next utterance: the word is in the dictionary and recognised.
    feed(stream, speech, events);
    expect(stream.knows(WORD)).toBe(true);
    expect(stream.boostedWords()).toEqual([WORD]);
    feed(stream, SILENCE, events);
    events.push(...stream.flush());
    stream.close();
    const all = finals(events);
    expect(all.map((f) => f.segment)).toEqual([0, 1]);
    expect(all[1]!.text.split(' ')).toContain(WORD);
  });

  it('takes a dropped word out at the next utterance, and never lends a boosted decoder to another stream', () => {
    const stream = engine.open() as PocketSphinxStream;
    stream.setBoost([WORD]);
    expect(stream.knows(WORD)).toBe(true);
    stream.setBoost([]);
    expect(stream.knows(WORD)).toBe(false);
    stream.setBoost([WORD]);
    stream.close();
    for (let i = 0; i < 3; i++) {
      const other = engine.open() as PocketSphinxStream;
      expect(other.knows(WORD)).toBe(false);
      other.close();
    }
  });
});

describe('sherpa-onnx boost (tiny zipformer)', () => {
  let model: TinyModel;
  let engine: SpeechEngine;
  let longDev: Int16Array;

  beforeAll(() => {
    model = tinyModel();
    engine = createSherpaOnnxEngine({ kind: 'sherpa-onnx', model: model.name, modelsDir: model.modelsDir });
    longDev = parseWav(readFileSync(join(SPEECH_DIR, 'long-dev.wav'))).samples.slice(0, 30 * 16_000);
  });
  afterAll(() => engine?.dispose());

  it('moves a live stream to its hotwords at the next utterance, segments and times carrying on', () => {
    const stream = engine.open({ lang: 'en-US' }) as SherpaOnnxStream;
    const events: RecognizerEvent[] = [];
    let boostedAt = -1;
    let switchedAfter = -1;
    for (let i = 0; i < longDev.length; i += CHUNK_SAMPLES) {
      events.push(...stream.accept(longDev.subarray(i, i + CHUNK_SAMPLES)));
      if (boostedAt < 0 && events.some((e) => e.kind === 'partial')) {
        stream.setBoost(['king']);
        boostedAt = events.length;
        // Mid-utterance: not yet.
        expect(stream.activeBoost()).toEqual([]);
      }
      if (switchedAfter < 0 && stream.activeBoost().length > 0) switchedAfter = events.length;
    }
    events.push(...stream.flush());
    stream.close();
    expect(boostedAt).toBeGreaterThan(0);
    // It switched once the utterance under way had its final, not before.
    expect(switchedAfter).toBeGreaterThan(boostedAt);
    expect(events.slice(0, switchedAfter).some((e) => e.kind === 'final')).toBe(true);
    // One stream throughout: segments count on, and times stay on the audio's clock.
    const done = events.filter((e) => e.kind === 'final');
    expect(done.map((f) => f.segment)).toEqual(done.map((_, i) => i));
    expect(done.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < done.length; i++)
      expect(done[i]!.startMs).toBeGreaterThanOrEqual(done[i - 1]!.endMs - 50);
    expect(done[done.length - 1]!.endMs).toBeLessThanOrEqual(longDev.length / 16 + 1);
  });

  it('biases recognition towards the hotword', () => {
    // Hotwords lift a word the beam already holds among its candidates. The tiny model's words
    // are random, but "turn" is one it often considers; "king" one it does not (a boosted
    // stream decodes with the modified beam search either way, so only the hotword differs).
    const turns = (boost: string[]) => {
      const stream = engine.open({ lang: 'en-US' }) as SherpaOnnxStream;
      stream.setBoost(boost);
      const events: RecognizerEvent[] = [];
      feed(stream, longDev, events);
      events.push(...stream.flush());
      stream.close();
      return finals(events)
        .flatMap((f) => f.text.toLowerCase().split(' '))
        .filter((w) => w === 'turn').length;
    };
    const unrelated = turns(['king']);
    expect(unrelated).toBeGreaterThan(0);
    expect(turns(['turn'])).toBeGreaterThan(unrelated * 1.3);
  });
});
