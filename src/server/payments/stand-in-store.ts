/**
 * What the Stripe stand-in (stand-in.ts) holds: customers, Checkout sessions, subscriptions,
 * customer portal sessions and invoices, in Stripe's shapes, in memory, from the state saved
 * before (stand-in-state.ts; `snapshot` is what is saved). It answers no HTTP and sends no
 * event: the API (stand-in-api.ts) and the pages (stand-in-pages.ts) change it, then tell
 * Hearken through the webhook sender.
 */
import { randomBytes } from 'node:crypto';
import type { Json } from './stripe-form';
import { type StandInState, STAND_IN_STATE_VERSION, emptyStandInState } from './stand-in-state';

export interface LineItem {
  quantity: number;
  currency: string;
  unitAmount: number;
  /** 'once': a one-time payment (mode payment: Scribe time), no subscription. */
  interval: 'month' | 'year' | 'once';
  productName: string;
}

export interface SessionRecord {
  object: Json;
  line: LineItem;
  successUrl: string;
  cancelUrl: string;
  termsRequired: boolean;
}

export interface SubscriptionRecord {
  object: Json;
  line: LineItem;
  periodStart: number;
  periodEnd: number;
}

export interface PortalRecord {
  customer: string;
  returnUrl: string;
}

/** A status and a JSON body, as Stripe's API answers. */
export interface StripeAnswer {
  status: number;
  body: unknown;
}

/** An id as Stripe makes them: a prefix naming the kind of object, then random characters. */
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function addPeriod(fromSeconds: number, interval: LineItem['interval']): number {
  // A one-time payment has no period: it never becomes a subscription.
  if (interval === 'once') return fromSeconds;
  const date = new Date(fromSeconds * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

export class StandInStore {
  private readonly customers: Map<string, Json>;
  private readonly sessions: Map<string, SessionRecord>;
  private readonly subscriptions: Map<string, SubscriptionRecord>;
  private readonly portals = new Map<string, PortalRecord>();
  /**
   * Invoices, newest last, as `GET /v1/invoices` lists them (newest first); kept without their
   * hosted page's address, which names the stand-in's port of the moment (`presented`).
   */
  private readonly invoices: Json[];
  /** How many invoices were numbered (their numbers go on across restarts). */
  private invoicesNumbered: number;

  /**
   * `now`: seconds since the epoch; `origin`: the stand-in's address, known once it listens;
   * `saved`: what a previous run held.
   */
  constructor(
    private readonly clock: { now(): number; origin(): string },
    saved: StandInState = emptyStandInState(),
  ) {
    this.customers = new Map(saved.customers.map((c) => [String(c.id), c]));
    this.sessions = new Map(saved.sessions.map((s) => [String(s.object.id), s]));
    this.subscriptions = new Map(saved.subscriptions.map((s) => [String(s.object.id), s]));
    this.invoices = [...saved.invoices];
    this.invoicesNumbered = saved.invoicesNumbered;
  }

  /** Everything worth keeping across a restart (portal sessions are not: see stand-in-state.ts). */
  snapshot(): StandInState {
    return {
      version: STAND_IN_STATE_VERSION,
      customers: [...this.customers.values()],
      sessions: [...this.sessions.values()],
      subscriptions: [...this.subscriptions.values()],
      invoices: this.invoices,
      invoicesNumbered: this.invoicesNumbered,
    };
  }

  createCustomer(body: Json): Json {
    const customer = {
      id: stripeId('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  hasCustomer(customerId: string): boolean {
    return this.customers.has(customerId);
  }

  /**
   * A Checkout session from its creation body, or undefined when it is not one the stand-in
   * takes: a subscription with one line item with price_data and recurring.interval, and a
   * success_url.
   */
  createSession(body: Json): Json | undefined {
    const items = (body.line_items as Json[] | undefined) ?? [];
    const item = items[0];
    const priceData = item?.price_data as Json | undefined;
    const recurring = priceData?.recurring as Json | undefined;
    // A one-time payment (Scribe time) has no recurring price; a subscription (licences) has.
    const oneTime = body.mode === 'payment' && recurring === undefined;
    if (
      (body.mode !== 'subscription' && !oneTime) ||
      !item ||
      !priceData ||
      (!oneTime && recurring?.interval !== 'month' && recurring?.interval !== 'year') ||
      typeof body.success_url !== 'string'
    )
      return undefined;
    const quantity = Number(item.quantity ?? 1);
    const unitAmount = Number(priceData.unit_amount);
    const line: LineItem = {
      quantity,
      currency: String(priceData.currency ?? 'eur'),
      unitAmount,
      interval: oneTime ? 'once' : (recurring!.interval as 'month' | 'year'),
      productName: String((priceData.product_data as Json | undefined)?.name ?? 'Subscription'),
    };
    const sessionId = stripeId('cs_test');
    const object: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: oneTime ? 'payment' : 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      subscription: null,
      amount_total: unitAmount * quantity,
      currency: line.currency,
      consent: null,
      consent_collection: body.consent_collection ?? null,
      created: this.clock.now(),
      url: `${this.clock.origin()}/pay/${sessionId}`,
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
    };
    this.sessions.set(sessionId, {
      object,
      line,
      successUrl: String(body.success_url),
      cancelUrl: String(body.cancel_url ?? body.success_url),
      termsRequired: (body.consent_collection as Json | undefined)?.terms_of_service === 'required',
    });
    return object;
  }

  session(sessionId: string): SessionRecord | undefined {
    return this.sessions.get(sessionId);
  }

  /** A one-time payment goes through: the session is complete and paid, nothing recurs. */
  completePayment(session: SessionRecord): void {
    Object.assign(session.object, {
      status: 'complete',
      payment_status: 'paid',
      consent: session.termsRequired ? { terms_of_service: 'accepted', promotions: null } : null,
    });
  }

  /**
   * The payment of `session` goes through: its subscription (and its customer, when the session
   * named none), and the session marked complete. The caller announces both, then the invoice.
   */
  completeSession(session: SessionRecord): SubscriptionRecord {
    const start = this.clock.now();
    let customer = session.object.customer as string | null;
    if (!customer) {
      customer = stripeId('cus');
      this.customers.set(customer, {
        id: customer,
        object: 'customer',
        email: session.object.customer_email,
      });
    }
    const subId = stripeId('sub');
    const sub: SubscriptionRecord = {
      // Its own copy: a change of quantity is the subscription's, not the paid session's.
      line: { ...session.line },
      periodStart: start,
      periodEnd: addPeriod(start, session.line.interval),
      object: {
        id: subId,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        created: start,
        metadata: session.object.metadata,
        items: {
          object: 'list',
          data: [
            {
              id: stripeId('si'),
              object: 'subscription_item',
              subscription: subId,
              quantity: session.line.quantity,
              price: {
                id: stripeId('price'),
                object: 'price',
                currency: session.line.currency,
                unit_amount: session.line.unitAmount,
                recurring: { interval: session.line.interval, interval_count: 1 },
              },
            },
          ],
        },
      },
    };
    refreshSubscription(sub);
    this.subscriptions.set(subId, sub);
    Object.assign(session.object, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subId,
      consent: session.termsRequired ? { terms_of_service: 'accepted', promotions: null } : null,
    });
    return sub;
  }

  subscription(subscriptionId: string): SubscriptionRecord | undefined {
    return this.subscriptions.get(subscriptionId);
  }

  /** The subscription holding a subscription item, and the item. */
  subscriptionItem(itemId: string): { sub: SubscriptionRecord; item: Json } | undefined {
    for (const sub of this.subscriptions.values()) {
      const item = (sub.object.items as { data: Json[] }).data.find((i) => i.id === itemId);
      if (item) return { sub, item };
    }
    return undefined;
  }

  /**
   * The item's new quantity (licences added or removed): the next period is invoiced for it;
   * nothing is prorated, as with `proration_behavior: 'none'`.
   */
  setQuantity(target: { sub: SubscriptionRecord; item: Json }, quantity: number): void {
    target.item.quantity = quantity;
    target.sub.line.quantity = quantity;
  }

  subscriptionsOf(customerId: string): SubscriptionRecord[] {
    return [...this.subscriptions.values()].filter((s) => s.object.customer === customerId);
  }

  /** The subscription moves on to its next period (what Stripe does at renewal time). */
  nextPeriod(subscriptionId: string): SubscriptionRecord {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    sub.periodStart = sub.periodEnd;
    sub.periodEnd = addPeriod(sub.periodStart, sub.line.interval);
    refreshSubscription(sub);
    return sub;
  }

  /**
   * The paid invoice of the subscription's current period, kept for `GET /v1/invoices`,
   * numbered as Stripe numbers them (prefix-sequence).
   */
  recordInvoice(sub: SubscriptionRecord, billingReason: string): Json {
    const invoice = invoiceOf(sub, billingReason, this.clock.now());
    this.invoicesNumbered += 1;
    invoice.number = `HRKN-${String(this.invoicesNumbered).padStart(4, '0')}`;
    this.invoices.push(invoice);
    return this.presented(invoice);
  }

  /** An invoice as Stripe answers it: with its hosted page on the stand-in as it listens now. */
  private presented(invoice: Json): Json {
    return { ...invoice, hosted_invoice_url: `${this.clock.origin()}/invoice/${String(invoice.id)}` };
  }

  invoice(invoiceId: string): Json | undefined {
    const invoice = this.invoices.find((i) => i.id === invoiceId);
    return invoice ? this.presented(invoice) : undefined;
  }

  /** A customer portal session (the customer must exist), as Stripe answers its creation. */
  openPortal(customer: string, returnUrl: string): Json {
    const portalId = stripeId('bps');
    this.portals.set(portalId, { customer, returnUrl });
    return {
      id: portalId,
      object: 'billing_portal.session',
      customer,
      return_url: returnUrl,
      url: `${this.clock.origin()}/portal/${portalId}`,
    };
  }

  portal(portalId: string): PortalRecord | undefined {
    return this.portals.get(portalId);
  }

  /**
   * Stripe's list endpoints as Hearken calls them: `customer` filter, `limit` (1 to 100, default
   * 10), newest first, `status=all` for subscriptions (else canceled ones are left out, as Stripe
   * does). No pagination beyond the first page: `has_more` says when there was more.
   */
  list(path: '/v1/invoices' | '/v1/subscriptions', query: Json): StripeAnswer {
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            param: 'limit',
            message: 'Invalid integer: limit must be between 1 and 100',
          },
        },
      };
    }
    const customer = typeof query.customer === 'string' ? query.customer : undefined;
    let items: Json[] =
      path === '/v1/invoices'
        ? this.invoices.map((i) => this.presented(i))
        : [...this.subscriptions.values()].map((s) => s.object);
    if (customer) items = items.filter((item) => item.customer === customer);
    if (path === '/v1/subscriptions' && query.status !== 'all') {
      items = items.filter((item) => item.status !== 'canceled');
    }
    items.reverse();
    return {
      status: 200,
      body: { object: 'list', url: path, has_more: items.length > limit, data: items.slice(0, limit) },
    };
  }
}

/** The subscription object's current period, from its record. */
function refreshSubscription(sub: SubscriptionRecord): void {
  const items = sub.object.items as { data: Json[] };
  items.data[0]!.current_period_start = sub.periodStart;
  items.data[0]!.current_period_end = sub.periodEnd;
}

/** A paid invoice of the subscription's current period, not numbered yet. */
export function invoiceOf(sub: SubscriptionRecord, billingReason: string, nowSeconds: number): Json {
  const amount = sub.line.unitAmount * sub.line.quantity;
  return {
    id: stripeId('in'),
    object: 'invoice',
    customer: sub.object.customer,
    status: 'paid',
    billing_reason: billingReason,
    created: nowSeconds,
    currency: sub.line.currency,
    amount_due: amount,
    amount_paid: amount,
    total: amount,
    period_start: sub.periodStart,
    period_end: sub.periodEnd,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.object.id } },
    lines: {
      object: 'list',
      data: [
        {
          object: 'line_item',
          quantity: sub.line.quantity,
          period: { start: sub.periodStart, end: sub.periodEnd },
        },
      ],
    },
  };
}
