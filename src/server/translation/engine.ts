/**
 * The translation engine interface: what the rooms need from whoever translates captions.
 * Two implementations: Apertium on this machine (apertium.ts, one long-lived pipeline per pair)
 * and a hosted service with LibreTranslate's API (libretranslate.ts). docs/translation.md says
 * how one is chosen (HEARKEN_TRANSLATION_ENGINE and friends in config.ts).
 */
import type { LanguagePair } from '../../shared/translation';

export interface TranslationEngine {
  /** Short name for logs and the language list: `apertium`, `libretranslate:<host>`. */
  readonly id: string;
  /** The directions it can translate (primary language subtags), known after `start`. */
  pairs(): readonly LanguagePair[];
  /**
   * Translates one caption. `from` and `to` are primary language subtags of a pair it has.
   * Rejects with a TranslationError saying why (no such pair, timed out, the engine failed).
   */
  translate(text: string, from: string, to: string): Promise<string>;
  /** Gets a pair ready ahead of its first caption (starts its process), when that costs time. */
  prepare?(from: string, to: string): void;
  /** Stops processes and timers; pending translations are rejected. */
  close(): Promise<void>;
}

export type TranslationErrorCode = 'no-pair' | 'timeout' | 'engine-failed' | 'closed';

export class TranslationError extends Error {
  constructor(
    readonly code: TranslationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TranslationError';
  }
}

/** How long one translation may take before it is given up (and the engine restarted). */
export const DEFAULT_TRANSLATION_TIMEOUT_MS = 5000;
