/**
 * How the Stripe stand-in (stand-in.ts) tells Hearken what was paid: as Stripe does, webhook
 * events signed with Stripe's scheme (`stripe.webhooks.generateTestHeaderString`) and posted to
 * Hearken's webhook route, so the webhook code that runs against the stand-in is the production
 * code.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Json } from './stripe-form';
import { stripeId } from './stand-in-store';

export interface SentEvent {
  id: string;
  type: string;
  payload: string;
}

export class StandInWebhooks {
  /** What events are signed with; Hearken verifies them with the same secret. */
  readonly secret = `whsec_${randomBytes(24).toString('hex')}`;
  /** Every event sent, in order (tests replay one to check idempotency). */
  readonly sent: SentEvent[] = [];
  private url: string | undefined;

  constructor(
    private readonly options: {
      /** Signs events as Stripe does (the `stripe` package's helper). */
      stripe: Pick<Stripe, 'webhooks'>;
      /** Seconds since the epoch. */
      now(): number;
      /** Posts a signed event (`fetch` by default). */
      fetch?: typeof fetch;
    },
  ) {}

  /** Where events are delivered: Hearken's webhook route, known once Hearken listens. */
  setUrl(url: string): void {
    this.url = url;
  }

  /** Signs and posts one event to the webhook URL, as Stripe would. Answers the HTTP status. */
  async deliver(type: string, object: Json): Promise<number> {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.options.now(),
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
    if (!this.url) return 0;
    const signature = this.options.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.secret,
    });
    const response = await (this.options.fetch ?? fetch)(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    await response.text();
    return response.status;
  }
}
