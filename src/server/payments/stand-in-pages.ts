/**
 * The pages the Stripe stand-in (stand-in.ts) serves in place of Stripe's hosted ones: paying
 * at Checkout (the terms checkbox first, when the session requires it), cancelling a plan in the
 * customer portal, reading an invoice. Each answers a page or a redirect, and tells Hearken what
 * changed through the webhook sender, before answering, as Stripe does within moments.
 */
import type { Json } from './stripe-form';
import type { SessionRecord, StandInStore } from './stand-in-store';
import { checkoutCompleteHtml, checkoutHtml, invoiceHtml, page, portalHtml } from './stand-in-html';

/** A page (`html`) or a redirect (`location`, status 303). */
export type PageAnswer = { status: number; html: string } | { status: 303; location: string };

export interface StandInPagesDeps {
  store: StandInStore;
  /** Signs and posts one event to Hearken (stand-in-webhooks.ts). */
  deliver(type: string, object: Json): Promise<number>;
}

export function notFoundPage(): PageAnswer {
  return { status: 404, html: page('Not found', '<h1>Not found</h1>') };
}

/** `/pay/:sessionId`: the payment page; `form` is the submitted one (POST). */
export async function checkoutPage(
  deps: StandInPagesDeps,
  sessionId: string,
  form: URLSearchParams | undefined,
): Promise<PageAnswer> {
  const session = deps.store.session(sessionId);
  if (!session)
    return { status: 404, html: page('Checkout not found', '<h1>This checkout does not exist</h1>') };
  if (session.object.status !== 'open')
    return { status: 409, html: checkoutCompleteHtml(session.successUrl) };
  let error = '';
  if (form) {
    if (session.termsRequired && form.get('terms') !== 'accepted') {
      error = 'Please accept the terms of service to pay.';
    } else {
      await completeCheckout(deps, session);
      return { status: 303, location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId) };
    }
  }
  return { status: error ? 400 : 200, html: checkoutHtml(sessionId, session, error) };
}

/** The payment goes through: a subscription, then the events Stripe would send. */
async function completeCheckout(deps: StandInPagesDeps, session: SessionRecord): Promise<void> {
  if (session.line.interval === 'once') {
    deps.store.completePayment(session);
    await deps.deliver('checkout.session.completed', session.object);
    return;
  }
  const sub = deps.store.completeSession(session);
  await deps.deliver('checkout.session.completed', session.object);
  await deps.deliver('invoice.paid', deps.store.recordInvoice(sub, 'subscription_create'));
}

/** `/portal/:portalId`: the customer's subscriptions; `notice`: what was just done. */
export function portalPage(deps: StandInPagesDeps, portalId: string, notice = ''): PageAnswer {
  const portal = deps.store.portal(portalId);
  if (!portal) return { status: 404, html: page('Billing', '<h1>This billing session does not exist</h1>') };
  return {
    status: 200,
    html: portalHtml(portalId, portal.returnUrl, deps.store.subscriptionsOf(portal.customer), notice),
  };
}

/** `POST /portal/:portalId/cancel/:subId`: the plan will not renew. */
export async function cancelFromPortal(
  deps: StandInPagesDeps,
  portalId: string,
  subId: string,
): Promise<PageAnswer> {
  const portal = deps.store.portal(portalId);
  const sub = deps.store.subscription(subId);
  if (!portal || !sub || sub.object.customer !== portal.customer)
    return { status: 404, html: page('Billing', '<h1>Not found</h1>') };
  sub.object.cancel_at_period_end = true;
  await deps.deliver('customer.subscription.updated', sub.object);
  return portalPage(deps, portalId, 'Your plan will not renew.');
}

/** `/invoice/:invoiceId`: Stripe's hosted invoice page, in short. */
export function invoicePage(deps: StandInPagesDeps, invoiceId: string): PageAnswer {
  const invoice = deps.store.invoice(invoiceId);
  if (!invoice) return { status: 404, html: page('Invoice', '<h1>This invoice does not exist</h1>') };
  return { status: 200, html: invoiceHtml(invoice) };
}
