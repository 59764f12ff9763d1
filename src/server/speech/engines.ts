/**
 * The engines started with the server: the recognition pool (its workers and each tier's
 * engine), the speaker-embedding model, text-to-speech and translation. Each says at start-up
 * what serves, and what does not and why, so an operator reads it in the log rather than from a
 * reader's complaint.
 */
import { SpeechPool } from '../../native/speech/pool';
import { TIERS, type Tier } from '../../native/speech/tiers';
import type { EngineStatus } from '../../native/speech/worker-protocol';
import {
  openSpeakerIdentification,
  type SpeakerIdentificationStatus,
} from '../../native/speech/speaker-id/embedder';
import type { TtsStatus } from '../../native/tts/types';
import type { ServerConfig } from '../config';
import { startTranslation, type TranslationService } from '../translation';
import { startTts } from '../voiced-replies';

export interface StartupLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Each tier's start-up line: its engine, a fallback (with what was skipped), or why it is off. */
export function speechTierLines(status: (tier: Tier) => EngineStatus): ['info' | 'warn', string][] {
  return TIERS.map((tier) => {
    const s = status(tier);
    if (s.ok && s.skipped.length > 0)
      return ['warn', `speech tier ${tier}: falling back to ${s.id}: ${s.skipped.join('; ')}`];
    if (s.ok) return ['info', `speech tier ${tier}: ${s.id}`];
    return ['warn', `speech tier ${tier} unavailable: ${s.error}`];
  });
}

export async function startSpeechPool(
  config: Pick<ServerConfig, 'speechWorkers' | 'tiers' | 'warmDecoders' | 'pocketsphinxBoost'>,
  log: StartupLog,
): Promise<SpeechPool> {
  const pool = await SpeechPool.start({
    size: config.speechWorkers,
    engines: Object.fromEntries(TIERS.map((t) => [t, config.tiers[t]])),
    warm: config.warmDecoders,
    pocketsphinxBoost: config.pocketsphinxBoost,
    warn: (message) => log.warn(message),
  });
  for (const [level, line] of speechTierLines((tier) => pool.status(tier))) log[level](line);
  return pool;
}

/** Speaker identification (beta): off, and said so, when no speaker model is installed. */
export function startSpeakerIdentification(modelsDir: string, log: StartupLog): SpeakerIdentificationStatus {
  const speakerId = openSpeakerIdentification(modelsDir);
  if (speakerId.available) log.info(`speaker identification: ${speakerId.embedder.model}`);
  else log.warn(`speaker identification is off: ${speakerId.problem}`);
  return speakerId;
}

export interface Engines {
  pool: SpeechPool;
  /** The text-to-speech engine, or why voiced replies are off. */
  tts: TtsStatus;
  speakerId: SpeakerIdentificationStatus;
  translation: TranslationService;
}

export async function startEngines(
  config: Pick<
    ServerConfig,
    'speechWorkers' | 'tiers' | 'warmDecoders' | 'pocketsphinxBoost' | 'tts' | 'modelsDir' | 'translation'
  >,
  startupLog: StartupLog,
  log: (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void,
): Promise<Engines> {
  const pool = await startSpeechPool(config, startupLog);
  const tts = await startTts(config.tts, startupLog);
  const speakerId = startSpeakerIdentification(config.modelsDir, startupLog);
  // Never throws: without an engine, captions work and the language list says why.
  const translation = await startTranslation(config.translation, log);
  return { pool, tts, speakerId, translation };
}
