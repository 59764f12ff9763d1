/**
 * A voice's fingerprint for speaker identification: sherpa-onnx's SpeakerEmbeddingExtractor over
 * one utterance's 16 kHz audio. Loaded from the installed model (model.ts), which is checked
 * before sherpa-onnx sees it. Computing one embedding is synchronous native work: about the cost
 * of a second of recognition for a real model, once per final, so it runs where finals are made.
 */
import { SAMPLE_RATE_HZ } from '../../../shared/constants';
import { loadSherpaOnnx } from '../sherpa-onnx/binding';
import { checkSpeakerModel, findSpeakerModel, noSpeakerModelError } from './model';

/** Utterances shorter than this are not embedded: too little voice to tell who it is (they go to the last speaker). */
export const MIN_EMBEDDING_MS = 1500;

export interface SpeakerEmbedder {
  readonly model: string;
  readonly dim: number;
  /** The utterance's embedding, or undefined when it is too short to say. */
  embed(samples: Int16Array): Float32Array | undefined;
}

interface ExtractorStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
  inputFinished(): void;
}

interface Extractor {
  readonly dim: number;
  createStream(): ExtractorStream;
  isReady(stream: ExtractorStream): boolean;
  compute(stream: ExtractorStream, enableExternalBuffer?: boolean): Float32Array;
}

type ExtractorModule = {
  SpeakerEmbeddingExtractor?: new (config: {
    model: string;
    numThreads: number;
    debug: 0 | 1;
    provider: 'cpu';
  }) => Extractor;
};

export function loadSpeakerEmbedder(model: string, modelsDir: string): SpeakerEmbedder {
  checkSpeakerModel(model, modelsDir);
  const sherpa = loadSherpaOnnx() as unknown as ExtractorModule;
  if (!sherpa.SpeakerEmbeddingExtractor)
    throw new Error('this sherpa-onnx-node has no SpeakerEmbeddingExtractor (a newer version has)');
  const extractor = new sherpa.SpeakerEmbeddingExtractor({ model, numThreads: 1, debug: 0, provider: 'cpu' });
  const minSamples = (SAMPLE_RATE_HZ * MIN_EMBEDDING_MS) / 1000;
  return {
    model,
    dim: extractor.dim,
    embed(samples) {
      if (samples.length < minSamples) return undefined;
      const floats = new Float32Array(samples.length);
      for (let i = 0; i < samples.length; i++) floats[i] = samples[i]! / 32768;
      const stream = extractor.createStream();
      stream.acceptWaveform({ samples: floats, sampleRate: SAMPLE_RATE_HZ });
      stream.inputFinished();
      if (!extractor.isReady(stream)) return undefined;
      // A copy: the default shares the addon's buffer, which the next call may reuse.
      return Float32Array.from(extractor.compute(stream, false));
    },
  };
}

export type SpeakerIdentificationStatus =
  { available: true; embedder: SpeakerEmbedder } | { available: false; problem: string };

/**
 * At server start: the installed model, loaded, or why speaker identification is off (no model,
 * a model sherpa-onnx cannot use, no sherpa-onnx). Never throws: the feature is off, nothing else.
 */
export function openSpeakerIdentification(modelsDir: string): SpeakerIdentificationStatus {
  try {
    const model = findSpeakerModel(modelsDir);
    if (!model) throw noSpeakerModelError(modelsDir);
    return { available: true, embedder: loadSpeakerEmbedder(model, modelsDir) };
  } catch (error) {
    return { available: false, problem: (error as Error).message };
  }
}
