import { describe, expect, it } from 'vitest';
import { parseStripeForm } from '../../../../src/server/payments/stripe-form';

describe("the stand-in reads Stripe's form encoding", () => {
  it('nests brackets and turns numeric keys into arrays', () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][quantity]': '3',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[organizationId]': 'org1',
      'consent_collection[terms_of_service]': 'required',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ quantity: '3', price_data: { recurring: { interval: 'month' } } }],
      metadata: { organizationId: 'org1' },
      consent_collection: { terms_of_service: 'required' },
    });
  });

  it('orders array items by their index, not by their place in the body', () => {
    expect(parseStripeForm('items[10]=k&items[2]=c&items[0]=a')).toEqual({ items: ['a', 'c', 'k'] });
  });

  it('reads an empty body, or a query string, as flat fields', () => {
    expect(parseStripeForm('')).toEqual({});
    expect(parseStripeForm('customer=cus_1&limit=5&status=all')).toEqual({
      customer: 'cus_1',
      limit: '5',
      status: 'all',
    });
  });
});
