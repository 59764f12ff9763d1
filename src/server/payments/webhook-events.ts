/**
 * What Stripe's events mean for licences. The webhook is the only source of truth of what was
 * paid: a completed, paid Checkout creates the licences; a paid invoice sets how long they run;
 * a subscription that stops renewing or is deleted says so. Each event is applied once
 * (LicenceRepository.applyPaymentEvent records its id in the same transaction).
 */
import type Stripe from 'stripe';
import {
  LICENCE_COUNT_MAX,
  LICENCE_INTERVALS,
  type LicenceInterval,
  type OfferId,
  OFFER_IDS,
  periodEnd,
} from '../../shared/licences';
import { SCRIBE_HOUR_MS, scribeTimePurchaseOf } from '../../shared/scribe/time';
import type { CreditRepository } from '../credits';
import type { LicenceRepository } from '../licences';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

/** The subscription an invoice pays for (the API's newer place first, then the older one). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(parent ?? legacy);
}

export async function applyStripeEvent(
  event: Stripe.Event,
  deps: {
    licences: LicenceRepository;
    organizationExists(id: string): Promise<boolean>;
    /** Scribe time bought is added to its buyer's Scribe credit, in the event's transaction. */
    credits: Pick<CreditRepository, 'grant'>;
    accountExists(avaId: string): Promise<boolean>;
    now(): number;
    log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
  },
): Promise<EventOutcome> {
  const nowMs = deps.now();
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // Paid now, or later by a delayed method (async_payment_succeeded comes then).
      if (session.payment_status !== 'paid') return 'ignored';
      if (session.mode === 'payment') return applyScribeTimePurchase(event, session, deps, nowMs);
      if (session.mode !== 'subscription') return 'ignored';
      const metadata = session.metadata ?? {};
      const organizationId = session.client_reference_id ?? metadata.organizationId;
      const subscriptionId = idOf(session.subscription);
      const interval = metadata.interval as LicenceInterval;
      const count = Number(metadata.count);
      const offerId = metadata.offerId as OfferId;
      if (
        !organizationId ||
        !subscriptionId ||
        !(LICENCE_INTERVALS as readonly string[]).includes(interval) ||
        !(OFFER_IDS as readonly string[]).includes(offerId) ||
        !Number.isInteger(count) ||
        count < 1 ||
        count > LICENCE_COUNT_MAX ||
        !(await deps.organizationExists(organizationId))
      ) {
        deps.log('warn', 'a paid checkout does not name a Hearken purchase; nothing created', {
          event: event.id,
        });
        return 'ignored';
      }
      if (session.consent?.terms_of_service !== 'accepted') {
        deps.log('warn', 'a paid checkout without the terms accepted', { event: event.id });
      }
      return deps.licences.applyPaymentEvent(event, nowMs, (trx) =>
        deps.licences.addPurchase(
          trx,
          {
            organizationId,
            purchaseId: subscriptionId,
            offerId,
            interval,
            count,
            endDateMs: periodEnd(event.created * 1000, interval),
            ...(metadata.language ? { language: metadata.language } : {}),
          },
          nowMs,
        ),
      );
    }
    // A paid period and a renewal set apply to the licences still in the subscription: one the
    // admin cancelled alone ends with the period it was paid for.
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      const ends = invoice.lines.data.map((line) => line.period.end);
      if (!subscriptionId || ends.length === 0) return 'ignored';
      const endDateMs = Math.max(...ends) * 1000;
      return deps.licences.applyPaymentEvent(event, nowMs, (trx) =>
        deps.licences.updatePurchase(trx, subscriptionId, { endDateMs }, nowMs),
      );
    }
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      // Renewal only: a new period is paid by its invoice (invoice.paid), not by this event.
      const autoRenewal = sub.status === 'active' && !sub.cancel_at_period_end;
      return deps.licences.applyPaymentEvent(event, nowMs, (trx) =>
        deps.licences.updatePurchase(trx, sub.id, { autoRenewal }, nowMs),
      );
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const endedMs = (sub.ended_at ?? event.created) * 1000;
      // Every licence of it ends, those cancelled one by one included.
      return deps.licences.applyPaymentEvent(event, nowMs, (trx) =>
        deps.licences.updatePurchase(trx, sub.id, { endDateMs: endedMs, autoRenewal: false }, nowMs, true),
      );
    }
    default:
      return 'ignored';
  }
}

/**
 * A paid one-time Checkout of Scribe time (shared/scribe/time.ts): its hours join the buyer's
 * Scribe credit, once (the event's id is recorded in the same transaction).
 */
async function applyScribeTimePurchase(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  deps: Parameters<typeof applyStripeEvent>[1],
  nowMs: number,
): Promise<EventOutcome> {
  const purchase = scribeTimePurchaseOf(session.metadata ?? {});
  if (
    !purchase ||
    purchase.avaId !== session.client_reference_id ||
    !(await deps.accountExists(purchase.avaId))
  ) {
    deps.log('warn', 'a paid checkout does not name a Hearken purchase; nothing created', {
      event: event.id,
    });
    return 'ignored';
  }
  return deps.licences.applyPaymentEvent(event, nowMs, (trx) =>
    deps.credits.grant(purchase.avaId, { scribeCredit: purchase.hours * SCRIBE_HOUR_MS }, nowMs, trx),
  );
}
