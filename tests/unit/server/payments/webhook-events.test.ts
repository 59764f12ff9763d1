import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { LicenceRepository, NewPurchase } from '../../../../src/server/licences/repository';
import { applyStripeEvent } from '../../../../src/server/payments/webhook-events';

const NOW = Date.UTC(2026, 11, 2);
const CREATED = NOW / 1000;

/** Records what the handler asks of the repository; a transaction is a token. */
function fakeLicences() {
  const calls: { kind: string; args: unknown }[] = [];
  const seen = new Set<string>();
  const repo = {
    applyPaymentEvent: async (event: { id: string }, _now: number, apply: (trx: never) => Promise<void>) => {
      if (seen.has(event.id)) return 'duplicate' as const;
      seen.add(event.id);
      await apply('trx' as never);
      return 'applied' as const;
    },
    addPurchase: async (_trx: unknown, purchase: NewPurchase) => {
      calls.push({ kind: 'addPurchase', args: purchase });
    },
    updatePurchase: async (
      _trx: unknown,
      purchaseId: string,
      change: unknown,
      _now: number,
      ended = false,
    ) => {
      calls.push({
        kind: 'updatePurchase',
        args: { purchaseId, ...(change as object), ...(ended ? { ended } : {}) },
      });
    },
  };
  return { calls, repo: repo as unknown as LicenceRepository };
}

function event(type: string, object: Record<string, unknown>, id = `evt_${type}`): Stripe.Event {
  return { id, object: 'event', type, created: CREATED, data: { object } } as unknown as Stripe.Event;
}

const paidSession = {
  mode: 'subscription',
  payment_status: 'paid',
  client_reference_id: 'org1',
  subscription: 'sub_1',
  consent: { terms_of_service: 'accepted' },
  metadata: { organizationId: 'org1', interval: 'year', count: '3', offerId: 'pro-year', language: 'fr' },
};

describe("what Stripe's events do to licences", () => {
  it.each([
    [
      'a paid checkout creates its licences, for a paid period from the event',
      event('checkout.session.completed', paidSession),
      'applied',
      [
        {
          kind: 'addPurchase',
          args: {
            organizationId: 'org1',
            purchaseId: 'sub_1',
            offerId: 'pro-year',
            interval: 'year',
            count: 3,
            endDateMs: Date.UTC(2027, 11, 2),
            language: 'fr',
          },
        },
      ],
    ],
    [
      'an unpaid checkout creates nothing',
      event('checkout.session.completed', { ...paidSession, payment_status: 'unpaid' }),
      'ignored',
      [],
    ],
    [
      'a checkout naming no known offer creates nothing',
      event('checkout.session.completed', {
        ...paidSession,
        metadata: { ...paidSession.metadata, offerId: 'free' },
      }),
      'ignored',
      [],
    ],
    [
      'a count out of range creates nothing',
      event('checkout.session.completed', {
        ...paidSession,
        metadata: { ...paidSession.metadata, count: '0' },
      }),
      'ignored',
      [],
    ],
    [
      'a paid invoice sets the end to its period',
      event('invoice.paid', {
        parent: { subscription_details: { subscription: 'sub_1' } },
        lines: { data: [{ period: { start: CREATED, end: CREATED + 86_400 } }] },
      }),
      'applied',
      [{ kind: 'updatePurchase', args: { purchaseId: 'sub_1', endDateMs: NOW + 86_400_000 } }],
    ],
    [
      'a subscription cancelled at the period end stops renewing, without moving the end',
      event('customer.subscription.updated', { id: 'sub_1', status: 'active', cancel_at_period_end: true }),
      'applied',
      [{ kind: 'updatePurchase', args: { purchaseId: 'sub_1', autoRenewal: false } }],
    ],
    [
      'a past-due subscription does not renew',
      event('customer.subscription.updated', {
        id: 'sub_1',
        status: 'past_due',
        cancel_at_period_end: false,
      }),
      'applied',
      [{ kind: 'updatePurchase', args: { purchaseId: 'sub_1', autoRenewal: false } }],
    ],
    [
      'a deleted subscription ends its licences when it ended, those cancelled one by one too',
      event('customer.subscription.deleted', { id: 'sub_1', ended_at: CREATED - 60 }),
      'applied',
      [
        {
          kind: 'updatePurchase',
          args: { purchaseId: 'sub_1', endDateMs: NOW - 60_000, autoRenewal: false, ended: true },
        },
      ],
    ],
    ['other events are ignored', event('customer.created', { id: 'cus_1' }), 'ignored', []],
  ])('%s', async (_name, stripeEvent, outcome, calls) => {
    const { repo, calls: made } = fakeLicences();
    const result = await applyStripeEvent(stripeEvent, {
      licences: repo,
      organizationExists: async (id) => id === 'org1',
      now: () => NOW,
      log: () => undefined,
    });
    expect(result).toBe(outcome);
    expect(made).toEqual(calls);
  });

  it('applies an event once: the same event again changes nothing', async () => {
    const { repo, calls } = fakeLicences();
    const deps = {
      licences: repo,
      organizationExists: async () => true,
      now: () => NOW,
      log: () => undefined,
    };
    const completed = event('checkout.session.completed', paidSession);
    expect(await applyStripeEvent(completed, deps)).toBe('applied');
    expect(await applyStripeEvent(completed, deps)).toBe('duplicate');
    expect(calls).toHaveLength(1);
  });

  it('creates nothing for an organisation that does not exist', async () => {
    const { repo, calls } = fakeLicences();
    const result = await applyStripeEvent(event('checkout.session.completed', paidSession), {
      licences: repo,
      organizationExists: async () => false,
      now: () => NOW,
      log: () => undefined,
    });
    expect(result).toBe('ignored');
    expect(calls).toEqual([]);
  });
});
