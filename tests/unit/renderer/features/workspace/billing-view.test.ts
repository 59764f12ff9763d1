/** The billing screen's names for the payment provider's states (a state it has no words for is "other"). */
import { describe, expect, it } from 'vitest';
import {
  invoiceStateKey,
  subscriptionStateKey,
} from '../../../../../src/renderer/features/workspace/billing-view';

describe('billing states', () => {
  it.each([
    [{ status: 'active', cancelAtPeriodEnd: false }, 'active'],
    [{ status: 'active', cancelAtPeriodEnd: true }, 'ending'],
    [{ status: 'trialing', cancelAtPeriodEnd: false }, 'trialing'],
    [{ status: 'canceled', cancelAtPeriodEnd: true }, 'canceled'],
    [{ status: 'past_due', cancelAtPeriodEnd: false }, 'past_due'],
    [{ status: 'incomplete_expired', cancelAtPeriodEnd: false }, 'other'],
  ])('names subscription %j %s', (subscription, key) => {
    expect(subscriptionStateKey(subscription)).toBe(key);
  });

  it.each([
    ['paid', 'paid'],
    ['open', 'open'],
    ['void', 'void'],
    ['draft', 'draft'],
    ['uncollectible', 'uncollectible'],
    ['something-new', 'other'],
  ])('names invoice %s %s', (status, key) => {
    expect(invoiceStateKey(status)).toBe(key);
  });
});
