/**
 * Who gets Premium recognition (conversation.md "Caption quality"; accounts.md sections 4 and 6):
 * paid captions when the credit time is above 0 or the plan gives it (subscribers other than
 * Free, Freedom and Lite, or google-cloud-asr); otherwise Basic, whatever the client asked.
 */
import { describe, expect, it } from 'vitest';
import {
  currentPremiumGrant,
  mayBeScribe,
  mayBoost,
  mayPhoneCall,
  mayUsePremium,
  type PremiumGrant,
  premiumGrant,
  servedTier,
} from '../../../../src/server/auth/entitlements';
import type { Principal } from '../../../../src/server/auth/principal';
import type { UserProfile } from '../../../../src/shared/user';
import { normaliseCredits } from '../../../../src/shared/credits';

function account(profile: Partial<UserProfile>): Principal {
  return {
    kind: 'account',
    avaId: 'a1',
    identity: {
      uid: 'u1',
      emailVerified: true,
      signInProvider: 'password',
      providerIds: ['password'],
      emails: {},
    },
    profile: { features: {}, subscription: {}, paidASRCreditTime: 0, ...profile } as UserProfile,
  };
}

const guest: Principal = { kind: 'guest', avaId: 'g' };

describe('premiumGrant', () => {
  const cases: [string, Principal, number, PremiumGrant][] = [
    ['no plan, no credit', account({}), 0, 'none'],
    ['no plan, credit above 0', account({}), 1, 'credit'],
    ['Free plan, credit', account({ subscription: { ongoingSubscription: 'Free' } }), 60_000, 'credit'],
    ['Free plan, no credit', account({ subscription: { ongoingSubscription: 'Free' } }), 0, 'none'],
    [
      'Freedom plan (shown as Community)',
      account({ subscription: { ongoingSubscription: 'Freedom' } }),
      0,
      'none',
    ],
    [
      'Lite subtype (shown as Free)',
      account({ subscription: { ongoingSubscription: 'Pro', ongoingSubscriptionSubtype: 'Lite' } }),
      0,
      'none',
    ],
    ['Pro plan', account({ subscription: { ongoingSubscription: 'Pro' } }), 0, 'plan'],
    [
      'Pro plan with credit: the plan, nothing counted',
      account({ subscription: { ongoingSubscription: 'Pro' } }),
      9_000,
      'plan',
    ],
    ['another paid plan', account({ subscription: { ongoingSubscription: 'Business' } }), 0, 'plan'],
    ['google-cloud-asr feature', account({ features: { 'google-cloud-asr': true } }), 0, 'plan'],
    ['the old profile field alone is not credit', account({ paidASRCreditTime: 60_000 }), 0, 'none'],
    ['a guest, whatever is passed', guest, 60_000, 'none'],
    ['an outsider', { kind: 'outsider' }, 60_000, 'none'],
  ];
  it.each(cases)('%s', (_name, principal, credit, expected) => {
    expect(premiumGrant(principal, 'entitled', credit)).toBe(expected);
    expect(mayUsePremium(principal, 'entitled', credit)).toBe(expected !== 'none');
  });

  it('gives Premium to every proven principal when the server says everyone, never to an outsider', () => {
    expect(premiumGrant(guest, 'everyone', 0)).toBe('everyone');
    expect(premiumGrant(account({}), 'everyone', 0)).toBe('everyone');
    expect(premiumGrant({ kind: 'outsider' }, 'everyone', 0)).toBe('none');
  });
});

describe('currentPremiumGrant', () => {
  it('reads the credit of an account without a plan, negative or missing as 0', async () => {
    const read: string[] = [];
    const credits = (raw: Record<string, unknown> | undefined) => ({
      get: async (avaId: string) => {
        read.push(avaId);
        return normaliseCredits(raw);
      },
    });
    expect(await currentPremiumGrant(account({}), 'entitled', credits({ extraPremiumASRCredit: 5 }))).toBe(
      'credit',
    );
    expect(
      await currentPremiumGrant(account({}), 'entitled', credits({ recurringPremiumASRCredit: 1000 })),
    ).toBe('credit');
    expect(
      await currentPremiumGrant(
        account({}),
        'entitled',
        credits({ extraPremiumASRCredit: -5000, recurringPremiumASRCredit: -1 }),
      ),
    ).toBe('none');
    expect(await currentPremiumGrant(account({}), 'entitled', credits(undefined))).toBe('none');
    expect(read).toEqual(['a1', 'a1', 'a1', 'a1']);
    // A plan needs no read; a guest has no credit to read.
    read.length = 0;
    expect(
      await currentPremiumGrant(
        account({ subscription: { ongoingSubscription: 'Pro' } }),
        'entitled',
        credits({ extraPremiumASRCredit: 5 }),
      ),
    ).toBe('plan');
    expect(await currentPremiumGrant(guest, 'entitled', credits({ extraPremiumASRCredit: 5 }))).toBe('none');
    expect(read).toEqual([]);
  });
});

describe('servedTier', () => {
  const cases: [boolean | undefined, PremiumGrant, 'premium' | 'basic'][] = [
    [undefined, 'none', 'basic'],
    [true, 'none', 'basic'],
    [false, 'none', 'basic'],
    [undefined, 'credit', 'premium'],
    [true, 'credit', 'premium'],
    [false, 'credit', 'basic'],
    [undefined, 'plan', 'premium'],
    [false, 'plan', 'basic'],
    [true, 'everyone', 'premium'],
  ];
  it.each(cases)('asked %s with grant %s: %s', (asked, grant, tier) => {
    expect(servedTier(asked, grant)).toBe(tier);
  });
});

describe('mayBeScribe', () => {
  it('makes Scribes only of accounts with the scribe feature', () => {
    expect(mayBeScribe(account({ features: { scribe: true } }))).toBe(true);
    expect(mayBeScribe(account({}))).toBe(false);
    expect(mayBeScribe(guest)).toBe(false);
  });
});

describe('mayBoost (Vocabulary Boost requires upgrade)', () => {
  it('is for paid subscribers: not Free, not Lite, not guests, never an outsider', () => {
    expect(mayBoost(account({ subscription: { ongoingSubscription: 'Pro' } }), 'subscribers')).toBe(true);
    expect(mayBoost(account({ subscription: { ongoingSubscription: 'Freedom' } }), 'subscribers')).toBe(true);
    expect(mayBoost(account({}), 'subscribers')).toBe(false);
    expect(mayBoost(account({ subscription: { ongoingSubscription: 'Free' } }), 'subscribers')).toBe(false);
    expect(
      mayBoost(
        account({ subscription: { ongoingSubscription: 'Pro', ongoingSubscriptionSubtype: 'Lite' } }),
        'subscribers',
      ),
    ).toBe(false);
    expect(mayBoost(guest, 'subscribers')).toBe(false);
  });

  it('is for everyone proven where the installation says so, still never an outsider', () => {
    expect(mayBoost(guest, 'everyone')).toBe(true);
    expect(mayBoost(account({}), 'everyone')).toBe(true);
    expect(mayBoost({ kind: 'outsider' } as Principal, 'everyone')).toBe(false);
  });
});

describe('mayPhoneCall (issue 29: every call is paid for)', () => {
  const credits = (extraPremiumASRCredit: number) => ({
    get: async () => normaliseCredits({ extraPremiumASRCredit }),
  });
  const pro = account({ subscription: { ongoingSubscription: 'Pro' } });

  it('lets a paid plan or Premium credit call, and nobody else', async () => {
    expect(await mayPhoneCall(pro, 'entitled', credits(0))).toBe(true);
    expect(await mayPhoneCall(account({}), 'entitled', credits(60_000))).toBe(true);
    expect(await mayPhoneCall(account({}), 'entitled', credits(0))).toBe(false);
    expect(
      await mayPhoneCall(account({ subscription: { ongoingSubscription: 'Free' } }), 'entitled', credits(0)),
    ).toBe(false);
    expect(await mayPhoneCall(guest, 'entitled', credits(60_000))).toBe(false);
    expect(await mayPhoneCall({ kind: 'outsider' }, 'entitled', credits(60_000))).toBe(false);
  });

  it('lets guests call only where the installation says so, never an outsider', async () => {
    expect(await mayPhoneCall(guest, 'everyone', undefined)).toBe(true);
    expect(await mayPhoneCall(account({}), 'everyone', credits(0))).toBe(true);
    expect(await mayPhoneCall({ kind: 'outsider' }, 'everyone', undefined)).toBe(false);
  });
});
