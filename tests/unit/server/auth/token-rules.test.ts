/** What the server checks of a token against its user, beyond the Admin SDK's own checks. */
import { describe, expect, it } from 'vitest';
import { judgeToken, type TokenClaims, type UserFacts } from '../../../../src/server/auth/token-rules';

const NOW = 1_800_000_000_000;
const claims: TokenClaims = {
  uid: 'u1',
  auth_time: NOW / 1000 - 100,
  iat: NOW / 1000 - 10,
  exp: NOW / 1000 + 3590,
  email: 'ada@example.com',
  email_verified: true,
  firebase: { sign_in_provider: 'password' },
};
const user: UserFacts = {
  uid: 'u1',
  email: 'ada@example.com',
  emailVerified: true,
  disabled: false,
  providerIds: ['password'],
  tokensValidAfterMs: NOW - 200_000,
};

describe('judgeToken', () => {
  it('accepts a token that agrees with its user', () => {
    expect(judgeToken(claims, user, true, NOW)).toEqual({ ok: true });
    expect(judgeToken({ ...claims, email: 'ADA@example.com' }, user, true, NOW)).toEqual({ ok: true });
    expect(judgeToken({ ...claims, firebase: { sign_in_provider: 'custom' } }, user, true, NOW)).toEqual({
      ok: true,
    });
  });

  it.each([
    ['issued in the future', { ...claims, iat: NOW / 1000 + 301 }, user, 'invalid-token'],
    ['signed in in the future', { ...claims, auth_time: NOW / 1000 + 301 }, user, 'invalid-token'],
    ['expires before issued', { ...claims, exp: claims.iat }, user, 'invalid-token'],
    ['lives over an hour', { ...claims, exp: claims.iat + 3601 }, user, 'invalid-token'],
    ['another user', { ...claims, uid: 'u2' }, user, 'claims-mismatch'],
    ['disabled', claims, { ...user, disabled: true }, 'disabled-user'],
    ['revoked', claims, { ...user, tokensValidAfterMs: NOW - 99_000 }, 'revoked-token'],
    ['other email', { ...claims, email: 'eve@example.com' }, user, 'claims-mismatch'],
    ['no email', { ...claims, email: undefined }, user, 'claims-mismatch'],
    [
      'claims verified',
      claims,
      { ...user, emailVerified: false, providerIds: ['password', 'google.com'] },
      'claims-mismatch',
    ],
    ['other phone', { ...claims, phone_number: '+33612345678' }, user, 'claims-mismatch'],
    [
      'provider not linked',
      { ...claims, firebase: { sign_in_provider: 'google.com' } },
      user,
      'claims-mismatch',
    ],
    [
      'unverified password account',
      { ...claims, email_verified: false },
      { ...user, emailVerified: false },
      'unverified-email',
    ],
    [
      'anonymous',
      { ...claims, email: undefined, firebase: { sign_in_provider: 'anonymous' } },
      { ...user, email: undefined, providerIds: [] },
      'anonymous-user',
    ],
  ] as [string, TokenClaims, UserFacts, string][])('refuses a token %s', (_what, c, u, reason) => {
    expect(judgeToken(c, u, true, NOW)).toEqual({ ok: false, reason });
  });

  it('leaves claims to the signature with a real project', () => {
    expect(judgeToken({ ...claims, email: 'eve@example.com' }, user, false, NOW)).toEqual({ ok: true });
    expect(judgeToken(claims, { ...user, disabled: true }, false, NOW)).toEqual({
      ok: false,
      reason: 'disabled-user',
    });
  });
});
