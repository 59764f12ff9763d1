/**
 * Scribe time and credit (docs/credits.md). The desk counts a served request's time on the
 * server, one call per SCRIBE_TICK_MS second while its Scribe is connected (the spec: "Scribe
 * time count down 1000 ms per tick"), and asks `chargeScribeSecond` what that second means for
 * the requester's credit: it is taken from their scribeCredit (user_credits, one SQL decrement
 * per second, so a restart loses at most the second under way and none is spent twice), and the
 * session ends when none is left.
 *
 * Scribe captions are for organisations only: a request is refused unless the requester holds
 * an active organisation licence and has Scribe credit. A private installation may give Scribes
 * to everyone (HEARKEN_SCRIBES_FOR=everyone): then nothing is refused or counted down.
 */
import type { ScribeRefusal } from '../../shared/scribe/model';
import type { CreditRepository } from '../credits';
import type { LicenceRepository } from '../licences';
import type { ServerLimits } from '../limits';

export interface ScribeSecond {
  requestId: string;
  roomId: string;
  /** Who asked (whose credit pays). */
  requesterAvaId: string;
  /** Who served. */
  scribeAvaId: string;
  /** Seconds counted for this request so far, this one included. */
  secondsSoFar: number;
  nowMs: number;
}

export type ScribeCharge = { ok: true } | { ok: false; stop: true; reason: string };

export type ChargeScribeSecond = (second: ScribeSecond) => Promise<ScribeCharge>;

/** Every second allowed and only counted (scribe_requests.scribe_seconds): Scribes for everyone. */
export const freeScribeSecond: ChargeScribeSecond = async () => ({ ok: true });

/** One second taken from the requester's scribeCredit; the session stops once none is left. */
export function chargeScribeSecond(
  credits: Pick<CreditRepository, 'spendScribe'>,
  tickMs: number,
): ChargeScribeSecond {
  return async (second) => {
    const left = await credits.spendScribe(second.requesterAvaId, tickMs, second.nowMs);
    return left.scribeCredit > 0
      ? { ok: true }
      : { ok: false, stop: true, reason: 'the requester’s Scribe credit is used up' };
  };
}

/** Why a person may not ask for a Scribe: no organisation licence, or no Scribe time left. */
export function scribeRequestRefusal(deps: {
  policy: ServerLimits['scribesFor'];
  licences: Pick<LicenceRepository, 'activeHeldBy'>;
  credits: Pick<CreditRepository, 'get'>;
  now(): number;
}): (requesterAvaId: string) => Promise<ScribeRefusal | undefined> {
  return async (requesterAvaId) => {
    if (deps.policy === 'everyone') return undefined;
    const held = await deps.licences.activeHeldBy(requesterAvaId, deps.now());
    if (held.length === 0) return 'organizations-only';
    if ((await deps.credits.get(requesterAvaId)).scribeCredit <= 0) return 'no-scribe-credit';
    return undefined;
  };
}
