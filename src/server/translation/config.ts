/**
 * Which translation engine the server uses, from the environment:
 * - HEARKEN_TRANSLATION_ENGINE: `apertium` (the default), `libretranslate`, or `off`;
 *   `libretranslate` is also chosen when only HEARKEN_TRANSLATION_URL is set.
 * - HEARKEN_APERTIUM_MODES_DIR: where Apertium's pairs are (default /usr/share/apertium/modes).
 * - HEARKEN_TRANSLATION_URL, HEARKEN_TRANSLATION_API_KEY: the hosted service and its key.
 * - HEARKEN_TRANSLATION_TIMEOUT_MS: how long one caption's translation may take (default 5000).
 */
import { DEFAULT_APERTIUM_MODES_DIR } from './apertium-pairs';
import { DEFAULT_TRANSLATION_TIMEOUT_MS } from './engine';

export type TranslationConfig =
  | { engine: 'off' }
  | { engine: 'apertium'; modesDir: string; timeoutMs: number }
  | { engine: 'libretranslate'; url: string; apiKey?: string; timeoutMs: number };

export const TRANSLATION_ENGINES = ['apertium', 'libretranslate', 'off'] as const;

export function loadTranslationConfig(env: Record<string, string | undefined>): TranslationConfig {
  const url = env.HEARKEN_TRANSLATION_URL?.trim();
  const requested = env.HEARKEN_TRANSLATION_ENGINE?.trim() || (url ? 'libretranslate' : 'apertium');
  if (!(TRANSLATION_ENGINES as readonly string[]).includes(requested)) {
    throw new Error(
      `HEARKEN_TRANSLATION_ENGINE must be one of ${TRANSLATION_ENGINES.join(', ')}, got "${requested}"`,
    );
  }
  const rawTimeout = env.HEARKEN_TRANSLATION_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_TRANSLATION_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`HEARKEN_TRANSLATION_TIMEOUT_MS must be a positive whole number, got "${rawTimeout}"`);
  }
  if (requested === 'off') return { engine: 'off' };
  if (requested === 'libretranslate') {
    if (!url) throw new Error('HEARKEN_TRANSLATION_ENGINE=libretranslate needs HEARKEN_TRANSLATION_URL');
    if (!/^https?:\/\//.test(url))
      throw new Error(`HEARKEN_TRANSLATION_URL must be an http(s) URL, got "${url}"`);
    const apiKey = env.HEARKEN_TRANSLATION_API_KEY?.trim();
    return { engine: 'libretranslate', url, ...(apiKey ? { apiKey } : {}), timeoutMs };
  }
  return {
    engine: 'apertium',
    modesDir: env.HEARKEN_APERTIUM_MODES_DIR?.trim() || DEFAULT_APERTIUM_MODES_DIR,
    timeoutMs,
  };
}
