/** Identity token rules (accounts.md sections 4 and 7). */
import { describe, expect, it } from 'vitest';
import {
  NO_TOKEN_MESSAGE,
  classifySignIn,
  identityAuthorization,
  isVerifiedAccount,
  parseIdentityAuthorization,
  tokenNeedsRefetch,
} from '../../../src/shared/auth';
import { TOKEN_REFETCH_MS } from '../../../src/shared/constants';

const TOKEN = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhYmMifQ.';

describe('basic auth with the identity token', () => {
  it('round-trips a token through the header', () => {
    const header = identityAuthorization(TOKEN);
    expect(header).toBe(`Basic ${Buffer.from(`firebase:${TOKEN}`).toString('base64')}`);
    expect(parseIdentityAuthorization(header)).toBe(TOKEN);
  });

  it.each([
    [undefined],
    [''],
    [`Bearer ${TOKEN}`],
    ['Basic'],
    ['Basic !!!'],
    [`Basic ${Buffer.from(`someone:${TOKEN}`).toString('base64')}`],
    [`Basic ${Buffer.from('firebase:not a token').toString('base64')}`],
    [`Basic ${Buffer.from(TOKEN).toString('base64')}`],
  ])('refuses %j', (header) => {
    expect(parseIdentityAuthorization(header)).toBeUndefined();
  });

  it("has the spec's message for a missing token", () => {
    expect(NO_TOKEN_MESSAGE).toBe('No token provided. Please log in to get a token.');
  });
});

describe('token re-fetch', () => {
  it.each([
    [undefined, 0, true],
    [0, 0, false],
    [0, TOKEN_REFETCH_MS - 1, false],
    [0, TOKEN_REFETCH_MS, true],
    [1000, 3_001_000, true],
  ])('fetched at %s, now %s -> %s', (fetchedAt, now, refetch) => {
    expect(tokenNeedsRefetch(fetchedAt, now)).toBe(refetch);
  });
  it('waits 3,000,000 ms', () => expect(TOKEN_REFETCH_MS).toBe(3_000_000));
});

describe('an account is signed in unless its only method is a password with an unverified email', () => {
  it.each([
    [{ isAnonymous: false, emailVerified: false, providerIds: ['password'] }, false],
    [{ isAnonymous: false, emailVerified: true, providerIds: ['password'] }, true],
    [{ isAnonymous: false, emailVerified: false, providerIds: ['password', 'google.com'] }, true],
    [{ isAnonymous: false, emailVerified: false, providerIds: ['google.com'] }, true],
    [{ isAnonymous: false, emailVerified: false, providerIds: ['phone'] }, true],
    [{ isAnonymous: true, emailVerified: false, providerIds: [] }, false],
  ])('%j -> %s', (user, signedIn) => {
    expect(isVerifiedAccount(user)).toBe(signedIn);
  });
});

describe('sign-up versus sign-in', () => {
  const now = 1_800_000_000_000;
  it.each([
    [now - 5000, now - 5000, 'sign-up'],
    [now - 86_400_000, now - 5000, 'sign-in'],
    [now - 86_400_000, now - 60_000, 'sign-in'],
    [now - 86_400_000, now - 60_001, 'restored'],
    [now - 86_400_000, now - 86_400_000, 'restored'],
  ])('created %s, last sign-in %s -> %s', (created, lastSignIn, kind) => {
    expect(classifySignIn(created, lastSignIn, now)).toBe(kind);
  });
});
