/**
 * Settings of the sherpa-onnx engine and the recognizer configuration built from them.
 *
 * Endpointing is sherpa-onnx's own, from the transducer's trailing blanks (no separate VAD):
 * the model knows better than an energy or VAD threshold whether a word is still coming.
 * The defaults are tuned for live captions, where a line should end at a short pause:
 *
 * - rule 1, 1.2 s of trailing silence when nothing was recognised yet: resets the segment on
 *   long stretches of noise or silence so their frames do not pile up (no caption is emitted).
 * - rule 2, 0.5 s of trailing silence after speech: ends the caption line. sherpa-onnx's own
 *   default (1.2 s) is tuned for dictation; 0.5 s ends a line at a breath between sentences while
 *   a pause inside a phrase rarely reaches it (the model keeps its context across lines, so a
 *   split costs no accuracy, only a line break).
 * - rule 3, 20 s utterance: cuts a speaker who never pauses, so finals keep coming (matches the
 *   PocketSphinx engine's maximum utterance).
 */
import { SAMPLE_RATE_HZ } from '../../../shared/constants';
import type { ModelFilePaths } from '../models/installed';
import type { OnlineRecognizerConfig } from './binding';
import type { HotwordFiles } from './hotwords';

export interface SherpaOnnxOptions {
  /** onnxruntime threads per recognizer. 1: the worker pool runs one engine per core. */
  numThreads: number;
  decodingMethod: 'greedy_search' | 'modified_beam_search';
  rule1MinTrailingSilenceS: number;
  rule2MinTrailingSilenceS: number;
  rule3MinUtteranceLengthS: number;
  /**
   * Silence appended on flush() so the model decodes the last words: a chunk is decoded only
   * once its look-ahead frames have arrived. 0.8 s covers the chunk and look-ahead of the
   * chunk-16 zipformers. The padding is not counted in reported times.
   */
  flushPaddingMs: number;
  /** See WordTimingOptions.maxTailMs. */
  maxWordTailMs: number;
  /** Vocabulary boost: score per matched hotword token (hotwords.ts). */
  hotwordsScore: number;
  /** Recognizers kept for distinct boost lists, per engine (each holds the model's sessions). */
  maxBoostRecognizers: number;
}

export const DEFAULT_SHERPA_ONNX_OPTIONS: SherpaOnnxOptions = {
  numThreads: 1,
  decodingMethod: 'greedy_search',
  rule1MinTrailingSilenceS: 1.2,
  rule2MinTrailingSilenceS: 0.5,
  rule3MinUtteranceLengthS: 20,
  flushPaddingMs: 800,
  maxWordTailMs: 400,
  hotwordsScore: 1.5,
  maxBoostRecognizers: 4,
};

/** All sherpa-onnx streaming transducers take 80-bin log-mel features. */
const FEATURE_DIM = 80;

/**
 * The recognizer's configuration; with `hotwords`, a boosted one: hotwords need the modified
 * beam search, whatever the engine's decoding method otherwise is.
 */
export function recognizerConfig(
  files: ModelFilePaths,
  options: SherpaOnnxOptions,
  hotwords?: HotwordFiles,
): OnlineRecognizerConfig {
  const base: OnlineRecognizerConfig = {
    // Features at the rate the audio arrives in (the protocol's), which every model we ship was trained at.
    featConfig: { sampleRate: SAMPLE_RATE_HZ, featureDim: FEATURE_DIM },
    modelConfig: {
      transducer: { encoder: files.encoder, decoder: files.decoder, joiner: files.joiner },
      tokens: files.tokens,
      numThreads: options.numThreads,
      provider: 'cpu',
      debug: 0,
    },
    decodingMethod: options.decodingMethod,
    maxActivePaths: 4,
    enableEndpoint: true,
    rule1MinTrailingSilence: options.rule1MinTrailingSilenceS,
    rule2MinTrailingSilence: options.rule2MinTrailingSilenceS,
    rule3MinUtteranceLength: options.rule3MinUtteranceLengthS,
  };
  if (!hotwords) return base;
  return {
    ...base,
    modelConfig: { ...base.modelConfig, modelingUnit: 'bpe', bpeVocab: hotwords.bpeVocab },
    decodingMethod: 'modified_beam_search',
    hotwordsFile: hotwords.hotwordsFile,
    hotwordsScore: options.hotwordsScore,
  };
}
