/**
 * The part of sherpa-onnx-node's streaming API this engine uses, typed. The package is a
 * CommonJS native addon: it is loaded on first use, so importing the engine module costs nothing
 * on a machine without it, and a failed load becomes an EngineUnavailableError saying what to do.
 */
import { createRequire } from 'node:module';
import { EngineUnavailableError } from '../types';

/** Subset of sherpa-onnx's OnlineRecognizerConfig (see its types.js). */
export interface OnlineRecognizerConfig {
  featConfig: { sampleRate: number; featureDim: number };
  modelConfig: {
    transducer: { encoder: string; decoder: string; joiner: string };
    tokens: string;
    numThreads: number;
    provider: 'cpu';
    debug: 0 | 1;
    modelType?: string;
    /** How hotwords are split into tokens ('bpe' with `bpeVocab` for the English models). */
    modelingUnit?: 'bpe' | 'cjkchar' | 'cjkchar+bpe';
    bpeVocab?: string;
  };
  decodingMethod: 'greedy_search' | 'modified_beam_search';
  maxActivePaths?: number;
  enableEndpoint: boolean;
  rule1MinTrailingSilence: number;
  rule2MinTrailingSilence: number;
  rule3MinUtteranceLength: number;
  /** Contextual biasing (modified_beam_search only): one hotword per line. */
  hotwordsFile?: string;
  hotwordsScore?: number;
}

/** sherpa-onnx's OnlineRecognizerResult (the JSON of its AsJsonString). */
export interface OnlineResult {
  text: string;
  tokens: string[];
  /** Seconds from the start of the current segment, one per token. */
  timestamps: number[];
  /** Seconds from the start of the stream at which the current segment began. */
  start_time: number;
  segment: number;
}

export interface OnlineStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}

export interface OnlineRecognizer {
  createStream(): OnlineStream;
  isReady(stream: OnlineStream): boolean;
  decode(stream: OnlineStream): void;
  isEndpoint(stream: OnlineStream): boolean;
  reset(stream: OnlineStream): void;
  getResult(stream: OnlineStream): OnlineResult;
}

export interface SherpaOnnxModule {
  OnlineRecognizer: new (config: OnlineRecognizerConfig) => OnlineRecognizer;
  version?: string;
}

const PACKAGE = 'sherpa-onnx-node';
let cached: SherpaOnnxModule | undefined;

export function loadSherpaOnnx(): SherpaOnnxModule {
  if (cached) return cached;
  try {
    const require = createRequire(import.meta.url);
    cached = require(PACKAGE) as SherpaOnnxModule;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new EngineUnavailableError(
      `The sherpa-onnx speech engine needs the npm package ${PACKAGE} and its native addon for this platform, which could not be loaded (${reason})`,
      'npm install',
    );
  }
  return cached;
}
