/**
 * The speech pool's surface (pool.ts): its options, and a stream as its owner holds it.
 */
import type { RecognizerEvent } from './types';
import type { WorkerInit } from './worker-protocol';

export interface SpeechPoolOptions extends WorkerInit {
  /** Worker threads; defaults to the number of cores. */
  size: number;
  /**
   * Whether PocketSphinx streams take boost lists (in the boost host). On unless
   * HEARKEN_POCKETSPHINX_BOOST=0; sherpa-onnx hotwords do not depend on it.
   */
  pocketsphinxBoost?: boolean;
  /** Where the pool says what went wrong that no stream's owner is told (a boost host crash). */
  warn?: (message: string) => void;
}

export interface PoolStreamHandlers {
  onEvent(event: RecognizerEvent): void;
  onError(message: string): void;
}

export interface PoolStream {
  readonly engineId: string;
  /** What the recogniser learnt of the speaker's voice and microphone, once closed (for their next stream). */
  readonly cmnMean?: number[];
  /** Samples sent but not yet processed by the worker: how far recognition lags behind. */
  readonly backlogSamples: number;
  write(samples: Int16Array): void;
  flush(): void;
  /** Vocabulary boost: favours `words` from the stream's next utterance on (docs/boost.md). */
  boost(words: readonly string[]): void;
  /** Ends the stream; resolves once its last results have been delivered. */
  close(): Promise<void>;
}
