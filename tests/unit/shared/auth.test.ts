import { describe, expect, it } from 'vitest';
import { accountIdentityOf } from '../../../src/shared/auth';

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
