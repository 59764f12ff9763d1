/**
 * The stand-in as a server on this machine, driven by the official `stripe` package as Hearken
 * drives it (payments.ts): its key checked, Stripe's API routed, the hosted pages served, and a
 * payment announced to a webhook receiver in Stripe's order. Its parts have their own tests.
 */
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { StripeStandIn, parseStripeForm } from '../../../../src/server/payments/stand-in';
import { parseStripeForm as fromItsModule } from '../../../../src/server/payments/stripe-form';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function receiver(): Promise<{ url: string; events: Stripe.Event[]; secret: { value: string } }> {
  const events: Stripe.Event[] = [];
  const secret = { value: '' };
  const verifier = new Stripe('sk_test_unit');
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const signature = String(request.headers['stripe-signature']);
      events.push(
        verifier.webhooks.constructEvent(Buffer.concat(chunks).toString(), signature, secret.value),
      );
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(() => resolve())));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/hook`, events, secret };
}

async function standIn() {
  const stand = new StripeStandIn({ stripe: new Stripe('sk_test_signing_only'), now: () => 1_800_000_000 });
  await stand.start();
  closing.push(() => stand.close());
  const stripe = new Stripe(stand.secretKey, {
    host: '127.0.0.1',
    port: stand.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return { stand, stripe };
}

describe('StripeStandIn', () => {
  it('still exports the form parser from its old place', () => {
    expect(parseStripeForm).toBe(fromItsModule);
  });

  it('opens its API to no process but the one it told its key, and listens on loopback only (issue 29, F-07)', async () => {
    const { stand } = await standIn();
    // The attack: another process on this machine, with the key the source used to hold.
    const attacker = new Stripe('sk_test_hearken_local_stand_in', {
      host: '127.0.0.1',
      port: stand.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
    await expect(
      attacker.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'http://hearken/buy',
        line_items: [
          {
            quantity: 500,
            price_data: {
              currency: 'eur',
              unit_amount: 1000,
              recurring: { interval: 'month' },
              product_data: { name: 'Pro' },
            },
          },
        ],
      }),
    ).rejects.toThrow('Invalid API Key provided');
    // A key is made for each run: knowing one stand-in's opens no other.
    const other = (await standIn()).stand;
    expect(other.secretKey).not.toBe(stand.secretKey);
    expect(stand.secretKey).toMatch(/^sk_test_stand_in_[0-9a-f]{48}$/);
    const withOthersKey = await fetch(`${stand.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.secretKey}` },
    });
    expect(withOthersKey.status).toBe(401);
    expect((stand as unknown as { server: Server }).server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('refuses any other key, and answers unknown pages in HTML', async () => {
    const { stand } = await standIn();
    expect(stand.url).toBe(`http://127.0.0.1:${stand.port}`);
    const refused = await fetch(`${stand.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_other' },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
    });
    const missing = await fetch(`${stand.url}/elsewhere`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('takes a payment made through its pages and tells the webhook, signed', async () => {
    const hook = await receiver();
    const { stand, stripe } = await standIn();
    hook.secret.value = stand.webhookSecret;
    stand.setWebhookUrl(hook.url);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      success_url: 'http://hearken/buy?session={CHECKOUT_SESSION_ID}',
      line_items: [
        {
          quantity: 2,
          price_data: {
            currency: 'eur',
            unit_amount: 1000,
            recurring: { interval: 'month' },
            product_data: { name: 'Pro' },
          },
        },
      ],
      consent_collection: { terms_of_service: 'required' },
    });
    expect(session.url).toBe(`${stand.url}/pay/${session.id}`);
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="checkout-pay"');
    const paid = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ terms: 'accepted' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://hearken/buy?session=${session.id}`);
    expect(hook.events.map((e) => e.type)).toEqual(['checkout.session.completed', 'invoice.paid']);
    expect(stand.sent.map((e) => e.type)).toEqual(['checkout.session.completed', 'invoice.paid']);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed.status).toBe('complete');
    const subscriptionId = String(completed.subscription);
    await stand.renew(subscriptionId);
    expect(hook.events.map((e) => e.type).slice(2)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    const invoices = await stripe.invoices.list({ customer: String(completed.customer) });
    expect(invoices.data.map((i) => i.number)).toEqual(['HRKN-0002', 'HRKN-0001']);
    const invoicePage = await fetch(invoices.data[0]!.hosted_invoice_url!);
    expect(await invoicePage.text()).toContain('€20.00');
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(stand.subscription(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect(await stand.redeliver(stand.sent[0]!.payload)).toBe(200);
    expect(hook.events.at(-1)!.id).toBe(stand.sent[0]!.id);
  });
});
