import { describe, expect, it } from 'vitest';
import { LIMIT_VARIABLES, loadLimits } from '../../../src/server/limits';
import { mayBeScribe, mayUsePremium } from '../../../src/server/auth/entitlements';
import type { Principal } from '../../../src/server/auth/principal';
import type { UserProfile } from '../../../src/shared/user';

describe('server limits', () => {
  it('has defaults sized for honest use, the decoder cap following the workers', () => {
    const limits = loadLimits({}, 2);
    expect(limits.maxDecoders).toBe(4);
    expect(limits.connectTimeoutMs).toBe(10_000);
    expect(limits.liveRoomsPerIdentity).toBe(5);
    expect(limits.streamBacklogSeconds).toBe(30);
    expect(limits.roomAbandonMs).toBe(4 * 60 * 60_000);
    expect(limits.nameLookups).toEqual({ ratePerSecond: 1, burst: 60 });
    expect(limits.premiumFor).toBe('entitled');
    expect(loadLimits({}, 4).maxDecoders).toBe(8);
  });

  it('reads every limit from its variable', () => {
    const limits = loadLimits(
      {
        [LIMIT_VARIABLES.maxDecoders]: '3',
        [LIMIT_VARIABLES.socketsPerAddress]: '7',
        [LIMIT_VARIABLES.audioStarts]: '6',
        [LIMIT_VARIABLES.typedMessages]: '12',
        [LIMIT_VARIABLES.ttsRequests]: '6',
        [LIMIT_VARIABLES.premiumFor]: 'everyone',
      },
      2,
    );
    expect(limits).toMatchObject({ maxDecoders: 3, socketsPerAddress: 7, premiumFor: 'everyone' });
    expect(limits.audioStarts).toEqual({ ratePerSecond: 0.1, burst: 6 });
    expect(limits.typedMessages).toEqual({ ratePerSecond: 0.2, burst: 12 });
    expect(limits.ttsRequests).toEqual({ ratePerSecond: 0.1, burst: 6 });
  });

  it('refuses a value that is not a positive number, naming the variable', () => {
    expect(() => loadLimits({ [LIMIT_VARIABLES.maxDecoders]: '0' }, 2)).toThrow(/HEARKEN_MAX_DECODERS/);
    expect(() => loadLimits({ [LIMIT_VARIABLES.connectTimeoutMs]: 'soon' }, 2)).toThrow(
      /HEARKEN_CONNECT_TIMEOUT_MS/,
    );
    expect(() => loadLimits({ [LIMIT_VARIABLES.premiumFor]: 'all' }, 2)).toThrow(/HEARKEN_PREMIUM_FOR/);
  });
});

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

describe('entitlements', () => {
  it('gives Premium to accounts with credit, a paid plan or the google-cloud-asr feature, and to nobody else', () => {
    expect(mayUsePremium(account({ paidASRCreditTime: 60_000 }), 'entitled')).toBe(true);
    expect(mayUsePremium(account({ subscription: { ongoingSubscription: 'Pro' } }), 'entitled')).toBe(true);
    expect(mayUsePremium(account({ features: { 'google-cloud-asr': true } }), 'entitled')).toBe(true);
    expect(mayUsePremium(account({ subscription: { ongoingSubscription: 'Free' } }), 'entitled')).toBe(false);
    expect(mayUsePremium(account({ subscription: { ongoingSubscription: 'Freedom' } }), 'entitled')).toBe(
      false,
    );
    expect(
      mayUsePremium(
        account({ subscription: { ongoingSubscription: 'Pro', ongoingSubscriptionSubtype: 'Lite' } }),
        'entitled',
      ),
    ).toBe(false);
    expect(mayUsePremium({ kind: 'guest', avaId: 'g' }, 'entitled')).toBe(false);
  });

  it('gives Premium to every proven principal when the server says everyone, never to an outsider', () => {
    expect(mayUsePremium({ kind: 'guest', avaId: 'g' }, 'everyone')).toBe(true);
    expect(mayUsePremium({ kind: 'outsider' }, 'everyone')).toBe(false);
  });

  it('makes Scribes only of accounts with the scribe feature', () => {
    expect(mayBeScribe(account({ features: { scribe: true } }))).toBe(true);
    expect(mayBeScribe(account({}))).toBe(false);
    expect(mayBeScribe({ kind: 'guest', avaId: 'g' })).toBe(false);
  });
});
