/**
 * The one streaming speech interface every engine implements. An engine runs inside a worker
 * thread (see pool.ts); its methods are synchronous there, and the pool makes them async for
 * the server. One RecognizerStream per audio source: it keeps its own decoder state.
 */
import type { WordTiming } from '../../shared/entities';

export type EngineKind = 'pocketsphinx' | 'sherpa-onnx';

/** A recognition result. Partials and the final of one utterance share `segment`. */
export interface RecognizerEvent {
  kind: 'partial' | 'final';
  /** Utterance number within the stream, from 0. */
  segment: number;
  text: string;
  /** Start and end of the utterance, in ms from the start of the stream's audio. */
  startMs: number;
  endMs: number;
  /** Word timings (ms from the start of the stream). Finals always carry them when the engine can. */
  words?: WordTiming[];
}

export interface RecognizerStream {
  /** Feeds 16 kHz mono Int16 samples; returns whatever results they produced. */
  accept(samples: Int16Array): RecognizerEvent[];
  /** Ends the current utterance now (speaker stopped, reset-recorder): emits its final if any. */
  flush(): RecognizerEvent[];
  /** Releases the stream's resources. The stream is unusable afterwards. */
  close(): void;
  /**
   * Vocabulary boost (docs/boost.md): favours `words` (entries of a boost list) from the next
   * utterance on, replacing any earlier list; an empty list ends the boost. Engines that cannot
   * boost leave it out.
   */
  setBoost?(words: readonly string[]): void;
  /**
   * The speaker's cepstral mean now (PocketSphinx: what CMN learnt of their voice and microphone),
   * for their next stream (StreamOptions.cmnMean). Engines without CMN leave it out.
   */
  cmnMean?(): number[] | undefined;
}

export interface StreamOptions {
  lang: string;
  /** The same speaker's cepstral mean from their last stream (RecognizerStream.cmnMean). */
  cmnMean?: readonly number[];
}

export interface SpeechEngine {
  /** `pocketsphinx:en-us`, `sherpa-onnx:<model>`: names the engine and model in results and logs. */
  readonly id: string;
  readonly kind: EngineKind;
  /** Languages this engine and model can recognise (BCP 47, e.g. en-US). */
  readonly langs: readonly string[];
  open(options: StreamOptions): RecognizerStream;
  dispose(): void;
}

/**
 * Where an engine is chosen: `pocketsphinx` (optionally `pocketsphinx:<model dir>`) or
 * `sherpa-onnx:<model name>`. Serializable, because it crosses into worker threads.
 */
export interface EngineSpec {
  kind: EngineKind;
  /** Model name (sherpa-onnx: a folder in the models dir) or model path (pocketsphinx). */
  model?: string;
  /** Folder holding downloaded models (HEARKEN_MODELS_DIR). */
  modelsDir: string;
  /** Folder holding the Silero VAD model, used by engines that need a voice activity detector. */
  vadModel?: string;
  /** Engine-specific settings (PocketSphinx decoder arguments such as `beam`), for tuning. */
  settings?: Record<string, string>;
}

/** Thrown when an engine or its model is not installed; the message says how to install it. */
export class EngineUnavailableError extends Error {
  constructor(
    message: string,
    readonly installCommand: string,
  ) {
    super(`${message}. To install it: ${installCommand}`);
    this.name = 'EngineUnavailableError';
  }
}
