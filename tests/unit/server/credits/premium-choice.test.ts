/** One connection's Premium: the grant read now, and Basic when credit cannot be read. */
import { describe, expect, it, vi } from 'vitest';
import { PremiumChoice } from '../../../../src/server/credits/premium-choice';
import type { Principal } from '../../../../src/server/auth/principal';
import type { UserProfile } from '../../../../src/shared/user';
import { normaliseCredits } from '../../../../src/shared/credits';

const account: Principal = {
  kind: 'account',
  avaId: 'acc1',
  identity: {
    uid: 'u1',
    emailVerified: true,
    signInProvider: 'password',
    providerIds: ['password'],
    emails: {},
  },
  profile: { features: {}, subscription: {}, paidASRCreditTime: 0 } as unknown as UserProfile,
};

describe('PremiumChoice', () => {
  it('starts with nothing asked', () => {
    expect(new PremiumChoice('entitled', undefined, vi.fn()).asked).toBeUndefined();
  });

  it('grants everyone Premium where the installation says so, without reading credit', async () => {
    const credits = { get: vi.fn() };
    const choice = new PremiumChoice('everyone', credits, vi.fn());
    expect(await choice.grantOf({ kind: 'guest', avaId: 'g1' })).toBe('everyone');
    expect(credits.get).not.toHaveBeenCalled();
  });

  it('reads an account’s credit: credit above 0 is Premium on credit', async () => {
    const credits = { get: vi.fn(async () => normaliseCredits({ extraPremiumASRCredit: 60_000 })) };
    expect(await new PremiumChoice('entitled', credits, vi.fn()).grantOf(account)).toBe('credit');
    expect(credits.get).toHaveBeenCalledWith('acc1');
  });

  it('credit that cannot be read gives Basic, logged, rather than refusing to caption', async () => {
    const log = vi.fn();
    const choice = new PremiumChoice(
      'entitled',
      { get: vi.fn(async () => Promise.reject(new Error('db down'))) },
      log,
    );
    expect(await choice.grantOf(account)).toBe('none');
    expect(log).toHaveBeenCalledWith('warn', 'could not read Premium credit; serving Basic', {
      error: 'db down',
    });
  });
});
