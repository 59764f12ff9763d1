/**
 * Speaker identification's model wiring (issue 11): sherpa-onnx's SpeakerEmbeddingExtractor
 * loads the generated tiny model (its metadata as sherpa-onnx requires) and embeds real speech;
 * the clusters tell two real voices apart and find each again.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_EMBEDDING_MS, loadSpeakerEmbedder } from '../../src/native/speech/speaker-id/embedder';
import { SPEAKER_MODELS_FOLDER, findSpeakerModel } from '../../src/native/speech/speaker-id/model';
import { SpeakerClusters, cosineSimilarity } from '../../src/server/rooms/speaker-clusters';
import { devSamples } from '../helpers/speech';
import { tinySpeakerModel } from '../helpers/tiny-speaker-model';

const model = tinySpeakerModel();
const scratch = mkdtempSync(join(tmpdir(), 'hearken-speaker-model-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// LibriSpeech test-other: speaker 1688 (a man) and 1998 (a woman), several utterances each.
const MAN = ['1688-142285-0000.wav', '1688-142285-0001.wav'];
const WOMAN = ['1998-15444-0000.wav', '1998-15444-0002.wav', '1998-15444-0009.wav'];

describe('the speaker-embedding model', () => {
  it('is found where models are installed', () => {
    expect(findSpeakerModel(model.modelsDir)).toBe(model.path);
    expect(findSpeakerModel(scratch)).toBeUndefined();
  });

  const embedder = loadSpeakerEmbedder(model.path, model.modelsDir);

  it('embeds real speech: the same utterance gives the same fingerprint, and it has the model’s size', () => {
    expect(embedder.dim).toBe(16);
    const a = embedder.embed(devSamples(MAN[0]!))!;
    const b = embedder.embed(devSamples(MAN[0]!))!;
    expect(a).toHaveLength(16);
    expect(a.some((x) => x !== 0)).toBe(true);
    expect(cosineSimilarity(a, b)).toBeCloseTo(1, 5);
  });

  it('does not embed an utterance shorter than the minimum', () => {
    const samples = devSamples(MAN[0]!);
    expect(embedder.embed(samples.subarray(0, 16 * MIN_EMBEDDING_MS - 1))).toBeUndefined();
    expect(embedder.embed(samples.subarray(0, 16 * MIN_EMBEDDING_MS))).toBeDefined();
  });

  it('tells two real voices apart and finds each again, turn after turn', () => {
    const clusters = new SpeakerClusters();
    const turns = [MAN[0]!, WOMAN[0]!, MAN[1]!, WOMAN[1]!, WOMAN[2]!];
    const speakers = turns.map((file) => clusters.assign(embedder.embed(devSamples(file)))!.speaker);
    expect(speakers).toEqual([1, 2, 1, 2, 2]);
  });

  it('refuses a model sherpa-onnx would end the process on, saying why, without loading it', () => {
    const dir = join(scratch, 'models');
    mkdirSync(join(dir, SPEAKER_MODELS_FOLDER), { recursive: true });
    const bad = join(dir, SPEAKER_MODELS_FOLDER, 'nemo.onnx');
    const bytes = readFileSync(model.path).toString('latin1').replace('wespeaker', 'nemo-spkr');
    writeFileSync(bad, Buffer.from(bytes, 'latin1'));
    expect(() => loadSpeakerEmbedder(bad, dir)).toThrow(
      /framework is "nemo-spkr".*To install it: put a speaker-embedding model/,
    );
    const asr = join(dir, SPEAKER_MODELS_FOLDER, 'not-a-speaker-model.onnx');
    writeFileSync(asr, Buffer.from('an ONNX file of another kind of model'));
    expect(() => loadSpeakerEmbedder(asr, dir)).toThrow(/lacks framework/);
  });
});
