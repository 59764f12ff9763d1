/**
 * The stand-in as a server on this machine, driven by the official `stripe` package as Hearken
 * drives it (payments.ts): its key checked, Stripe's API routed, the hosted pages served, and a
 * payment announced to a webhook receiver in Stripe's order. Its parts have their own tests.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type StandInOptions,
  StripeStandIn,
  parseStripeForm,
} from '../../../../src/server/payments/stand-in';
import { parseStripeForm as fromItsModule } from '../../../../src/server/payments/stripe-form';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** `onEvent`: runs as each event arrives, before it is answered. */
async function receiver(
  onEvent: (event: Stripe.Event) => void = () => undefined,
): Promise<{ url: string; events: Stripe.Event[]; secret: { value: string } }> {
  const events: Stripe.Event[] = [];
  const secret = { value: '' };
  const verifier = new Stripe('sk_test_unit');
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const signature = String(request.headers['stripe-signature']);
      const event = verifier.webhooks.constructEvent(
        Buffer.concat(chunks).toString(),
        signature,
        secret.value,
      );
      onEvent(event);
      events.push(event);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(() => resolve())));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/hook`, events, secret };
}

/** `keeping`: its state file and log (none: in memory only). */
async function standIn(keeping: Partial<Pick<StandInOptions, 'stateFile' | 'log'>> = {}) {
  const stand = new StripeStandIn({
    stripe: new Stripe('sk_test_signing_only'),
    now: () => 1_800_000_000,
    ...keeping,
  });
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

  it('keeps what it holds across a restart in its state file, saved before Hearken hears of it (issue 30)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hearken-stand-in-'));
    closing.push(async () => rmSync(folder, { recursive: true, force: true }));
    const stateFile = join(folder, 'stripe-stand-in.json');
    const said: string[] = [];
    const keeping = { stateFile, log: (_level: string, message: string) => said.push(message) };
    // Each event finds what it reports already in the file.
    const onFileWhenTold: boolean[] = [];
    const hook = await receiver((event) => {
      const id = (event.data.object as { id: string }).id;
      onFileWhenTold.push(readFileSync(stateFile, 'utf8').includes(id));
    });
    const first = await standIn(keeping);
    hook.secret.value = first.stand.webhookSecret;
    first.stand.setWebhookUrl(hook.url);
    const customer = await first.stripe.customers.create({ name: 'Acme' });
    const session = await first.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      success_url: 'http://hearken/buy',
      line_items: [
        {
          quantity: 3,
          price_data: { currency: 'eur', unit_amount: 1000, recurring: { interval: 'month' } },
        },
      ],
    });
    await fetch(session.url!, { method: 'POST', body: new URLSearchParams({}), redirect: 'manual' });
    const subscriptionId = String((await first.stripe.checkout.sessions.retrieve(session.id)).subscription);
    expect(onFileWhenTold).toEqual([true, true]);
    await first.stand.close();

    const second = await standIn(keeping);
    expect(said).toEqual([
      expect.stringContaining('no saved state'),
      expect.stringContaining('restored its state'),
    ]);
    hook.secret.value = second.stand.webhookSecret;
    second.stand.setWebhookUrl(hook.url);
    const kept = await second.stripe.subscriptions.retrieve(subscriptionId);
    expect(kept).toMatchObject({ customer: customer.id, status: 'active' });
    // A licence fewer, then the plan cancelled: both on the subscription the first run sold.
    await second.stripe.subscriptionItems.update(kept.items.data[0]!.id, {
      quantity: 2,
      proration_behavior: 'none',
    });
    await second.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(second.stand.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: true });
    await second.stand.renew(subscriptionId);
    const invoices = await second.stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((i) => [i.number, i.amount_paid])).toEqual([
      ['HRKN-0002', 2000],
      ['HRKN-0001', 3000],
    ]);
    expect(invoices.data[1]!.hosted_invoice_url).toBe(`${second.stand.url}/invoice/${invoices.data[1]!.id}`);
    expect(onFileWhenTold.every(Boolean)).toBe(true);
  });
});
