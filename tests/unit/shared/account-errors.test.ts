/** Sign-in error catalogue (accounts.md section 8) and the Firebase codes that lead to it. */
import { describe, expect, it } from 'vitest';
import { PROFILE_ERRORS, SIGN_IN_ERRORS, signInErrorOf } from '../../../src/shared/account-errors';
import { VALIDATION_MESSAGES, userNameMessage } from '../../../src/shared/account-validation';

describe('sign-in errors', () => {
  it("has the spec's words", () => {
    expect(SIGN_IN_ERRORS['wrong-password']).toBe('Wrong password. Try again.');
    expect(SIGN_IN_ERRORS.sso).toBe('Unable to authenticate. Contact your administrator');
    expect(SIGN_IN_ERRORS['invalid-code']).toBe('Invalid code');
    expect(SIGN_IN_ERRORS['invalid-phone']).toBe('Invalid phone number');
  });

  it('words a problem the validation rules find first as those rules do', () => {
    // Found by the form's rules or reported by Firebase, the same problem reads the same.
    expect(SIGN_IN_ERRORS['invalid-code']).toBe(VALIDATION_MESSAGES.invalidCode);
    expect(SIGN_IN_ERRORS['invalid-phone']).toBe(VALIDATION_MESSAGES.invalidPhone);
    expect(SIGN_IN_ERRORS['invalid-international-code']).toBe(VALIDATION_MESSAGES.invalidInternationalCode);
    expect(PROFILE_ERRORS['invalid-user-name']).toBe(userNameMessage('invalid'));
  });

  it.each([
    ['auth/wrong-password', 'email', 'wrong-password'],
    ['auth/invalid-credential', 'email', 'wrong-password'],
    ['auth/invalid-login-credentials', 'email', 'wrong-password'],
    ['auth/invalid-credential', 'google', 'unknown'],
    ['auth/invalid-verification-code', 'phone', 'invalid-code'],
    ['auth/code-expired', 'phone', 'code-expired'],
    ['auth/invalid-phone-number', 'phone', 'invalid-phone'],
    ['auth/account-exists-with-different-credential', 'google', 'account-exists-with-different-provider'],
    ['auth/account-exists-with-different-credential', 'facebook', 'account-exists-with-different-provider'],
    ['auth/email-already-in-use', 'email', 'email-already-in-use'],
    ['auth/user-not-found', 'email', 'user-not-found'],
    ['auth/user-disabled', 'email', 'user-disabled'],
    ['auth/too-many-requests', 'email', 'too-many-requests'],
    ['auth/popup-closed-by-user', 'google', 'popup-closed'],
    ['auth/popup-blocked', 'apple', 'popup-blocked'],
    ['auth/network-request-failed', 'email', 'network'],
    ['auth/internal-error', 'sso', 'sso'],
    ['auth/invalid-credential', 'sso', 'sso'],
    ['auth/popup-closed-by-user', 'sso', 'popup-closed'],
    ['unverified', 'email', 'unverified'],
    ['auth/something-new', 'email', 'unknown'],
    [undefined, 'email', 'unknown'],
  ] as const)('%s by %s -> %s', (code, method, key) => {
    expect(signInErrorOf(code, method)).toBe(key);
  });
});
