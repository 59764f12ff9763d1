/**
 * Payment through Stripe with the official `stripe` package: Checkout sessions to buy licences,
 * the customer portal for billing, renewal changes on subscriptions. Nothing here decides what
 * was paid: the webhook (webhook-events.ts) does, from Stripe's signed events. Without keys the
 * same calls go to the local stand-in (stand-in.ts), through the package's host/port/protocol
 * options.
 */
import Stripe from 'stripe';
import { LICENCE_PLAN, OFFERS, type LicenceInterval, offerFor } from '../../shared/licences';
import { ROUTES } from '../../shared/routes';
import { SCRIBE_TIME_OFFER, SCRIBE_TIME_PURCHASE_KIND } from '../../shared/scribe/time';
import { PAYMENTS_NOT_CONFIGURED, type PaymentsConfig } from './config';
import { StripeStandIn } from './stand-in';
import type { StateLog } from './stand-in-state';

export interface CheckoutRequest {
  organizationId: string;
  organizationName: string;
  customerId: string | undefined;
  adminEmail: string | undefined;
  interval: LicenceInterval;
  count: number;
  language: string | undefined;
  /** The web app's origin the person came from: where Checkout sends them back. */
  origin: string;
}

/** Thrown by every call while payments are off (config.ts): answered 503 with its message. */
export class PaymentsNotConfigured extends Error {
  readonly statusCode = 503;
  constructor() {
    super(PAYMENTS_NOT_CONFIGURED);
  }
}

export class Payments {
  private constructor(
    private readonly client: Stripe | undefined,
    readonly webhookSecret: string,
    readonly standIn: StripeStandIn | undefined,
    /** Why payments are off; undefined when they are on. */
    readonly offReason?: string,
  ) {}

  /** The Stripe client; throws PaymentsNotConfigured while payments are off. */
  get stripe(): Stripe {
    if (!this.client) throw new PaymentsNotConfigured();
    return this.client;
  }

  get configured(): boolean {
    return this.client !== undefined;
  }

  /** `log`: where the stand-in says what became of its saved state. */
  static async open(config: PaymentsConfig, log?: StateLog): Promise<Payments> {
    if (config.kind === 'off') return new Payments(undefined, '', undefined, config.reason);
    if (config.kind === 'stripe') {
      return new Payments(
        new Stripe(config.secretKey, { maxNetworkRetries: 2 }),
        config.webhookSecret,
        undefined,
      );
    }
    // The stand-in needs the package's signing helper; this first client is only that, and
    // signing uses no API key.
    const signer = new Stripe('sk_test_signing_only');
    const standIn = new StripeStandIn({
      stripe: signer,
      port: config.port,
      stateFile: config.stateFile,
      ...(log ? { log } : {}),
    });
    await standIn.start();
    // The key the stand-in made for this run: no other process knows it.
    const stripe = new Stripe(standIn.secretKey, {
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
    return new Payments(stripe, standIn.webhookSecret, standIn);
  }

  get provider(): string {
    if (this.offReason)
      return `off (${this.offReason}): buying licences answers "${PAYMENTS_NOT_CONFIGURED}"`;
    return this.standIn ? `local checkout stand-in at ${this.standIn.url}` : 'Stripe';
  }

  /** Verifies the signature of a raw webhook body and answers the event; throws when it does not verify. */
  verify(rawBody: string, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('no Stripe-Signature header');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }

  async createCustomer(organizationId: string, name: string, email: string | undefined): Promise<string> {
    const customer = await this.stripe.customers.create({
      name,
      ...(email ? { email } : {}),
      metadata: { organizationId },
    });
    return customer.id;
  }

  /** A Checkout session for `count` Pro licences; terms must be accepted on the page. */
  async createCheckout(request: CheckoutRequest & { customerId: string }): Promise<string> {
    const offerId = offerFor(request.interval);
    const offer = OFFERS[offerId];
    const metadata = {
      organizationId: request.organizationId,
      offerId,
      interval: request.interval,
      count: String(request.count),
      ...(request.language ? { language: request.language } : {}),
    };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: request.customerId,
      client_reference_id: request.organizationId,
      line_items: [
        {
          quantity: request.count,
          price_data: {
            currency: offer.currency,
            unit_amount: offer.amount,
            recurring: { interval: request.interval },
            product_data: { name: `Hearken ${LICENCE_PLAN} licence` },
          },
        },
      ],
      metadata,
      subscription_data: { metadata },
      consent_collection: { terms_of_service: 'required' },
      success_url: `${request.origin}${ROUTES.accountPaymentSucceed}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${request.origin}${ROUTES.accountLicenseBuy}`,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return session.url;
  }

  /**
   * A Checkout session for `hours` of Scribe time, paid once, for the account `avaId` (the
   * webhook adds it to their Scribe time once paid); terms must be accepted on the page.
   */
  async createScribeTimeCheckout(request: {
    avaId: string;
    email: string | undefined;
    hours: number;
    language: string | undefined;
    origin: string;
  }): Promise<string> {
    const metadata = {
      kind: SCRIBE_TIME_PURCHASE_KIND,
      avaId: request.avaId,
      hours: String(request.hours),
      ...(request.language ? { language: request.language } : {}),
    };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: request.avaId,
      ...(request.email ? { customer_email: request.email } : {}),
      line_items: [
        {
          quantity: request.hours,
          price_data: {
            currency: SCRIBE_TIME_OFFER.currency,
            unit_amount: SCRIBE_TIME_OFFER.amount,
            product_data: { name: SCRIBE_TIME_OFFER.productName },
          },
        },
      ],
      metadata,
      consent_collection: { terms_of_service: 'required' },
      success_url: `${request.origin}${ROUTES.accountScribeTime}?paid=1`,
      cancel_url: `${request.origin}${ROUTES.accountScribeTime}`,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return session.url;
  }

  async portal(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }

  /** Stops (or resumes) renewal at the end of the paid period; the webhook records it. */
  async setRenewal(subscriptionId: string, autoRenewal: boolean): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !autoRenewal });
  }

  /**
   * The subscription renews `seats` licences from its next period on (some were cancelled one
   * by one, or a cancellation taken back): its item's quantity, without proration, since what
   * was paid stays paid and a cancelled licence runs to the end of its period. Stripe's
   * customer.subscription.updated follows. `seats` is at least 1: a subscription losing its
   * last licence stops renewing instead (setRenewal).
   */
  async setSeats(subscriptionId: string, seats: number): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
    if (item.quantity === seats) return;
    await this.stripe.subscriptionItems.update(item.id, { quantity: seats, proration_behavior: 'none' });
  }

  /** The customer's latest invoices, newest first (Stripe's `GET /v1/invoices`). */
  async invoices(customerId: string, limit = 24): Promise<Stripe.Invoice[]> {
    const page = await this.stripe.invoices.list({ customer: customerId, limit });
    return page.data;
  }

  /** The customer's subscriptions, ended ones included (Stripe's `GET /v1/subscriptions`). */
  async subscriptions(customerId: string): Promise<Stripe.Subscription[]> {
    const page = await this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
    return page.data;
  }

  async close(): Promise<void> {
    await this.standIn?.close();
  }
}
