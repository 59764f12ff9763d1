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
  // Scribe time bought: its grant is recorded with the transaction it is part of.
  const credits = {
    grant: async (avaId: string, change: unknown, _now: number, trx?: unknown) => {
      calls.push({ kind: 'grant', args: { avaId, change, inTransaction: trx === 'trx' } });
    },
  };
  return { calls, repo: repo as unknown as LicenceRepository, credits };
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
    const { repo, calls: made, credits } = fakeLicences();
    const result = await applyStripeEvent(stripeEvent, {
      licences: repo,
      credits,
      accountExists: async (avaId: string) => avaId === 'ada',
      organizationExists: async (id) => id === 'org1',
      now: () => NOW,
      log: () => undefined,
    });
    expect(result).toBe(outcome);
    expect(made).toEqual(calls);
  });

  it('applies an event once: the same event again changes nothing', async () => {
    const { repo, calls, credits } = fakeLicences();
    const deps = {
      licences: repo,
      credits,
      accountExists: async (avaId: string) => avaId === 'ada',
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
    const { repo, calls, credits } = fakeLicences();
    const result = await applyStripeEvent(event('checkout.session.completed', paidSession), {
      licences: repo,
      credits,
      accountExists: async (avaId: string) => avaId === 'ada',
      organizationExists: async () => false,
      now: () => NOW,
      log: () => undefined,
    });
    expect(result).toBe('ignored');
    expect(calls).toEqual([]);
  });

  describe('Scribe time bought (issue 30, item 4)', () => {
    const paidScribeTime = {
      id: 'cs_2',
      mode: 'payment',
      payment_status: 'paid',
      client_reference_id: 'ada',
      metadata: { kind: 'scribe-time', avaId: 'ada', hours: '3' },
    };
    const deps = (made: ReturnType<typeof fakeLicences>) => ({
      licences: made.repo,
      credits: made.credits,
      organizationExists: async () => false,
      accountExists: async (avaId: string) => avaId === 'ada',
      now: () => NOW,
      log: () => undefined,
    });

    it('adds the hours paid to the buyer’s Scribe time, once, in the event’s transaction', async () => {
      const made = fakeLicences();
      const paid = event('checkout.session.completed', paidScribeTime);
      expect(await applyStripeEvent(paid, deps(made))).toBe('applied');
      expect(await applyStripeEvent(paid, deps(made))).toBe('duplicate');
      expect(made.calls).toEqual([
        {
          kind: 'grant',
          args: { avaId: 'ada', change: { scribeCredit: 3 * 3_600_000 }, inTransaction: true },
        },
      ]);
    });

    it('adds nothing unpaid, for hours out of range, for someone else or for no account', async () => {
      const made = fakeLicences();
      for (const [id, session] of [
        ['unpaid', { ...paidScribeTime, payment_status: 'unpaid' }],
        ['too many', { ...paidScribeTime, metadata: { ...paidScribeTime.metadata, hours: '21' } }],
        ['not a kind', { ...paidScribeTime, metadata: { avaId: 'ada', hours: '3' } }],
        ['other buyer', { ...paidScribeTime, client_reference_id: 'bo' }],
        [
          'no account',
          {
            ...paidScribeTime,
            client_reference_id: 'zed',
            metadata: { ...paidScribeTime.metadata, avaId: 'zed' },
          },
        ],
      ] as const) {
        expect(
          await applyStripeEvent(event('checkout.session.completed', session, `evt_${id}`), deps(made)),
        ).toBe('ignored');
      }
      expect(made.calls).toEqual([]);
    });
  });
});
