import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GuestCredentials } from '../../../../src/server/auth/guest-credentials';
import { PrincipalResolver } from '../../../../src/server/auth/principal';
import {
  GUEST_CREDENTIAL_PATTERN,
  guestAuthorization,
  identityAuthorization,
  parseAuthorization,
} from '../../../../src/shared/auth';
import { randomId } from '../../../../src/shared/ids';

const credentials = GuestCredentials.withKey(randomBytes(32));

describe('guest credentials', () => {
  it('proves the avaId it was signed for, in the shape the protocol accepts', () => {
    const avaId = randomId(20);
    const credential = credentials.sign(avaId);
    expect(credential).toMatch(GUEST_CREDENTIAL_PATTERN);
    expect(credentials.verify(credential)).toBe(avaId);
  });

  it('refuses a credential moved to another avaId, a tampered signature, another server’s, and junk', () => {
    const credential = credentials.sign('alice');
    const signature = credential.slice(credential.indexOf('.') + 1);
    expect(credentials.verify(`mallory.${signature}`)).toBeUndefined();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(credentials.verify(`alice.${flipped}`)).toBeUndefined();
    expect(GuestCredentials.withKey(randomBytes(32)).verify(credential)).toBeUndefined();
    for (const junk of ['', 'alice', 'alice.', '.x', `alice.${signature}x`, 42, null, undefined, {}]) {
      expect(credentials.verify(junk)).toBeUndefined();
    }
  });

  it('refuses a key too short to be secret', () => {
    expect(() => GuestCredentials.withKey(Buffer.alloc(8))).toThrow(/32 bytes/);
  });

  it('travels as basic auth with the user "guest", told apart from an identity token', () => {
    const credential = credentials.sign('alice');
    expect(parseAuthorization(guestAuthorization(credential))).toEqual({ kind: 'guest', credential });
    const idToken = 'aaa.bbb.ccc';
    expect(parseAuthorization(identityAuthorization(idToken))).toEqual({ kind: 'firebase', token: idToken });
    expect(parseAuthorization(`Basic ${btoa('guest:not a credential')}`)).toBeUndefined();
    expect(parseAuthorization(`Bearer ${credential}`)).toBeUndefined();
    expect(parseAuthorization(undefined)).toBeUndefined();
  });
});

describe('PrincipalResolver', () => {
  const resolver = new PrincipalResolver(credentials, undefined, { findByUid: async () => undefined });

  it('makes a guest of a valid credential and an outsider of anything else, saying why', async () => {
    const credential = credentials.sign('alice');
    expect(await resolver.fromAuthorization(guestAuthorization(credential))).toEqual({
      kind: 'guest',
      avaId: 'alice',
    });
    expect(await resolver.fromAuthorization(undefined)).toEqual({ kind: 'outsider' });
    // A header of no kind we know carries no token: the spec's "No token provided".
    expect(await resolver.fromAuthorization('Bearer abc.def.ghi')).toEqual({ kind: 'outsider' });
    const forged = `alice.${'A'.repeat(43)}`;
    expect(await resolver.fromAuthorization(guestAuthorization(forged))).toEqual({
      kind: 'outsider',
      refusal: 'invalid-credential',
    });
    // Accounts are off on this server: a token cannot be checked, so it proves nothing.
    expect(await resolver.fromAuthorization(identityAuthorization('a.b.c'))).toEqual({
      kind: 'outsider',
      refusal: 'accounts-unavailable',
    });
  });

  it('refuses a connection whose speakerId is not the person the credential proves', async () => {
    const credential = credentials.sign('alice');
    expect(await resolver.fromConnectionParams({ speakerId: 'alice', guestCredential: credential })).toEqual({
      kind: 'guest',
      avaId: 'alice',
    });
    expect(await resolver.fromConnectionParams({ speakerId: 'bob', guestCredential: credential })).toEqual({
      kind: 'outsider',
      refusal: 'claims-mismatch',
    });
    expect(await resolver.fromConnectionParams({ speakerId: 'alice' })).toEqual({ kind: 'outsider' });
  });
});
