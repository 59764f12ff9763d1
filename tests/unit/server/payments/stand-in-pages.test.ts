/**
 * The stand-in's hosted pages, without HTTP: paying at Checkout (terms first when required,
 * then the events in Stripe's order and a redirect), a checkout paid twice, the portal's
 * cancel, and the invoice page.
 */
import { describe, expect, it } from 'vitest';
import {
  cancelFromPortal,
  checkoutPage,
  invoicePage,
  notFoundPage,
  portalPage,
} from '../../../../src/server/payments/stand-in-pages';
import { StandInStore } from '../../../../src/server/payments/stand-in-store';

function setup(terms: boolean) {
  const store = new StandInStore({ now: () => 1_800_000_000, origin: () => 'http://127.0.0.1:9' });
  const delivered: { type: string; object: Record<string, unknown> }[] = [];
  const deps = {
    store,
    deliver: async (type: string, object: Record<string, unknown>) => {
      delivered.push({ type, object });
      return 200;
    },
  };
  const session = store.createSession({
    mode: 'subscription',
    success_url: 'http://hearken/buy?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://hearken/cancelled',
    customer: 'cus_a',
    line_items: [{ quantity: '2', price_data: { unit_amount: '1000', recurring: { interval: 'month' } } }],
    ...(terms ? { consent_collection: { terms_of_service: 'required' } } : {}),
  })!;
  return { store, deps, delivered, sessionId: String(session.id) };
}

const html = (answer: { status: number } & ({ html: string } | { location: string })) =>
  'html' in answer ? answer.html : '';

describe('the stand-in’s pages', () => {
  it('shows the payment page, refuses a payment without the terms, then takes it', async () => {
    const s = setup(true);
    const shown = await checkoutPage(s.deps, s.sessionId, undefined);
    expect(shown.status).toBe(200);
    expect(html(shown)).toContain('name="terms"');
    const refused = await checkoutPage(s.deps, s.sessionId, new URLSearchParams());
    expect(refused.status).toBe(400);
    expect(html(refused)).toContain('Please accept the terms of service to pay.');
    expect(s.delivered).toEqual([]);
    const paid = await checkoutPage(s.deps, s.sessionId, new URLSearchParams({ terms: 'accepted' }));
    expect(paid).toEqual({ status: 303, location: `http://hearken/buy?session=${s.sessionId}` });
    expect(s.delivered.map((e) => e.type)).toEqual(['checkout.session.completed', 'invoice.paid']);
    expect(s.delivered[1]!.object).toMatchObject({ number: 'HRKN-0001', amount_paid: 2000 });
    const again = await checkoutPage(s.deps, s.sessionId, new URLSearchParams({ terms: 'accepted' }));
    expect(again.status).toBe(409);
    expect(html(again)).toContain('already complete');
    expect(s.delivered).toHaveLength(2);
  });

  it('takes a payment at once when no terms are required, and knows no other session', async () => {
    const s = setup(false);
    expect(await checkoutPage(s.deps, s.sessionId, new URLSearchParams())).toMatchObject({ status: 303 });
    expect((await checkoutPage(s.deps, 'cs_test_none', undefined)).status).toBe(404);
  });

  it('cancels a plan at the end of its period from the portal, once', async () => {
    const s = setup(false);
    await checkoutPage(s.deps, s.sessionId, new URLSearchParams());
    const portalId = String(s.store.openPortal('cus_a', 'http://hearken/back').id);
    const subId = String(s.store.session(s.sessionId)!.object.subscription);
    expect(html(portalPage(s.deps, portalId))).toContain('Cancel plan');
    const cancelled = await cancelFromPortal(s.deps, portalId, subId);
    expect(cancelled.status).toBe(200);
    expect(html(cancelled)).toContain('Your plan will not renew.');
    expect(html(cancelled)).not.toContain('Cancel plan');
    expect(s.delivered.at(-1)).toMatchObject({
      type: 'customer.subscription.updated',
      object: { cancel_at_period_end: true },
    });
    const otherPortal = String(s.store.openPortal('cus_b', 'http://hearken/back').id);
    expect((await cancelFromPortal(s.deps, otherPortal, subId)).status).toBe(404);
    expect(portalPage(s.deps, 'bps_none').status).toBe(404);
  });

  it('shows a paid invoice, and no other', async () => {
    const s = setup(false);
    await checkoutPage(s.deps, s.sessionId, new URLSearchParams());
    const invoice = s.delivered[1]!.object;
    const page = invoicePage(s.deps, String(invoice.id));
    expect(page.status).toBe(200);
    expect(html(page)).toContain('Invoice HRKN-0001');
    expect(invoicePage(s.deps, 'in_none').status).toBe(404);
    expect(notFoundPage().status).toBe(404);
  });

  it('takes a one-time payment (Scribe time): paid once, no subscription nor invoice', async () => {
    const store = new StandInStore({ now: () => 1_800_000_000, origin: () => 'http://127.0.0.1:9' });
    const delivered: { type: string; object: Record<string, unknown> }[] = [];
    const deps = {
      store,
      deliver: async (type: string, object: Record<string, unknown>) => {
        delivered.push({ type, object });
        return 200;
      },
    };
    const session = store.createSession({
      mode: 'payment',
      success_url: 'http://hearken/account/scribe-time?paid=1',
      client_reference_id: 'ada',
      metadata: { kind: 'scribe-time', avaId: 'ada', hours: '2' },
      line_items: [{ quantity: '2', price_data: { unit_amount: '6000', currency: 'eur' } }],
      consent_collection: { terms_of_service: 'required' },
    })!;
    expect(session).toMatchObject({ mode: 'payment', amount_total: 12_000 });
    const shown = await checkoutPage(deps, String(session.id), undefined);
    expect(html(shown)).toContain('paid once');
    expect(html(shown)).not.toContain('per once');
    const paid = await checkoutPage(deps, String(session.id), new URLSearchParams({ terms: 'accepted' }));
    expect(paid).toEqual({ status: 303, location: 'http://hearken/account/scribe-time?paid=1' });
    expect(delivered.map((e) => e.type)).toEqual(['checkout.session.completed']);
    expect(delivered[0]!.object).toMatchObject({
      mode: 'payment',
      payment_status: 'paid',
      subscription: null,
      metadata: { kind: 'scribe-time', avaId: 'ada', hours: '2' },
      consent: { terms_of_service: 'accepted' },
    });
    // A subscription price in payment mode is not a one-time payment.
    expect(
      store.createSession({
        mode: 'payment',
        success_url: 'http://hearken/',
        line_items: [{ quantity: '1', price_data: { unit_amount: '1', recurring: { interval: 'month' } } }],
      }),
    ).toBeUndefined();
  });
});
