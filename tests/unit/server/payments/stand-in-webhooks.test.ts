/**
 * The stand-in's events carry Stripe's signature, which the `stripe` package verifies as it
 * does Stripe's; a duplicate delivery is the same event, signed again.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StandInWebhooks } from '../../../../src/server/payments/stand-in-webhooks';

function setup() {
  const stripe = new Stripe('sk_test_unit');
  const posts: { url: string; signature: string; body: string }[] = [];
  const webhooks = new StandInWebhooks({
    stripe,
    now: () => 1_800_000_000,
    fetch: (async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      posts.push({ url, signature: headers['stripe-signature']!, body: String(init.body) });
      return new Response('ok', { status: 200 });
    }) as typeof fetch,
  });
  return { stripe, webhooks, posts };
}

describe('StandInWebhooks', () => {
  it('sends nothing before it knows where (status 0), but keeps the event', async () => {
    const s = setup();
    expect(await s.webhooks.deliver('invoice.paid', { id: 'in_1' })).toBe(0);
    expect(s.posts).toEqual([]);
    expect(s.webhooks.sent.map((e) => e.type)).toEqual(['invoice.paid']);
  });

  it('posts events Stripe’s library verifies with the secret', async () => {
    const s = setup();
    s.webhooks.setUrl('http://hearken/api/v1/payments/stripe-webhook');
    expect(await s.webhooks.deliver('checkout.session.completed', { id: 'cs_1' })).toBe(200);
    const [post] = s.posts;
    expect(post!.url).toBe('http://hearken/api/v1/payments/stripe-webhook');
    const event = s.stripe.webhooks.constructEvent(post!.body, post!.signature, s.webhooks.secret);
    expect(event).toMatchObject({
      id: s.webhooks.sent[0]!.id,
      object: 'event',
      type: 'checkout.session.completed',
      created: 1_800_000_000,
      livemode: false,
      data: { object: { id: 'cs_1' } },
    });
    expect(() => s.stripe.webhooks.constructEvent(post!.body, post!.signature, 'whsec_other')).toThrow();
  });

  it('redelivers the same payload, freshly signed, without recording it again', async () => {
    const s = setup();
    s.webhooks.setUrl('http://hearken/hook');
    await s.webhooks.deliver('invoice.paid', { id: 'in_1' });
    expect(await s.webhooks.redeliver(s.webhooks.sent[0]!.payload)).toBe(200);
    expect(s.posts[1]!.body).toBe(s.posts[0]!.body);
    expect(s.webhooks.sent).toHaveLength(1);
  });
});
