/**
 * The part of Stripe's API (`/v1/...`) Hearken calls, as the stand-in (stand-in.ts) answers it:
 * customers, Checkout sessions, customer portal sessions, subscriptions (read, cancel at the end
 * of the period, cancel now), a subscription item's quantity (licences cancelled one by one) and
 * the two lists the workspace's billing page reads. Bodies are
 * Stripe's form encoding already parsed (stripe-form.ts); answers are Stripe's shapes, errors
 * included, so the official `stripe` package reads them as Stripe's.
 */
import type { Json } from './stripe-form';
import type { StandInStore, StripeAnswer } from './stand-in-store';

export interface StandInApiDeps {
  store: StandInStore;
  /** Signs and posts one event to Hearken (stand-in-webhooks.ts). */
  deliver(type: string, object: Json): Promise<number>;
  /** Seconds since the epoch. */
  now(): number;
}

const notFound = (what: string): StripeAnswer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});

export async function answerStripeApi(
  deps: StandInApiDeps,
  method: string,
  path: string,
  body: Json,
): Promise<StripeAnswer> {
  const { store } = deps;
  if (method === 'POST' && path === '/v1/customers') return { status: 200, body: store.createCustomer(body) };
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const session = store.createSession(body);
    if (session) return { status: 200, body: session };
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message:
            'The stand-in takes subscription sessions with one line item with price_data and recurring.interval, and a success_url.',
        },
      },
    };
  }
  let match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
  if (method === 'GET' && match) {
    const session = store.session(match[1]!);
    return session ? { status: 200, body: session.object } : notFound('checkout.session');
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    const customer = String(body.customer ?? '');
    if (!store.hasCustomer(customer)) return notFound(`customer: '${customer}'`);
    return { status: 200, body: store.openPortal(customer, String(body.return_url ?? '')) };
  }
  if (method === 'GET' && (path === '/v1/invoices' || path === '/v1/subscriptions')) {
    return store.list(path, body);
  }
  match = /^\/v1\/subscription_items\/(si_[a-z0-9]+)$/.exec(path);
  if (match && method === 'POST') return updateItem(deps, match[1]!, body);
  match = /^\/v1\/subscriptions\/(sub_[a-z0-9]+)$/.exec(path);
  if (match) {
    const sub = store.subscription(match[1]!);
    if (!sub) return notFound(`subscription: '${match[1]}'`);
    if (method === 'POST') {
      if (body.cancel_at_period_end !== undefined) {
        sub.object.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      // Delivered before answering, as far as the caller can tell: Stripe sends it within moments.
      await deps.deliver('customer.subscription.updated', sub.object);
    } else if (method === 'DELETE') {
      sub.object.status = 'canceled';
      sub.object.ended_at = deps.now();
      await deps.deliver('customer.subscription.deleted', sub.object);
    }
    return { status: 200, body: sub.object };
  }
  return {
    status: 404,
    body: {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    },
  };
}

const invalid = (param: string, message: string): StripeAnswer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', param, message } },
});

/**
 * `POST /v1/subscription_items/:id`: its quantity, as Stripe takes it (a whole number, 0 or
 * more; not on a cancelled subscription). Stripe then sends customer.subscription.updated.
 */
async function updateItem(deps: StandInApiDeps, itemId: string, body: Json): Promise<StripeAnswer> {
  const target = deps.store.subscriptionItem(itemId);
  if (!target) return notFound(`subscription_item: '${itemId}'`);
  if (target.sub.object.status === 'canceled') {
    return invalid('subscription', 'A canceled subscription can only update its cancellation_details.');
  }
  if (body.quantity !== undefined) {
    const quantity = Number(body.quantity);
    if (!/^\d+$/.test(String(body.quantity)) || !Number.isSafeInteger(quantity)) {
      return invalid('quantity', 'Invalid non-negative integer');
    }
    deps.store.setQuantity(target, quantity);
  }
  await deps.deliver('customer.subscription.updated', target.sub.object);
  return { status: 200, body: target.item };
}
