/**
 * A row of the admin's licences is one licence, a seat of its purchase's subscription (issue 30,
 * item 9). Cancelling it used to stop the whole subscription renewing; now the seat leaves the
 * subscription: the licence runs to the end of its paid period, and the subscription renews one
 * licence fewer (its item's quantity, which Stripe and the stand-in both take). Only the last
 * seat's leaving stops the subscription renewing, at that same date. What the admin is told
 * before confirming is shared/licences.ts's `licenceCancellation`.
 *
 * The licence is marked first, so the provider's event (sent before its answer by the stand-in,
 * a moment after by Stripe) finds it out of the subscription either way; when the provider
 * refuses, the mark is undone.
 */
import type { Payments } from '../payments';
import type { LicenceRepository, StoredLicence } from './repository';

export interface SeatDeps {
  licences: Pick<LicenceRepository, 'leaveSubscription' | 'rejoinSubscription'>;
  payments: Pick<Payments, 'setSeats' | 'setRenewal'>;
  now(): number;
}

/** The paid licence leaves its subscription (see above); throws what the provider answered. */
export async function cancelSeat(deps: SeatDeps, stored: StoredLicence): Promise<void> {
  const { licence, purchaseId } = stored;
  const seats = await deps.licences.leaveSubscription(licence.id, deps.now());
  try {
    if (seats > 0) await deps.payments.setSeats(purchaseId, seats);
    else await deps.payments.setRenewal(purchaseId, false);
  } catch (error) {
    await deps.licences.rejoinSubscription(licence.id, licence.autoRenewal);
    throw error;
  }
}

/**
 * A cancelled licence back in its subscription: one seat more from the next period, and the
 * subscription renewing again (it had stopped if this was its last seat). Renewal shows once the
 * provider's event says so.
 */
export async function restoreSeat(deps: SeatDeps, stored: StoredLicence): Promise<void> {
  const { licence, purchaseId } = stored;
  const seats = await deps.licences.rejoinSubscription(licence.id, false);
  try {
    await deps.payments.setSeats(purchaseId, seats);
    await deps.payments.setRenewal(purchaseId, true);
  } catch (error) {
    await deps.licences.leaveSubscription(licence.id, deps.now());
    throw error;
  }
}
