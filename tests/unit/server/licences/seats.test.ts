/**
 * One paid licence cancelled, or taken back (issue 30, item 9), with fakes for the licences and
 * the payment provider: what the provider is asked for each count of licences left in the
 * subscription, and the licence put back as it was when the provider refuses.
 */
import { describe, expect, it } from 'vitest';
import { cancelSeat, restoreSeat, type SeatDeps } from '../../../../src/server/licences/seats';
import type { StoredLicence } from '../../../../src/server/licences/repository';

function stored(autoRenewal = true): StoredLicence {
  return {
    licence: {
      id: 'lic_1',
      offerId: 'pro-month',
      type: 'standard',
      plan: 'Pro',
      interval: 'month',
      count: 3,
      endDateMs: 2_000_000_000_000,
      autoRenewal,
      trial: false,
      hasUpdated: false,
    },
    organizationId: 'org_1',
    purchaseId: 'sub_1',
    cancelled: !autoRenewal,
  };
}

/** `left`: the licences the subscription keeps once this one leaves it. */
function fakes(left: number, refuse = false) {
  const calls: string[] = [];
  const provider = (call: string) => {
    calls.push(call);
    if (refuse) throw new Error('No such subscription');
  };
  const deps: SeatDeps = {
    licences: {
      leaveSubscription: async (id, nowMs) => {
        calls.push(`leave ${id} at ${nowMs}`);
        return left;
      },
      rejoinSubscription: async (id, autoRenewal) => {
        calls.push(`rejoin ${id} renewing=${autoRenewal}`);
        return left + 1;
      },
    },
    payments: {
      setSeats: async (subscriptionId, seats) => provider(`seats ${subscriptionId} ${seats}`),
      setRenewal: async (subscriptionId, renews) => provider(`renewal ${subscriptionId} ${renews}`),
    },
    now: () => 1_000,
  };
  return { calls, deps };
}

describe('cancelSeat', () => {
  it('renews the subscription with one licence fewer while others are left', async () => {
    const { calls, deps } = fakes(2);
    await cancelSeat(deps, stored());
    expect(calls).toEqual(['leave lic_1 at 1000', 'seats sub_1 2']);
  });

  it('stops the subscription renewing when its last licence goes', async () => {
    const { calls, deps } = fakes(0);
    await cancelSeat(deps, stored());
    expect(calls).toEqual(['leave lic_1 at 1000', 'renewal sub_1 false']);
  });

  it('puts the licence back, renewing as before, when the provider refuses', async () => {
    const { calls, deps } = fakes(2, true);
    await expect(cancelSeat(deps, stored())).rejects.toThrow('No such subscription');
    expect(calls).toEqual(['leave lic_1 at 1000', 'seats sub_1 2', 'rejoin lic_1 renewing=true']);
  });
});

describe('restoreSeat', () => {
  it('renews one licence more, and the subscription again', async () => {
    const { calls, deps } = fakes(0);
    await restoreSeat(deps, stored(false));
    expect(calls).toEqual(['rejoin lic_1 renewing=false', 'seats sub_1 1', 'renewal sub_1 true']);
  });

  it('leaves the licence cancelled when the provider refuses', async () => {
    const { calls, deps } = fakes(0, true);
    await expect(restoreSeat(deps, stored(false))).rejects.toThrow('No such subscription');
    expect(calls.at(-1)).toBe('leave lic_1 at 1000');
  });
});
