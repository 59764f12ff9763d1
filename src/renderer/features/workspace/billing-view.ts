/**
 * How the billing screen names the payment provider's states: the ones it has words for, else
 * "other" (Stripe adds states now and then; the page never shows a raw key). Pure.
 */
import type { BillingSubscription } from '../../../shared/workspace';

export const SUBSCRIPTION_STATES = ['active', 'trialing', 'canceled', 'past_due'] as const;
export type SubscriptionStateKey = (typeof SUBSCRIPTION_STATES)[number] | 'other' | 'ending';

/** A subscription's state; an active one that will not renew is "ending". */
export function subscriptionStateKey(
  s: Pick<BillingSubscription, 'status' | 'cancelAtPeriodEnd'>,
): SubscriptionStateKey {
  if (s.status === 'active' && s.cancelAtPeriodEnd) return 'ending';
  return (SUBSCRIPTION_STATES as readonly string[]).includes(s.status)
    ? (s.status as SubscriptionStateKey)
    : 'other';
}

export const INVOICE_STATES = ['paid', 'open', 'void', 'draft', 'uncollectible'] as const;
export type InvoiceStateKey = (typeof INVOICE_STATES)[number] | 'other';

export function invoiceStateKey(status: string): InvoiceStateKey {
  return (INVOICE_STATES as readonly string[]).includes(status) ? (status as InvoiceStateKey) : 'other';
}
