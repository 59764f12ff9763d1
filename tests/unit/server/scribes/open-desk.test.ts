/**
 * The Scribe desk's charge policy: for organisations, the requester's credit pays each second
 * and a request without a licence is refused; for everyone, nothing is counted down or refused.
 */
import { describe, expect, it } from 'vitest';
import { normaliseCredits } from '../../../../src/shared/credits';
import { SCRIBE_TICK_MS } from '../../../../src/shared/scribe/model';
import { freeScribeSecond } from '../../../../src/server/scribes/credit';
import { scribeCharging } from '../../../../src/server/scribes/open-desk';
import type { StoredLicence } from '../../../../src/server/licences/repository';

function deps(policy: 'organizations' | 'everyone', licensed: boolean) {
  const spent: [string, number][] = [];
  return {
    spent,
    charging: scribeCharging({
      policy,
      credits: {
        spendScribe: async (avaId, ms) => {
          spent.push([avaId, ms]);
          return normaliseCredits({ scribeCredit: 5000 });
        },
        get: async () => normaliseCredits({ scribeCredit: 5000 }),
      },
      licences: { activeHeldBy: async () => (licensed ? [{} as StoredLicence] : []) },
      now: () => 1000,
    }),
  };
}

const second = {
  requestId: 'r1',
  roomId: 'room1',
  requesterAvaId: 'ada',
  scribeAvaId: 'sam',
  secondsSoFar: 1,
  nowMs: 1000,
};

describe('scribeCharging', () => {
  it("for organisations: takes each second from the requester's credit and refuses the unlicensed", async () => {
    const { charging, spent } = deps('organizations', false);
    expect(await charging.charge(second)).toEqual({ ok: true });
    expect(spent).toEqual([['ada', SCRIBE_TICK_MS]]);
    expect(await charging.refuseRequest?.('ada')).toBe('organizations-only');
    expect(await deps('organizations', true).charging.refuseRequest?.('ada')).toBeUndefined();
  });

  it('for everyone: free seconds and no refusal at all', async () => {
    const { charging, spent } = deps('everyone', false);
    expect(charging.charge).toBe(freeScribeSecond);
    expect(charging.refuseRequest).toBeUndefined();
    expect(await charging.charge(second)).toEqual({ ok: true });
    expect(spent).toEqual([]);
  });
});
