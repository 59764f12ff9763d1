/**
 * What GET /api/v1/config says about each caption tier: the engine serving it, and whether that
 * is a fallback, a lower-accuracy engine standing in for the one configured or preferred (a
 * sherpa-onnx model that is missing or failed to load, so PocketSphinx serves; or a premium tier
 * with no engine, so basic serves it). The web app tells readers so, quietly.
 */
import type { ServerConfigResponse } from '../../shared/api';
import type { EngineStatus } from '../../native/speech/worker-protocol';
import { TIERS, type Tier } from '../../native/speech/tiers';

export type TierServing = ServerConfigResponse['speech']['tiers'][Tier];

export function tierServing(tier: Tier, status: (name: string) => EngineStatus): TierServing {
  const own = status(tier);
  if (own.ok) {
    // Earlier candidates were skipped: the engine serving is not the one meant to.
    return own.skipped.length > 0
      ? { engine: own.id, available: true, fallback: true, problem: own.skipped.join('; ') }
      : { engine: own.id, available: true };
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

export function tiersServing(status: (name: string) => EngineStatus): Record<Tier, TierServing> {
  return Object.fromEntries(TIERS.map((tier) => [tier, tierServing(tier, status)])) as Record<
    Tier,
    TierServing
  >;
}

/** GET /api/v1/config `speech`: the tiers, the languages any engine serves, and speaker identification. */
export function speechOffered(
  status: (name: string) => EngineStatus,
  speakerIdentificationAvailable: boolean,
): ServerConfigResponse['speech'] {
  return {
    tiers: tiersServing(status),
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
