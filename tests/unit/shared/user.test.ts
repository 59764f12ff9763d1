/** The user profile's small rules (accounts.md sections 3 and 6). */
import { describe, expect, it } from 'vitest';
import {
  BETA_FEATURES,
  USER_SETTABLE_FLAGS,
  isAdmin,
  isHearingProfileSet,
  isPaidSubscriber,
  isProfileComplete,
  isScribe,
  planDisplayName,
  savedFontSize,
} from '../../../src/shared/user';

describe('profile rules', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['Ada', true],
  ])('userName %j complete: %s', (userName, complete) => {
    expect(isProfileComplete({ userName })).toBe(complete);
  });

  it('Scribe users have the scribe flag', () => {
    expect(isScribe({ features: { scribe: true } })).toBe(true);
    expect(isScribe({ features: {} })).toBe(false);
  });

  it.each([
    [{ role: 'admin' as const }, true],
    [{ orgProperties: { role: 'admin' } }, true],
    [{ role: 'member' as const, orgProperties: { role: 'member' } }, false],
    [{}, false],
  ])('admin %j -> %s', (profile, admin) => {
    expect(isAdmin(profile)).toBe(admin);
  });

  it.each([
    [undefined, false],
    [{}, false],
    [{ ongoingSubscription: 'Free' }, false],
    [{ ongoingSubscription: 'Pro' }, true],
    [{ ongoingSubscription: 'Freedom' }, true],
    [{ ongoingSubscription: 'Pro', ongoingSubscriptionSubtype: 'Lite' }, false],
  ])('paid subscriber %j -> %s', (subscription, paid) => {
    expect(isPaidSubscriber(subscription)).toBe(paid);
  });

  it.each([
    [0, true],
    [4, true],
    [-1, false],
    [undefined, false],
    [5, false],
  ])('hearing profile %s set: %s', (value, set) => {
    expect(isHearingProfileSet(value)).toBe(set);
  });

  it.each([
    [{ webFontSize: 13 }, 13],
    [{ webFontSize: 60 }, 60],
    [{ webFontSize: 12 }, undefined],
    [{ webFontSize: 61 }, undefined],
    [{ webFontSize: 20.5 }, undefined],
    [{}, undefined],
    [undefined, undefined],
  ])('saved font size %j -> %s', (settings, px) => {
    expect(savedFontSize(settings)).toBe(px);
  });

  it('lets people set the beta features and the transcript preference, not abilities', () => {
    expect(Object.keys(BETA_FEATURES)).toEqual(['solo_speaker_id', 'desktop_v2', 'convo_v2']);
    expect(USER_SETTABLE_FLAGS).toEqual(['solo-speaker-id', 'desktop-v2', 'convo-v2', 'saveTranscript']);
    for (const ability of ['scribe', 'dev-mode', 'recall-ai']) {
      expect(USER_SETTABLE_FLAGS).not.toContain(ability);
    }
  });
});

describe('plan names as people see them', () => {
  it('shows Freedom as Community, the Lite subtype and no plan as Free, and others as named', () => {
    expect(planDisplayName(undefined)).toBe('Free');
    expect(planDisplayName({})).toBe('Free');
    expect(planDisplayName({ ongoingSubscription: 'Free' })).toBe('Free');
    expect(planDisplayName({ ongoingSubscription: 'Freedom' })).toBe('Community');
    expect(planDisplayName({ ongoingSubscription: 'Pro', ongoingSubscriptionSubtype: 'Lite' })).toBe('Free');
    expect(planDisplayName({ ongoingSubscription: 'Pro' })).toBe('Pro');
  });
});
