/**
 * Stripe's `/v1/` API as the stand-in answers it, without HTTP: Stripe's shapes and errors, and
 * the events a subscription change sends before the answer.
 */
import { describe, expect, it } from 'vitest';
import { answerStripeApi } from '../../../../src/server/payments/stand-in-api';
import { StandInStore } from '../../../../src/server/payments/stand-in-store';

function setup() {
  const store = new StandInStore({ now: () => 1_800_000_000, origin: () => 'http://127.0.0.1:9' });
  const delivered: { type: string; status: unknown }[] = [];
  const deps = {
    store,
    now: () => 1_800_000_500,
    deliver: async (type: string, object: Record<string, unknown>) => {
      delivered.push({ type, status: object.status });
      return 200;
    },
  };
  const call = (method: string, path: string, body: Record<string, unknown> = {}) =>
    answerStripeApi(deps, method, path, body);
  return { store, delivered, call };
}

const SESSION = {
  mode: 'subscription',
  success_url: 'http://hearken/buy',
  line_items: [{ quantity: '1', price_data: { unit_amount: '3900', recurring: { interval: 'year' } } }],
};

async function subscribed(s: ReturnType<typeof setup>) {
  const session = (await s.call('POST', '/v1/checkout/sessions', SESSION)).body as { id: string };
  return s.store.completeSession(s.store.session(session.id)!);
}

describe('the stand-in’s Stripe API', () => {
  it('creates customers and Checkout sessions, and reads a session back', async () => {
    const s = setup();
    const customer = await s.call('POST', '/v1/customers', { email: 'ann@example.com', name: 'Ann' });
    expect(customer).toMatchObject({ status: 200, body: { object: 'customer', name: 'Ann' } });
    const created = await s.call('POST', '/v1/checkout/sessions', SESSION);
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    expect(await s.call('GET', `/v1/checkout/sessions/${id}`)).toEqual(created);
    expect(await s.call('GET', '/v1/checkout/sessions/cs_test_none')).toEqual({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such checkout.session',
        },
      },
    });
  });

  it('refuses a session it cannot stand in for, saying what it takes', async () => {
    const s = setup();
    const answer = await s.call('POST', '/v1/checkout/sessions', { ...SESSION, mode: 'payment' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('opens the customer portal for a known customer only', async () => {
    const s = setup();
    expect(await s.call('POST', '/v1/billing_portal/sessions', { customer: 'cus_none' })).toMatchObject({
      status: 404,
      body: { error: { message: "No such customer: 'cus_none'" } },
    });
    const customer = (await s.call('POST', '/v1/customers')).body as { id: string };
    const portal = await s.call('POST', '/v1/billing_portal/sessions', {
      customer: customer.id,
      return_url: 'http://hearken/back',
    });
    expect(portal).toMatchObject({
      status: 200,
      body: { customer: customer.id, return_url: 'http://hearken/back' },
    });
  });

  it('lists invoices and subscriptions through the store’s rules', async () => {
    const s = setup();
    await subscribed(s);
    expect(await s.call('GET', '/v1/subscriptions', { limit: '0' })).toMatchObject({ status: 400 });
    expect(await s.call('GET', '/v1/subscriptions')).toMatchObject({
      status: 200,
      body: { object: 'list', data: [{ status: 'active' }] },
    });
  });

  it('sends the subscription’s event before answering a change to it', async () => {
    const s = setup();
    const sub = await subscribed(s);
    const path = `/v1/subscriptions/${String(sub.object.id)}`;
    const kept = await s.call('POST', path, { cancel_at_period_end: 'true' });
    expect(kept).toMatchObject({ status: 200, body: { cancel_at_period_end: true } });
    expect(s.delivered).toEqual([{ type: 'customer.subscription.updated', status: 'active' }]);
    const ended = await s.call('DELETE', path);
    expect(ended).toMatchObject({ status: 200, body: { status: 'canceled', ended_at: 1_800_000_500 } });
    expect(s.delivered.at(-1)).toEqual({ type: 'customer.subscription.deleted', status: 'canceled' });
    expect(await s.call('GET', path)).toMatchObject({ status: 200, body: { status: 'canceled' } });
    expect(s.delivered).toHaveLength(2);
    expect(await s.call('GET', '/v1/subscriptions/sub_none')).toMatchObject({
      status: 404,
      body: { error: { message: "No such subscription: 'sub_none'" } },
    });
  });

  it('changes a subscription item’s quantity as Stripe does: the next invoice is for it (issue 30)', async () => {
    const s = setup();
    const sub = await subscribed(s);
    const item = (sub.object.items as { data: { id: string }[] }).data[0]!;
    const path = `/v1/subscription_items/${item.id}`;
    for (const quantity of ['-1', '1.5', 'two']) {
      expect(await s.call('POST', path, { quantity })).toMatchObject({
        status: 400,
        body: { error: { param: 'quantity' } },
      });
    }
    expect(s.delivered).toEqual([]);
    const changed = await s.call('POST', path, { quantity: '4', proration_behavior: 'none' });
    expect(changed).toMatchObject({
      status: 200,
      body: { object: 'subscription_item', id: item.id, subscription: sub.object.id, quantity: 4 },
    });
    expect(s.delivered).toEqual([{ type: 'customer.subscription.updated', status: 'active' }]);
    expect(s.store.recordInvoice(sub, 'subscription_cycle')).toMatchObject({ amount_paid: 4 * 3900 });
    expect(await s.call('POST', '/v1/subscription_items/si_none', { quantity: '1' })).toMatchObject({
      status: 404,
      body: { error: { message: "No such subscription_item: 'si_none'" } },
    });
    await s.call('DELETE', `/v1/subscriptions/${String(sub.object.id)}`);
    expect(await s.call('POST', path, { quantity: '1' })).toMatchObject({ status: 400 });
    expect(item).toMatchObject({ quantity: 4 });
  });

  it('answers an unknown URL as Stripe does', async () => {
    const s = setup();
    expect(await s.call('PUT', '/v1/charges')).toEqual({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL (PUT: /v1/charges).' },
      },
    });
  });
});
