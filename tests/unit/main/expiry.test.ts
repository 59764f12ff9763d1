import { describe, expect, it } from 'vitest';
import { EXPIRY_NOTICE_DAYS, daysLeft, expiryNotice, parseVersionPolicy } from '../../../src/main/expiry';

const DAY = 24 * 60 * 60 * 1000;

describe('expiry notices (counted in days)', () => {
  const policy = { latestVersion: '2.3.0', minimumVersion: '2.2.0', expiresAtMs: Date.UTC(2026, 5, 30) };

  it('says nothing to a supported version', () => {
    expect(expiryNotice('2.2.0', policy, policy.expiresAtMs + 100 * DAY)).toBeUndefined();
  });

  it('counts the days left in the last month', () => {
    expect(expiryNotice('2.1.9', policy, policy.expiresAtMs - 10 * DAY)).toEqual({
      kind: 'expiresSoon',
      daysLeft: 10,
      latestVersion: '2.3.0',
    });
    // Part of a day counts as a day.
    expect(daysLeft(policy.expiresAtMs, policy.expiresAtMs - 1)).toBe(1);
    expect(
      expiryNotice('2.1.9', policy, policy.expiresAtMs - (EXPIRY_NOTICE_DAYS + 1) * DAY),
    ).toBeUndefined();
  });

  it('says the version expired once the day has come', () => {
    expect(expiryNotice('2.1.9', policy, policy.expiresAtMs)).toEqual({
      kind: 'expired',
      latestVersion: '2.3.0',
    });
  });

  it('reads the feed policy and refuses a malformed one', () => {
    expect(
      parseVersionPolicy({
        latestVersion: '2.3.0',
        minimumVersion: '2.2.0',
        expiresAt: '2026-06-30T00:00:00Z',
      }),
    ).toEqual(policy);
    expect(
      parseVersionPolicy({ latestVersion: '2.3', minimumVersion: '2.2.0', expiresAt: '2026-06-30' }),
    ).toBeUndefined();
    expect(
      parseVersionPolicy({ latestVersion: '2.3.0', minimumVersion: '2.2.0', expiresAt: 'soon' }),
    ).toBeUndefined();
    expect(parseVersionPolicy(null)).toBeUndefined();
  });
});
