/**
 * Messages between the speech pool (server's main thread) and its worker threads.
 * Audio crosses as transferred ArrayBuffers, so it is never copied on the way.
 */
import type { EngineSpec, RecognizerEvent } from './types';

export interface WorkerInit {
  /**
   * Engines to load, by the name the server uses for them (a tier). Each name lists candidates
   * in order of preference; the first that loads serves, so "the best available" is a list.
   */
  engines: Record<string, EngineSpec[]>;
  /** Decoders to create up front per engine that supports it, so new streams start at once. */
  warm: number;
  /**
   * Whether PocketSphinx decoders take boost lists. Only the boost host's (boost-host.ts): the
   * worker threads never add words to a decoder, so a boost list cannot crash the server.
   */
  pocketsphinxBoost?: boolean;
}

export type ToWorker =
  /** `cmnMean`: the speaker's cepstral mean from their last stream (StreamOptions.cmnMean). */
  | { op: 'open'; streamId: number; engine: string; lang: string; cmnMean?: number[] }
  | { op: 'audio'; streamId: number; samples: ArrayBuffer }
  | { op: 'flush'; streamId: number }
  /** Vocabulary boost: the stream's boost list from its next utterance on (docs/boost.md). */
  | { op: 'boost'; streamId: number; words: string[] }
  | { op: 'close'; streamId: number }
  /**
   * Release every stream and engine, then end the thread. Ending a worker this way, between
   * messages, is the only safe way: Worker.terminate() stops the thread wherever it is, and when
   * that is inside a native call (a decoder or VAD being built), the addon's C++ exception aborts
   * the whole server process.
   */
  | { op: 'shutdown' };

export type EngineStatus =
  { ok: true; id: string; langs: string[]; skipped: string[] } | { ok: false; error: string };

export type FromWorker =
  | { op: 'ready'; engines: Record<string, EngineStatus> }
  /** Results of one message; `processed` is the number of samples the message carried. */
  | { op: 'events'; streamId: number; events: RecognizerEvent[]; processed: number }
  | { op: 'stream-error'; streamId: number; message: string }
  /** The stream's boost list is applied (or waits for the next utterance). */
  | { op: 'boosted'; streamId: number }
  /**
   * The stream is closed and every result it had is sent; `cmnMean`: what its recogniser learnt
   * of the speaker's voice and microphone, for their next stream (RecognizerStream.cmnMean).
   */
  | { op: 'closed'; streamId: number; cmnMean?: number[] };
