/**
 * A local stand-in for Stripe, used when no Stripe keys are configured (here, and in tests).
 * It is a separate HTTP server on this machine that speaks the part of Stripe's API Hearken
 * uses, in Stripe's shapes (form-encoded requests, JSON objects with `id` and `object`), so the
 * official `stripe` package talks to it as to Stripe (its host, port and protocol options), and
 * it serves the two pages Stripe hosts: the Checkout page (with the terms checkbox) and the
 * customer portal. What was paid reaches Hearken only as Stripe tells it: webhook events signed
 * with Stripe's scheme (`stripe.webhooks.generateTestHeaderString`), so the webhook code that
 * runs against it is the production code.
 *
 * It holds its customers, sessions and subscriptions in memory: a stand-in, not a ledger.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { answerJson, readBody } from '../http/stand-in-http';

/** The key the Hearken server presents to the stand-in (any Bearer key would do; this one says what it is). */
export const STAND_IN_SECRET_KEY = 'sk_test_hearken_local_stand_in';

type Json = Record<string, unknown>;

interface LineItem {
  quantity: number;
  currency: string;
  unitAmount: number;
  interval: 'month' | 'year';
  productName: string;
}

interface SessionRecord {
  object: Json;
  line: LineItem;
  successUrl: string;
  cancelUrl: string;
  termsRequired: boolean;
}

interface SubscriptionRecord {
  object: Json;
  line: LineItem;
  periodStart: number;
  periodEnd: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Stripe's form encoding (`a[b][0][c]=d`) back into objects; numeric keys become arrays.
 */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1c2127}main{max-width:32rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 3px #0003}
button{font:inherit;padding:.6rem 1.2rem;background:#2d72d2;color:#fff;border:0;border-radius:4px;cursor:pointer}button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #8abbff;outline-offset:2px}
.error{color:#ac2f33;font-weight:600}.note{color:#404854;font-size:.9rem}a{color:#215db0}</style></head><body><main>${body}</main></body></html>`;
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

function addPeriod(fromSeconds: number, interval: 'month' | 'year'): number {
  const date = new Date(fromSeconds * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

export interface StandInOptions {
  /** Signs webhook events as Stripe does (the `stripe` package's helper). */
  stripe: Pick<Stripe, 'webhooks'>;
  port?: number;
  /** Seconds since the epoch (tests move it). */
  now?: () => number;
}

export class StripeStandIn {
  readonly webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  private server: Server | undefined;
  private origin = '';
  private webhookUrl: string | undefined;
  private readonly customers = new Map<string, Json>();
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly subscriptions = new Map<string, SubscriptionRecord>();
  private readonly portals = new Map<string, { customer: string; returnUrl: string }>();
  /** Invoices, newest last, as `GET /v1/invoices` lists them (newest first). */
  private readonly invoices: Json[] = [];
  /** Every event sent, in order (tests replay one to check idempotency). */
  readonly sent: { id: string; type: string; payload: string }[] = [];
  private readonly now: () => number;

  constructor(private readonly options: StandInOptions) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  get url(): string {
    return this.origin;
  }

  get port(): number {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /** Where events are delivered: Hearken's webhook route, known once Hearken listens. */
  setWebhookUrl(url: string): void {
    this.webhookUrl = url;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent)
          this.json(response, 500, { error: { type: 'api_error', message: String(error) } });
        else response.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.options.port ?? 0, '127.0.0.1', () => resolve());
    });
    this.origin = `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** Signs and posts one event to the webhook URL, as Stripe would. Answers the HTTP status. */
  async deliver(type: string, object: Json): Promise<number> {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object },
    };
    const payload = JSON.stringify(event);
    this.sent.push({ id: event.id, type, payload });
    return this.post(payload);
  }

  /** Posts an already sent payload again (a duplicate delivery), freshly signed. */
  async redeliver(payload: string): Promise<number> {
    return this.post(payload);
  }

  private async post(payload: string): Promise<number> {
    if (!this.webhookUrl) return 0;
    const signature = this.options.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
    });
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    await response.text();
    return response.status;
  }

  /** The next period of a subscription is paid (what Stripe does at renewal time). */
  async renew(subscriptionId: string): Promise<void> {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    sub.periodStart = sub.periodEnd;
    sub.periodEnd = addPeriod(sub.periodStart, sub.line.interval);
    this.refreshSubscription(sub);
    await this.deliver('invoice.paid', this.recordInvoice(this.invoice(sub, 'subscription_cycle')));
    await this.deliver('customer.subscription.updated', sub.object);
  }

  /** Subscriptions, for tests. */
  subscription(subscriptionId: string): Json | undefined {
    return this.subscriptions.get(subscriptionId)?.object;
  }

  private refreshSubscription(sub: SubscriptionRecord): void {
    const items = sub.object.items as { data: Json[] };
    items.data[0]!.current_period_start = sub.periodStart;
    items.data[0]!.current_period_end = sub.periodEnd;
  }

  /** Keeps an invoice for `GET /v1/invoices`, numbered as Stripe numbers them (prefix-sequence). */
  private recordInvoice(invoice: Json): Json {
    invoice.number = `HRKN-${String(this.invoices.length + 1).padStart(4, '0')}`;
    invoice.hosted_invoice_url = `${this.origin}/invoice/${String(invoice.id)}`;
    this.invoices.push(invoice);
    return invoice;
  }

  private invoice(sub: SubscriptionRecord, billingReason: string): Json {
    const amount = sub.line.unitAmount * sub.line.quantity;
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.object.customer,
      status: 'paid',
      billing_reason: billingReason,
      created: this.now(),
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

  private json(response: ServerResponse, status: number, body: unknown): void {
    answerJson(response, status, body);
  }

  private html(response: ServerResponse, status: number, body: string): void {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  }

  private notFound(response: ServerResponse, what: string): void {
    this.json(response, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const path = url.pathname;
    if (path.startsWith('/v1/')) {
      if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
        this.json(response, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
        return;
      }
      const body =
        request.method === 'POST'
          ? parseStripeForm(await readBody(request, 1024 * 1024))
          : parseStripeForm(url.searchParams.toString());
      await this.api(request.method ?? 'GET', path, body, response);
      return;
    }
    let match = /^\/pay\/(cs_[a-z0-9_]+)$/.exec(path);
    if (match) {
      const form =
        request.method === 'POST' ? new URLSearchParams(await readBody(request, 1024 * 1024)) : undefined;
      await this.checkoutPage(match[1]!, form, response);
      return;
    }
    match = /^\/portal\/(bps_[a-z0-9]+)(?:\/cancel\/(sub_[a-z0-9]+))?$/.exec(path);
    if (match) {
      if (request.method === 'POST' && match[2]) await this.cancelFromPortal(match[1]!, match[2], response);
      else this.portalPage(match[1]!, response);
      return;
    }
    match = /^\/invoice\/(in_[a-z0-9]+)$/.exec(path);
    if (match && request.method === 'GET') {
      this.invoicePage(match[1]!, response);
      return;
    }
    this.html(response, 404, page('Not found', '<h1>Not found</h1>'));
  }

  /** Stripe's hosted invoice page, in short: what was paid, for which period. */
  private invoicePage(invoiceId: string, response: ServerResponse): void {
    const invoice = this.invoices.find((i) => i.id === invoiceId);
    if (!invoice) {
      this.html(response, 404, page('Invoice', '<h1>This invoice does not exist</h1>'));
      return;
    }
    const day = (seconds: unknown) => new Date(Number(seconds) * 1000).toISOString().slice(0, 10);
    const body = `<h1>Invoice ${escapeHtml(String(invoice.number))}</h1>
<p class="note">Local stand-in for Stripe's invoice page.</p>
<dl><dt>Status</dt><dd>${escapeHtml(String(invoice.status))}</dd>
<dt>Amount paid</dt><dd>${money(Number(invoice.amount_paid), String(invoice.currency))}</dd>
<dt>Period</dt><dd>${day(invoice.period_start)} to ${day(invoice.period_end)}</dd></dl>`;
    this.html(response, 200, page(`Invoice ${String(invoice.number)}`, body));
  }

  private async api(method: string, path: string, body: Json, response: ServerResponse): Promise<void> {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      this.customers.set(customer.id, customer);
      this.json(response, 200, customer);
      return;
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      this.createSession(body, response);
      return;
    }
    let match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (method === 'GET' && match) {
      const session = this.sessions.get(match[1]!);
      if (session) this.json(response, 200, session.object);
      else this.notFound(response, 'checkout.session');
      return;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = String(body.customer ?? '');
      if (!this.customers.has(customer)) {
        this.notFound(response, `customer: '${customer}'`);
        return;
      }
      const portalId = id('bps');
      const returnUrl = String(body.return_url ?? '');
      this.portals.set(portalId, { customer, returnUrl });
      this.json(response, 200, {
        id: portalId,
        object: 'billing_portal.session',
        customer,
        return_url: returnUrl,
        url: `${this.origin}/portal/${portalId}`,
      });
      return;
    }
    if (method === 'GET' && (path === '/v1/invoices' || path === '/v1/subscriptions')) {
      this.list(path, body, response);
      return;
    }
    match = /^\/v1\/subscriptions\/(sub_[a-z0-9]+)$/.exec(path);
    if (match) {
      const sub = this.subscriptions.get(match[1]!);
      if (!sub) {
        this.notFound(response, `subscription: '${match[1]}'`);
        return;
      }
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) {
          sub.object.cancel_at_period_end = body.cancel_at_period_end === 'true';
        }
        // Delivered before answering, as far as the caller can tell: Stripe sends it within moments.
        await this.deliver('customer.subscription.updated', sub.object);
      } else if (method === 'DELETE') {
        sub.object.status = 'canceled';
        sub.object.ended_at = this.now();
        await this.deliver('customer.subscription.deleted', sub.object);
      }
      this.json(response, 200, sub.object);
      return;
    }
    this.json(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    });
  }

  /**
   * Stripe's list endpoints as Hearken calls them: `customer` filter, `limit` (1 to 100, default
   * 10), newest first, `status=all` for subscriptions (else canceled ones are left out, as Stripe
   * does). No pagination beyond the first page: `has_more` says when there was more.
   */
  private list(path: string, query: Json, response: ServerResponse): void {
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      this.json(response, 400, {
        error: {
          type: 'invalid_request_error',
          param: 'limit',
          message: 'Invalid integer: limit must be between 1 and 100',
        },
      });
      return;
    }
    const customer = typeof query.customer === 'string' ? query.customer : undefined;
    let items: Json[] =
      path === '/v1/invoices' ? [...this.invoices] : [...this.subscriptions.values()].map((s) => s.object);
    if (customer) items = items.filter((item) => item.customer === customer);
    if (path === '/v1/subscriptions' && query.status !== 'all') {
      items = items.filter((item) => item.status !== 'canceled');
    }
    items.reverse();
    this.json(response, 200, {
      object: 'list',
      url: path,
      has_more: items.length > limit,
      data: items.slice(0, limit),
    });
  }

  private createSession(body: Json, response: ServerResponse): void {
    const items = (body.line_items as Json[] | undefined) ?? [];
    const item = items[0];
    const priceData = item?.price_data as Json | undefined;
    const recurring = priceData?.recurring as Json | undefined;
    if (
      body.mode !== 'subscription' ||
      !item ||
      !priceData ||
      (recurring?.interval !== 'month' && recurring?.interval !== 'year') ||
      typeof body.success_url !== 'string'
    ) {
      this.json(response, 400, {
        error: {
          type: 'invalid_request_error',
          message:
            'The stand-in takes subscription sessions with one line item with price_data and recurring.interval, and a success_url.',
        },
      });
      return;
    }
    const quantity = Number(item.quantity ?? 1);
    const unitAmount = Number(priceData.unit_amount);
    const line: LineItem = {
      quantity,
      currency: String(priceData.currency ?? 'eur'),
      unitAmount,
      interval: recurring.interval,
      productName: String((priceData.product_data as Json | undefined)?.name ?? 'Subscription'),
    };
    const sessionId = id('cs_test');
    const object: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
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
      created: this.now(),
      url: `${this.origin}/pay/${sessionId}`,
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
    this.json(response, 200, object);
  }

  private async checkoutPage(
    sessionId: string,
    form: URLSearchParams | undefined,
    response: ServerResponse,
  ): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) {
      this.html(response, 404, page('Checkout not found', '<h1>This checkout does not exist</h1>'));
      return;
    }
    if (session.object.status !== 'open') {
      this.html(
        response,
        409,
        page(
          'Checkout complete',
          `<h1>This checkout is already complete</h1><p><a href="${escapeHtml(session.successUrl)}">Back to Hearken</a></p>`,
        ),
      );
      return;
    }
    let error = '';
    if (form) {
      if (session.termsRequired && form.get('terms') !== 'accepted') {
        error = 'Please accept the terms of service to pay.';
      } else {
        await this.complete(session);
        response.writeHead(303, {
          location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
        });
        response.end();
        return;
      }
    }
    const { line } = session;
    const total = money(line.unitAmount * line.quantity, line.currency);
    const body = `<h1>Pay for ${escapeHtml(line.productName)}</h1>
<p class="note">Local checkout: this stands in for Stripe's payment page on a server without Stripe keys. No card is charged.</p>
<dl><dt>Licences</dt><dd data-testid="checkout-quantity">${line.quantity}</dd>
<dt>Price per licence</dt><dd>${money(line.unitAmount, line.currency)} per ${line.interval}</dd>
<dt>Total</dt><dd data-testid="checkout-total">${total} per ${line.interval}</dd></dl>
<form method="post" action="/pay/${sessionId}">
${error ? `<p class="error" role="alert" id="terms-error">${escapeHtml(error)}</p>` : ''}
${session.termsRequired ? `<p><input type="checkbox" id="terms" name="terms" value="accepted"${error ? ' aria-describedby="terms-error" aria-invalid="true"' : ''}> <label for="terms">I accept the terms of service</label></p>` : ''}
<p><button type="submit" data-testid="checkout-pay">Pay ${total}</button></p>
</form>
<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and go back</a></p>`;
    this.html(response, error ? 400 : 200, page('Checkout', body));
  }

  /** The payment goes through: a subscription, then the events Stripe would send. */
  private async complete(session: SessionRecord): Promise<void> {
    const start = this.now();
    let customer = session.object.customer as string | null;
    if (!customer) {
      customer = id('cus');
      this.customers.set(customer, {
        id: customer,
        object: 'customer',
        email: session.object.customer_email,
      });
    }
    const subId = id('sub');
    const sub: SubscriptionRecord = {
      line: session.line,
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
              id: id('si'),
              object: 'subscription_item',
              quantity: session.line.quantity,
              price: {
                id: id('price'),
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
    this.refreshSubscription(sub);
    this.subscriptions.set(subId, sub);
    Object.assign(session.object, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subId,
      consent: session.termsRequired ? { terms_of_service: 'accepted', promotions: null } : null,
    });
    await this.deliver('checkout.session.completed', session.object);
    await this.deliver('invoice.paid', this.recordInvoice(this.invoice(sub, 'subscription_create')));
  }

  private portalPage(portalId: string, response: ServerResponse, notice = ''): void {
    const portal = this.portals.get(portalId);
    if (!portal) {
      this.html(response, 404, page('Billing', '<h1>This billing session does not exist</h1>'));
      return;
    }
    const subs = [...this.subscriptions.values()].filter((s) => s.object.customer === portal.customer);
    const rows = subs
      .map((s) => {
        const sub = s.object;
        const ends = new Date(s.periodEnd * 1000).toISOString().slice(0, 10);
        const state =
          sub.status !== 'active'
            ? 'Cancelled'
            : sub.cancel_at_period_end
              ? `Ends on ${ends}`
              : `Renews on ${ends}`;
        const cancel =
          sub.status === 'active' && !sub.cancel_at_period_end
            ? `<form method="post" action="/portal/${portalId}/cancel/${String(sub.id)}"><button type="submit">Cancel plan</button></form>`
            : '';
        return `<li>${s.line.quantity} × ${escapeHtml(s.line.productName)}, ${money(s.line.unitAmount, s.line.currency)} per ${s.line.interval}: ${state} ${cancel}</li>`;
      })
      .join('');
    const body = `<h1>Billing</h1><p class="note">Local stand-in for Stripe's customer portal.</p>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
<h2>Subscriptions</h2><ul>${rows || '<li>None</li>'}</ul>
<p><a href="${escapeHtml(portal.returnUrl)}">Return to Hearken</a></p>`;
    this.html(response, 200, page('Billing', body));
  }

  private async cancelFromPortal(portalId: string, subId: string, response: ServerResponse): Promise<void> {
    const portal = this.portals.get(portalId);
    const sub = this.subscriptions.get(subId);
    if (!portal || !sub || sub.object.customer !== portal.customer) {
      this.html(response, 404, page('Billing', '<h1>Not found</h1>'));
      return;
    }
    sub.object.cancel_at_period_end = true;
    await this.deliver('customer.subscription.updated', sub.object);
    this.portalPage(portalId, response, 'Your plan will not renew.');
  }
}
