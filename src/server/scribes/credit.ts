/**
 * Scribe time and credit. The desk counts a served request's time on the server, one call per
 * SCRIBE_TICK_MS second while its Scribe is connected (the spec: "Scribe time count down 1000 ms
 * per tick"), and asks this function what that second means for the requester's credit.
 *
 * THE FUNCTION TO FILL IN (licences issue): `chargeScribeSecond` should take the second from the
 * requester's organisation's Scribe credit (accounts.md: scribeCredit, scribeRemainingTime),
 * and answer `stop` when none is left, which ends the Scribe's session. Until licences exist
 * every second is allowed and only counted (scribe_requests.scribe_seconds).
 */
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

export const chargeScribeSecond: ChargeScribeSecond = async () => ({ ok: true });
