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

/**
 * HEARKEN_TTS_ENGINE: `espeak-ng` (the default) or `off`; HEARKEN_ESPEAK_NG: eSpeak NG's
 * program, when it is not `espeak-ng` on the PATH. Anything else is refused at start.
 */
export function ttsSpecFromEnv(env: Record<string, string | undefined>): TtsEngineSpec {
  const kind = env.HEARKEN_TTS_ENGINE?.trim() || 'espeak-ng';
  if (kind !== 'espeak-ng' && kind !== 'off') {
    throw new Error(`HEARKEN_TTS_ENGINE must be "espeak-ng" or "off" (got "${kind}")`);
  }
  const program = env.HEARKEN_ESPEAK_NG?.trim();
  return { kind, ...(program ? { program } : {}) };
}
