/**
 * Opens the configured text-to-speech engine once at start. A missing engine is no crash: the
 * status says why, the server logs it once, and every request is answered with it.
 */
import { EspeakNgEngine } from './espeak-ng/engine';
import type { TtsEngineSpec, TtsStatus } from './types';

export async function openTtsEngine(spec: TtsEngineSpec): Promise<TtsStatus> {
  if (spec.kind === 'off') return { ok: false, error: 'text-to-speech is turned off on this server' };
  try {
    return { ok: true, engine: await EspeakNgEngine.open(spec.program) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
