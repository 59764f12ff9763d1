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
 * It holds its customers, sessions, subscriptions and invoices in memory and, given a state
 * file, keeps them across restarts there (stand-in-state.ts): saved after every change, and
 * before any event tells Hearken of one, so Hearken never knows of a subscription the stand-in
 * could forget.
 *
 * This file is the server and its routing; the parts: stand-in-api.ts (Stripe's `/v1/` API),
 * stand-in-pages.ts and stand-in-html.ts (the hosted pages), stand-in-store.ts (what it holds),
 * stand-in-state.ts (its file), stand-in-webhooks.ts (the signed events), stripe-form.ts
 * (Stripe's form encoding).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { answerJson, readBody } from '../http';
import { type Json, parseStripeForm } from './stripe-form';
import { StandInStore } from './stand-in-store';
import { StandInStateFile, type StateLog } from './stand-in-state';
import { type SentEvent, StandInWebhooks } from './stand-in-webhooks';
import { type StandInApiDeps, answerStripeApi } from './stand-in-api';
import {
  type PageAnswer,
  type StandInPagesDeps,
  cancelFromPortal,
  checkoutPage,
  invoicePage,
  notFoundPage,
  portalPage,
} from './stand-in-pages';

export { parseStripeForm } from './stripe-form';

/**
 * A key for the stand-in's API, new each time one starts: its API mints paid licences (a checkout
 * it makes is paid on its page), so a key written in the source let any process on this machine
 * buy 500 of them (issue 29, F-07). Only the Hearken server that started it is told the key.
 */
function newSecretKey(): string {
  return `sk_test_stand_in_${randomBytes(24).toString('hex')}`;
}

export interface StandInOptions {
  /** Signs webhook events as Stripe does (the `stripe` package's helper). */
  stripe: Pick<Stripe, 'webhooks'>;
  port?: number;
  /** Seconds since the epoch (tests move it). */
  now?: () => number;
  /** Where its state is kept across restarts (none: in memory only, as tests of its parts use it). */
  stateFile?: string;
  /** Where a missing or unreadable state file is said. */
  log?: StateLog;
}

export class StripeStandIn {
  private server: Server | undefined;
  private origin = '';
  private readonly now: () => number;
  /** What Hearken's Stripe client presents as its Bearer key; nothing else opens the API. */
  readonly secretKey = newSecretKey();
  /** Made by `start`, from the state saved before. */
  private store!: StandInStore;
  private readonly stateFile: StandInStateFile | undefined;
  private readonly webhooks: StandInWebhooks;
  /** What the API and the pages work with. */
  private parts!: StandInApiDeps & StandInPagesDeps;

  constructor(private readonly options: StandInOptions) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.webhooks = new StandInWebhooks({ stripe: options.stripe, now: this.now });
    this.stateFile = options.stateFile
      ? new StandInStateFile(options.stateFile, options.log ?? (() => undefined))
      : undefined;
  }

  /** What webhook events are signed with (Hearken's payments verify them with it). */
  get webhookSecret(): string {
    return this.webhooks.secret;
  }

  /** Every event sent, in order (tests replay one to check idempotency). */
  get sent(): SentEvent[] {
    return this.webhooks.sent;
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
    this.webhooks.setUrl(url);
  }

  async start(): Promise<void> {
    const saved = await this.stateFile?.load();
    this.store = new StandInStore({ now: this.now, origin: () => this.origin }, saved);
    this.parts = {
      store: this.store,
      // Saved first: an event tells Hearken of a change the stand-in can no longer forget.
      deliver: async (type, object) => {
        await this.save();
        return this.deliver(type, object);
      },
      now: this.now,
    };
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent)
          answerJson(response, 500, { error: { type: 'api_error', message: String(error) } });
        else response.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      // Loopback only: the API is Hearken's, and the pages its browser's on this machine.
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
  deliver(type: string, object: Json): Promise<number> {
    return this.webhooks.deliver(type, object);
  }

  /** Posts an already sent payload again (a duplicate delivery), freshly signed. */
  redeliver(payload: string): Promise<number> {
    return this.webhooks.redeliver(payload);
  }

  /** The next period of a subscription is paid (what Stripe does at renewal time). */
  async renew(subscriptionId: string): Promise<void> {
    const sub = this.store.nextPeriod(subscriptionId);
    await this.parts.deliver('invoice.paid', this.store.recordInvoice(sub, 'subscription_cycle'));
    await this.parts.deliver('customer.subscription.updated', sub.object);
  }

  /** Writes the state file (when there is one) with all that is held now. */
  private async save(): Promise<void> {
    await this.stateFile?.save(this.store.snapshot());
  }

  /** Subscriptions, for tests. */
  subscription(subscriptionId: string): Json | undefined {
    return this.store.subscription(subscriptionId)?.object;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const path = url.pathname;
    if (path.startsWith('/v1/')) {
      if (!this.authorized(request.headers.authorization)) {
        answerJson(response, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
        return;
      }
      const body =
        request.method === 'POST'
          ? parseStripeForm(await readBody(request, 1024 * 1024))
          : parseStripeForm(url.searchParams.toString());
      const answer = await answerStripeApi(this.parts, request.method ?? 'GET', path, body);
      // What a call created or changed is kept before the caller hears of it (a customer's id
      // answered, then forgotten, would be refused on the next call).
      if (request.method !== 'GET') await this.save();
      answerJson(response, answer.status, answer.body);
      return;
    }
    const page = await this.pageOf(request, path);
    if (request.method === 'POST') await this.save();
    answerPage(response, page);
  }

  /** Whether `authorization` is the Bearer key, compared in constant time. */
  private authorized(authorization: string | undefined): boolean {
    const given = Buffer.from(authorization ?? '');
    const expected = Buffer.from(`Bearer ${this.secretKey}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async pageOf(request: IncomingMessage, path: string): Promise<PageAnswer> {
    let match = /^\/pay\/(cs_[a-z0-9_]+)$/.exec(path);
    if (match) {
      const form =
        request.method === 'POST' ? new URLSearchParams(await readBody(request, 1024 * 1024)) : undefined;
      return checkoutPage(this.parts, match[1]!, form);
    }
    match = /^\/portal\/(bps_[a-z0-9]+)(?:\/cancel\/(sub_[a-z0-9]+))?$/.exec(path);
    if (match) {
      if (request.method === 'POST' && match[2]) return cancelFromPortal(this.parts, match[1]!, match[2]);
      return portalPage(this.parts, match[1]!);
    }
    match = /^\/invoice\/(in_[a-z0-9]+)$/.exec(path);
    if (match && request.method === 'GET') return invoicePage(this.parts, match[1]!);
    return notFoundPage();
  }
}

function answerPage(response: ServerResponse, answer: PageAnswer): void {
  if ('location' in answer) {
    response.writeHead(answer.status, { location: answer.location });
    response.end();
    return;
  }
  response.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(answer.html);
}
