/**
 * What the Stripe stand-in holds, without HTTP: sessions as Hearken creates them, a payment
 * turning a session into a subscription, renewal periods, invoices numbered in order, and
 * Stripe's list endpoints (limit, customer, status, newest first).
 */
import { describe, expect, it } from 'vitest';
import { StandInStore, addPeriod } from '../../../../src/server/payments/stand-in-store';

const JAN_31 = Date.UTC(2027, 0, 31) / 1000;

function sessionBody(extra: Record<string, unknown> = {}) {
  return {
    mode: 'subscription',
    success_url: 'http://hearken/buy?session={CHECKOUT_SESSION_ID}',
    line_items: [
      {
        quantity: '3',
        price_data: {
          currency: 'eur',
          unit_amount: '3900',
          recurring: { interval: 'month' },
          product_data: { name: 'Hearken Pro' },
        },
      },
    ],
    ...extra,
  };
}

function setup() {
  let now = 1_800_000_000;
  const store = new StandInStore({ now: () => now, origin: () => 'http://127.0.0.1:9' });
  return { store, advance: (s: number) => (now += s), now: () => now };
}

describe('addPeriod', () => {
  it('adds a calendar month or year, in UTC', () => {
    expect(new Date(addPeriod(Date.UTC(2027, 1, 10) / 1000, 'month') * 1000).toISOString()).toBe(
      '2027-03-10T00:00:00.000Z',
    );
    expect(new Date(addPeriod(Date.UTC(2027, 1, 10) / 1000, 'year') * 1000).toISOString()).toBe(
      '2028-02-10T00:00:00.000Z',
    );
    // As Date does: the 31st of January plus a month overflows into March.
    expect(new Date(addPeriod(JAN_31, 'month') * 1000).toISOString()).toBe('2027-03-03T00:00:00.000Z');
  });
});

describe('StandInStore', () => {
  it('takes only subscription sessions with one priced, recurring line item and a success URL', () => {
    const { store } = setup();
    expect(store.createSession({ ...sessionBody(), mode: 'payment' })).toBeUndefined();
    expect(store.createSession({ ...sessionBody(), line_items: [] })).toBeUndefined();
    expect(store.createSession({ ...sessionBody(), success_url: undefined })).toBeUndefined();
    const weekly = sessionBody();
    (weekly.line_items[0]!.price_data.recurring as { interval: string }).interval = 'week';
    expect(store.createSession(weekly)).toBeUndefined();
  });

  it('opens a session with its total and its payment page on the stand-in', () => {
    const { store, now } = setup();
    const session = store.createSession(
      sessionBody({
        customer_email: 'ann@example.com',
        consent_collection: { terms_of_service: 'required' },
      }),
    )!;
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 11700,
      currency: 'eur',
      customer: null,
      customer_email: 'ann@example.com',
      subscription: null,
      created: now(),
    });
    expect(session.url).toBe(`http://127.0.0.1:9/pay/${String(session.id)}`);
    const record = store.session(String(session.id))!;
    expect(record.termsRequired).toBe(true);
    expect(record.cancelUrl).toBe(record.successUrl);
    expect(record.line).toEqual({
      quantity: 3,
      currency: 'eur',
      unitAmount: 3900,
      interval: 'month',
      productName: 'Hearken Pro',
    });
  });

  it('completes a paid session: a customer when it had none, an active subscription for a period', () => {
    const { store, now } = setup();
    const session = store.createSession(
      sessionBody({
        metadata: { organizationId: 'org1' },
        consent_collection: { terms_of_service: 'required' },
      }),
    )!;
    const record = store.session(String(session.id))!;
    const sub = store.completeSession(record);
    expect(session).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      subscription: sub.object.id,
      consent: { terms_of_service: 'accepted', promotions: null },
    });
    expect(String(session.customer)).toMatch(/^cus_/);
    expect(sub.object).toMatchObject({
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { organizationId: 'org1' },
    });
    expect((sub.object.items as { data: unknown[] }).data[0]).toMatchObject({
      quantity: 3,
      current_period_start: now(),
      current_period_end: addPeriod(now(), 'month'),
      price: { unit_amount: 3900, currency: 'eur', recurring: { interval: 'month', interval_count: 1 } },
    });
    expect(store.subscription(String(sub.object.id))).toBe(sub);
    expect(store.subscriptionsOf(String(session.customer))).toEqual([sub]);
  });

  it('keeps the customer a session names', () => {
    const { store } = setup();
    const customer = store.createCustomer({ email: 'ann@example.com' });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ann@example.com',
      name: null,
      metadata: {},
    });
    expect(store.hasCustomer(String(customer.id))).toBe(true);
    const session = store.createSession(sessionBody({ customer: customer.id }))!;
    const sub = store.completeSession(store.session(String(session.id))!);
    expect(sub.object.customer).toBe(customer.id);
    expect(session.consent).toBeNull();
  });

  it('renews into the next period and numbers the invoices in order', () => {
    const { store } = setup();
    const session = store.createSession(sessionBody())!;
    const sub = store.completeSession(store.session(String(session.id))!);
    const first = store.recordInvoice(sub, 'subscription_create');
    const end = sub.periodEnd;
    store.nextPeriod(String(sub.object.id));
    expect(sub.periodStart).toBe(end);
    expect((sub.object.items as { data: Record<string, unknown>[] }).data[0]!.current_period_start).toBe(end);
    const second = store.recordInvoice(sub, 'subscription_cycle');
    expect([first.number, second.number]).toEqual(['HRKN-0001', 'HRKN-0002']);
    expect(second).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_due: 11700,
      amount_paid: 11700,
      period_start: end,
      period_end: sub.periodEnd,
      hosted_invoice_url: `http://127.0.0.1:9/invoice/${String(second.id)}`,
      parent: { subscription_details: { subscription: sub.object.id } },
    });
    expect(store.invoice(String(first.id))).toEqual(first);
    expect(() => store.nextPeriod('sub_none')).toThrow('no subscription sub_none');
  });

  it('lists as Stripe does: newest first, by customer, canceled subscriptions only with status=all', () => {
    const { store } = setup();
    const subs = [0, 1, 2].map(() => {
      const session = store.createSession(sessionBody({ customer: 'cus_a' }))!;
      return store.completeSession(store.session(String(session.id))!);
    });
    const other = store.createSession(sessionBody({ customer: 'cus_b' }))!;
    store.completeSession(store.session(String(other.id))!);
    subs[0]!.object.status = 'canceled';
    const ids = (answer: { body: unknown }) =>
      (answer.body as { data: { id: unknown }[] }).data.map((s) => s.id);
    expect(ids(store.list('/v1/subscriptions', { customer: 'cus_a' }))).toEqual([
      subs[2]!.object.id,
      subs[1]!.object.id,
    ]);
    const all = store.list('/v1/subscriptions', { customer: 'cus_a', status: 'all', limit: '2' });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ object: 'list', url: '/v1/subscriptions', has_more: true });
    expect(ids(all)).toEqual([subs[2]!.object.id, subs[1]!.object.id]);
    expect(ids(store.list('/v1/invoices', {}))).toEqual([]);
    for (const limit of ['0', '101', '2.5', 'x'])
      expect(store.list('/v1/invoices', { limit })).toEqual({
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            param: 'limit',
            message: 'Invalid integer: limit must be between 1 and 100',
          },
        },
      });
  });

  it('opens a customer portal session on the stand-in', () => {
    const { store } = setup();
    const portal = store.openPortal('cus_a', 'http://hearken/workspace/billing');
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: 'cus_a',
      return_url: 'http://hearken/workspace/billing',
      url: `http://127.0.0.1:9/portal/${String(portal.id)}`,
    });
    expect(store.portal(String(portal.id))).toEqual({
      customer: 'cus_a',
      returnUrl: 'http://hearken/workspace/billing',
    });
  });
});
