import { describe, expect, it } from 'vitest';
import {
  FIREBASE_TOKEN_MAX_LENGTH,
  FIREBASE_TOKEN_PATTERN,
  accountIdentityOf,
  identityAuthorization,
  parseIdentityAuthorization,
} from '../../../src/shared/auth';
import { isCustomTokenShape } from '../../../src/shared/desktop';
import { parseClientMessage } from '../../../src/shared/protocol';

describe('accountIdentityOf', () => {
  it("maps the web SDK's user, whose missing fields are null", () => {
    expect(
      accountIdentityOf({
        uid: 'u1',
        email: 'ana@example.org',
        emailVerified: true,
        phoneNumber: null,
        displayName: 'Ana',
        photoURL: null,
        providerData: [{ providerId: 'password' }, { providerId: 'google.com' }],
      }),
    ).toEqual({
      uid: 'u1',
      email: 'ana@example.org',
      emailVerified: true,
      displayName: 'Ana',
      providerIds: ['password', 'google.com'],
    });
  });

  it("maps the Admin SDK's record, whose missing fields are absent, the same way", () => {
    expect(
      accountIdentityOf({
        uid: 'u2',
        emailVerified: false,
        phoneNumber: '+15555550100',
        photoURL: 'https://example.org/a.png',
        providerData: [{ providerId: 'phone' }],
      }),
    ).toEqual({
      uid: 'u2',
      emailVerified: false,
      phoneNumber: '+15555550100',
      photoUrl: 'https://example.org/a.png',
      providerIds: ['phone'],
    });
  });
});

describe('a Firebase token', () => {
  // Every place that receives one (the Authorization header, the hearken:// link) judges its
  // shape by the one rule, so they accept the same tokens.
  it.each([
    ['eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln', true],
    ['eyJhbGciOiJub25lIn0.eyJzdWIiOiJhIn0.', true],
    ['a_b-c.d.e', true],
    ['a.b', false],
    ['.b.c', false],
    ['a..c', false],
    ['a.b.c.d', false],
    ['a+b.c.d', false],
    ['a.b.c ', false],
  ])('%j has the shape: %s', (token, valid) => {
    expect(FIREBASE_TOKEN_PATTERN.test(token)).toBe(valid);
    expect(parseIdentityAuthorization(identityAuthorization(token)) === token).toBe(valid);
    expect(isCustomTokenShape(token)).toBe(valid);
  });

  it('is refused once longer than the maximum, by the link and by the socket alike', () => {
    const token = (length: number) => `a.b.${'c'.repeat(length - 4)}`;
    const params = (identityToken: string) =>
      JSON.stringify({ type: 'connection-params', speakerId: 's1', roomId: 'r1', identityToken });
    expect(isCustomTokenShape(token(FIREBASE_TOKEN_MAX_LENGTH))).toBe(true);
    expect(parseClientMessage(params(token(FIREBASE_TOKEN_MAX_LENGTH))).ok).toBe(true);
    expect(isCustomTokenShape(token(FIREBASE_TOKEN_MAX_LENGTH + 1))).toBe(false);
    expect(parseClientMessage(params(token(FIREBASE_TOKEN_MAX_LENGTH + 1))).ok).toBe(false);
  });
});
