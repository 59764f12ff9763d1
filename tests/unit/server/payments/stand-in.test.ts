import { describe, expect, it } from 'vitest';
import { parseStripeForm } from '../../../../src/server/payments/stand-in';

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
});
