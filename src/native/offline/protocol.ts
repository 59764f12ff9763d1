/**
 * Messages between the desktop app's main process and its offline-captions process (an Electron
 * utility process; a Node child process in tests). Audio crosses as ArrayBuffers of 16 kHz mono
 * Int16 samples (structured clone), transcripts in the spec's Transcript shape, so a caption
 * window shows offline captions exactly like the server's.
 */
import type { Transcript } from '../../shared/entities';
import type { EngineSpec } from '../speech/types';

export interface OfflineStart {
  op: 'start';
  lang: string;
  /** Engines to try, best first; the first that loads serves. */
  engines: EngineSpec[];
  /** Who the captions are attributed to: the user of this computer. */
  author: string;
  authorShow: string;
}

export type ToOffline =
  | OfflineStart
  | { op: 'audio'; samples: ArrayBuffer }
  /** Ends the session: the last line's final is sent, then `stopped`. */
  | { op: 'stop' };

export type FromOffline =
  | { op: 'ready'; engine: string }
  | { op: 'failed'; message: string }
  | { op: 'transcript'; transcript: Transcript }
  | { op: 'stopped' };
