/**
 * The sherpa-onnx engine on the tiny generated zipformer2 (random weights, real interface) and
 * real recorded speech. The words are random, but the model emits tokens only where there is
 * sound, so endpoints, segments and timings can be checked against the known layout of
 * long-dev.wav (utterances separated by 0.8 s of digital silence).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import { parseWav } from '../../src/shared/wav';
import { createSherpaOnnxEngine } from '../../src/native/speech/sherpa-onnx';
import {
  EngineUnavailableError,
  type RecognizerEvent,
  type SpeechEngine,
} from '../../src/native/speech/types';
import { tinyModel, type TinyModel } from '../helpers/tiny-model';
import { SPEECH_DIR } from '../helpers/speech';

const SPEECH = SPEECH_DIR;
const MS = 16; // samples per millisecond at 16 kHz

function loadWav(path: string): Int16Array {
  const audio = parseWav(readFileSync(path));
  expect(audio.sampleRate).toBe(16000);
  return audio.samples;
}

/** long-dev.tsv: start and end (ms) of each utterance. */
function utterances(): { startMs: number; endMs: number }[] {
  return readFileSync(join(SPEECH, 'long-dev.tsv'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [start, end] = line.split('\t');
      return { startMs: Number(start) * 1000, endMs: Number(end) * 1000 };
    });
}

function feed(engine: SpeechEngine, samples: Int16Array, chunk = CHUNK_SAMPLES): RecognizerEvent[] {
  const stream = engine.open({ lang: 'en-US' });
  const events: RecognizerEvent[] = [];
  for (let i = 0; i < samples.length; i += chunk)
    events.push(...stream.accept(samples.subarray(i, i + chunk)));
  events.push(...stream.flush());
  stream.close();
  return events;
}

let model: TinyModel;
let engine: SpeechEngine;
let longDev: Int16Array;

beforeAll(() => {
  model = tinyModel();
  engine = createSherpaOnnxEngine({ kind: 'sherpa-onnx', model: model.name, modelsDir: model.modelsDir });
  // The first 30 s: five utterances and the start of a sixth.
  longDev = loadWav(join(SPEECH, 'long-dev.wav')).slice(0, 30 * 16000);
});

afterAll(() => engine?.dispose());

describe('sherpa-onnx engine on the tiny zipformer', () => {
  it('names itself after its model', () => {
    expect(engine.id).toBe(`sherpa-onnx:${model.name}`);
    expect(engine.kind).toBe('sherpa-onnx');
    expect(engine.langs).toContain('en-US');
  });

  it('gives partials then a final per utterance, with segments counting from 0', () => {
    const events = feed(engine, longDev);
    const finals = events.filter((e) => e.kind === 'final');
    const partials = events.filter((e) => e.kind === 'partial');
    expect(partials.length).toBeGreaterThan(5);
    expect(finals.length).toBeGreaterThanOrEqual(5);
    expect(finals.map((f) => f.segment)).toEqual(finals.map((_, i) => i));
    // A partial belongs to the utterance the next final ends.
    let segment = 0;
    for (const e of events) {
      expect(e.segment).toBe(segment);
      if (e.kind === 'final') segment++;
    }
    // Consecutive partials of one utterance differ (a partial is sent only when the text changes).
    for (let i = 1; i < events.length; i++) {
      const [a, b] = [events[i - 1]!, events[i]!];
      if (a.kind === 'partial' && b.kind === 'partial' && a.segment === b.segment)
        expect(b.text).not.toBe(a.text);
    }
  });

  it('ends utterances at the pauses between them, with times in ms of the audio', () => {
    const events = feed(engine, longDev);
    const spans = utterances();
    const finals = events.filter((e) => e.kind === 'final' && e.text);
    for (const final of finals) {
      // Every final lies within one utterance of the recording (0.8 s silences separate them).
      const home = spans.find((u) => final.startMs >= u.startMs - 200 && final.endMs <= u.endMs + 500);
      expect(home, `final ${final.startMs}-${final.endMs}`).toBeDefined();
    }
    // ...and the utterances that end before 30 s each got one.
    const complete = spans.filter((u) => u.endMs < 29_000);
    for (const u of complete) {
      expect(finals.some((f) => f.startMs >= u.startMs - 200 && f.endMs <= u.endMs + 500)).toBe(true);
    }
  });

  it('gives finals sane word timings, matching their text', () => {
    const events = feed(engine, longDev);
    for (const e of events) {
      expect(e.startMs).toBeGreaterThanOrEqual(0);
      expect(e.endMs).toBeGreaterThanOrEqual(e.startMs);
      expect(e.endMs).toBeLessThanOrEqual(longDev.length / MS);
      if (e.kind !== 'final' || !e.text) continue;
      const words = e.words!;
      expect(words.map((w) => w.w).join(' ')).toBe(e.text);
      expect(words[0]!.startMs).toBe(e.startMs);
      expect(words[words.length - 1]!.endMs).toBe(e.endMs);
      for (let i = 0; i < words.length; i++) {
        expect(words[i]!.endMs).toBeGreaterThanOrEqual(words[i]!.startMs);
        if (i > 0) expect(words[i]!.startMs).toBeGreaterThanOrEqual(words[i - 1]!.endMs);
      }
    }
  });

  it('presents text in lower case (except the pronoun I)', () => {
    const text = feed(engine, longDev)
      .filter((e) => e.kind === 'final')
      .map((e) => e.text)
      .join(' ');
    expect(text.length).toBeGreaterThan(20);
    expect(text.replace(/\bI\b|\bI'/g, '')).toBe(text.replace(/\bI\b|\bI'/g, '').toLowerCase());
  });

  it('finds the same utterances whatever the size of the chunks fed', () => {
    const finals = (events: RecognizerEvent[]) =>
      events.filter((e) => e.kind === 'final').map(({ text, startMs, endMs }) => ({ text, startMs, endMs }));
    expect(finals(feed(engine, longDev, longDev.length))).toEqual(finals(feed(engine, longDev)));
  });

  it('flush() ends the utterance now, and later audio keeps its own timeline', () => {
    const utterance = loadWav(join(SPEECH, 'dev', '1272-141231-0002.wav'));
    const stream = engine.open({ lang: 'en-US' });
    // Two seconds in, the speaker is mid-sentence: no endpoint yet.
    const first = stream.accept(utterance.subarray(0, 2 * 16000));
    expect(first.filter((e) => e.kind === 'final')).toEqual([]);
    const flushed = stream.flush();
    expect(flushed).toHaveLength(1);
    expect(flushed[0]).toMatchObject({ kind: 'final', segment: 0 });
    expect(flushed[0]!.text.length).toBeGreaterThan(0);
    expect(flushed[0]!.endMs).toBeLessThanOrEqual(2000);
    // The 0.8 s of silence flush() added does not shift what comes next.
    const after = stream.accept(utterance.subarray(2 * 16000, 5 * 16000));
    expect(after.length).toBeGreaterThan(0);
    for (const e of after) {
      expect(e.segment).toBe(1);
      expect(e.startMs).toBeGreaterThanOrEqual(2000);
      expect(e.endMs).toBeLessThanOrEqual(5000);
    }
    stream.close();
  });

  it('flush() gives nothing when nothing was said', () => {
    const stream = engine.open({ lang: 'en-US' });
    expect(stream.flush()).toEqual([]);
    expect(stream.accept(new Int16Array(16000))).toEqual([]);
    expect(stream.flush()).toEqual([]);
    stream.close();
  });

  it('close() releases the stream: it accepts no more audio', () => {
    const stream = engine.open({ lang: 'en-US' });
    stream.accept(longDev.subarray(0, 16000));
    stream.close();
    expect(() => stream.accept(longDev.subarray(0, 960))).toThrow('closed');
    expect(stream.flush()).toEqual([]);
  });

  it('keeps streams independent', () => {
    const a = engine.open({ lang: 'en-US' });
    const b = engine.open({ lang: 'en-US' });
    const piece = longDev.subarray(0, 5 * 16000);
    const fromA = [...a.accept(piece), ...a.flush()].filter((e) => e.kind === 'final');
    b.accept(longDev.subarray(10 * 16000, 12 * 16000)); // different audio in between
    b.close();
    expect(feed(engine, piece).filter((e) => e.kind === 'final')).toEqual(fromA);
    a.close();
  });

  it('refuses a language its model does not know', () => {
    expect(() => engine.open({ lang: 'fr-FR' })).toThrow(/does not recognise fr-FR/);
  });
});

describe('sherpa-onnx engine without its model', () => {
  let modelsDir: string;
  beforeAll(() => {
    modelsDir = mkdtempSync(join(tmpdir(), 'hearken-models-'));
  });
  afterAll(() => rmSync(modelsDir, { recursive: true, force: true }));

  function unavailable(name: string): EngineUnavailableError {
    try {
      createSherpaOnnxEngine({ kind: 'sherpa-onnx', model: name, modelsDir });
    } catch (error) {
      expect(error).toBeInstanceOf(EngineUnavailableError);
      return error as EngineUnavailableError;
    }
    throw new Error('the engine was created without its model');
  }

  it('names the missing model and the command that downloads it', () => {
    const error = unavailable('sherpa-onnx-streaming-zipformer-en-2023-06-26');
    expect(error.installCommand).toBe(
      'npm run models:download -- sherpa-onnx-streaming-zipformer-en-2023-06-26',
    );
    expect(error.message).toContain('"sherpa-onnx-streaming-zipformer-en-2023-06-26" is not installed');
    expect(error.message).toContain(error.installCommand);
  });

  it('names the missing file of an incomplete model', () => {
    cpSync(model.dir, join(modelsDir, 'broken'), { recursive: true });
    rmSync(join(modelsDir, 'broken', 'joiner.onnx'));
    const error = unavailable('broken');
    expect(error.message).toContain('incomplete: no joiner file');
    expect(error.installCommand).toBe('npm run models:download -- broken');
  });
});
