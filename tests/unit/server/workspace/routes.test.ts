/**
 * What the billing page is told of Stripe's objects (server/workspace/routes.ts): seconds made
 * milliseconds, the subscription's licences from its first item, fields Stripe leaves empty left out.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { billingInvoiceOf, billingSubscriptionOf } from '../../../../src/server/workspace/routes';

describe('billing from Stripe', () => {
  it('reads an invoice', () => {
    const invoice = {
      id: 'in_1',
      number: 'HRKN-0001',
      status: 'paid',
      amount_paid: 35_700,
      amount_due: 35_700,
      currency: 'eur',
      created: 1_800_000_000,
      period_start: 1_800_000_000,
      period_end: 1_802_592_000,
      hosted_invoice_url: 'https://invoice.example/in_1',
    } as unknown as Stripe.Invoice;
    expect(billingInvoiceOf(invoice)).toEqual({
      id: 'in_1',
      number: 'HRKN-0001',
      status: 'paid',
      amountPaid: 35_700,
      amountDue: 35_700,
      currency: 'eur',
      createdMs: 1_800_000_000_000,
      periodStartMs: 1_800_000_000_000,
      periodEndMs: 1_802_592_000_000,
      url: 'https://invoice.example/in_1',
    });
  });

  it('leaves out what a draft invoice does not have', () => {
    const draft = {
      id: 'in_2',
      number: null,
      status: null,
      amount_paid: 0,
      amount_due: 11_900,
      currency: 'eur',
      created: 1,
      hosted_invoice_url: null,
    } as unknown as Stripe.Invoice;
    expect(billingInvoiceOf(draft)).toEqual({
      id: 'in_2',
      status: 'draft',
      amountPaid: 0,
      amountDue: 11_900,
      currency: 'eur',
      createdMs: 1000,
    });
  });

  it('reads a subscription from its first item', () => {
    const subscription = {
      id: 'sub_1',
      status: 'active',
      cancel_at_period_end: true,
      items: {
        data: [
          {
            quantity: 3,
            current_period_end: 1_802_592_000,
            price: { unit_amount: 11_900, currency: 'eur', recurring: { interval: 'month' } },
          },
        ],
      },
    } as unknown as Stripe.Subscription;
    expect(billingSubscriptionOf(subscription)).toEqual({
      id: 'sub_1',
      status: 'active',
      quantity: 3,
      interval: 'month',
      unitAmount: 11_900,
      currency: 'eur',
      cancelAtPeriodEnd: true,
      currentPeriodEndMs: 1_802_592_000_000,
    });
    const weekly = {
      ...subscription,
      items: { data: [{ quantity: 1, price: { recurring: { interval: 'week' } } }] },
    } as unknown as Stripe.Subscription;
    expect(billingSubscriptionOf(weekly)).toEqual({
      id: 'sub_1',
      status: 'active',
      quantity: 1,
      cancelAtPeriodEnd: true,
    });
  });
});
