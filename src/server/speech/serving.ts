/**
 * What GET /api/v1/config says about each caption tier: the engine serving it, and whether that
 * is a fallback, a lower-accuracy engine standing in for the one configured or preferred (a
 * sherpa-onnx model that is missing or failed to load, or none installed for a tier left to the
 * best installed engine, so PocketSphinx serves; or a premium tier with no engine, so basic
 * serves it). The web app tells readers so, quietly.
 */
import type { ServerConfigResponse } from '../../shared/api';
import type { EngineStatus } from '../../native/speech/worker-protocol';
import { DEFAULT_SHERPA_MODEL, downloadCommand } from '../../native/speech/models/registry';
import { TIERS, type Tier, type TierChoice } from '../../native/speech/tiers';
import type { EngineKind } from '../../native/speech/types';

export type TierServing = ServerConfigResponse['speech']['tiers'][Tier];

/** The engine of last resort: every tier's list ends with it (native/speech/tiers.ts). */
const LAST_RESORT: EngineKind = 'pocketsphinx';

/** Why PocketSphinx serves a tier left to the best installed engine: nothing better is installed. */
export const NO_BETTER_MODEL = `no speech model more accurate than PocketSphinx is installed. To install one: ${downloadCommand(DEFAULT_SHERPA_MODEL)}`;

/** An engine id is its kind, then what it runs (`pocketsphinx:en-us`, `sherpa-onnx:<model>`). */
const kindOf = (engineId: string): string => engineId.split(':')[0] ?? '';

/**
 * `choice`: whether the tier's engine was named by configuration (PocketSphinx named is the
 * operator's choice) or left to the best installed one (PocketSphinx then serves only because
 * no better model is installed or loaded, and readers are told).
 */
export function tierServing(
  tier: Tier,
  status: (name: string) => EngineStatus,
  choice: TierChoice = 'configured',
): TierServing {
  const own = status(tier);
  if (own.ok) {
    // Earlier candidates were skipped: the engine serving is not the one meant to.
    if (own.skipped.length > 0)
      return { engine: own.id, available: true, fallback: true, problem: own.skipped.join('; ') };
    if (choice === 'best-installed' && kindOf(own.id) === LAST_RESORT)
      return { engine: own.id, available: true, fallback: true, problem: NO_BETTER_MODEL };
    return { engine: own.id, available: true };
  }
  // Premium requests go to basic when premium has no engine (speech/admission.ts).
  const basic = tier === 'premium' ? status('basic') : undefined;
  return {
    engine: '',
    available: false,
    problem: own.error,
    ...(basic?.ok ? { fallback: true } : {}),
  };
}

export function tiersServing(
  status: (name: string) => EngineStatus,
  choices?: Record<Tier, TierChoice>,
): Record<Tier, TierServing> {
  return Object.fromEntries(
    TIERS.map((tier) => [tier, tierServing(tier, status, choices?.[tier])]),
  ) as Record<Tier, TierServing>;
}

/** GET /api/v1/config `speech`: the tiers, the languages any engine serves, and speaker identification. */
export function speechOffered(
  status: (name: string) => EngineStatus,
  speakerIdentificationAvailable: boolean,
  choices?: Record<Tier, TierChoice>,
): ServerConfigResponse['speech'] {
  return {
    tiers: tiersServing(status, choices),
    // Why it is off is in the server's log: the reason names the server's folders.
    speakerIdentification: { available: speakerIdentificationAvailable },
    langs: [
      ...new Set(
        TIERS.flatMap((t) => {
          const s = status(t);
          return s.ok ? s.langs : [];
        }),
      ),
    ],
  };
}
