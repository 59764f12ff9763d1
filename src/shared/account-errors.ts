/**
 * Error catalogue of the accounts area (accounts.md section 8) that this build uses: sign-in
 * and profile errors. The keys are stable; the English words are here (the spec's own where it
 * gives them) and the renderer's translations take them from here, so they cannot drift. A
 * problem that a validation rule finds first is worded as that rule words it.
 */
import { VALIDATION_MESSAGES } from './account-validation';

export const SIGN_IN_ERRORS = {
  'wrong-password': 'Wrong password. Try again.',
  'invalid-code': VALIDATION_MESSAGES.invalidCode,
  'invalid-phone': VALIDATION_MESSAGES.invalidPhone,
  'invalid-international-code': VALIDATION_MESSAGES.invalidInternationalCode,
  'account-exists-with-different-provider':
    'An account already exists with this email address, with another way of signing in. Sign in the way you did before.',
  sso: 'Unable to authenticate. Contact your administrator',
  unverified: 'Your email address is not verified yet. Open the link we sent you, then sign in.',
  'email-already-in-use': 'An account already exists with this email address. Sign in instead.',
  'user-not-found': 'No account has this email address. Check it, or sign up.',
  'invalid-email': 'This email address is not valid.',
  'weak-password':
    'The password needs at least 6 characters, with a lowercase letter, an uppercase letter and a symbol.',
  'terms-not-accepted': 'Please accept the terms of service to create an account.',
  'user-disabled': 'This account is disabled. Contact support.',
  'too-many-requests': 'Too many attempts. Wait a moment, then try again.',
  'popup-blocked': 'The sign-in window was blocked. Allow pop-ups for this site, then try again.',
  'popup-closed': 'The sign-in window was closed before signing in finished.',
  'code-expired': 'This code has expired. Ask for a new one.',
  network: 'No connection to the sign-in service. Check your connection, then try again.',
  unavailable: 'Signing in is not available on this server.',
  unknown: 'Signing in failed. Please try again.',
} as const;
export type SignInError = keyof typeof SIGN_IN_ERRORS;
export const SIGN_IN_ERROR_KEYS = Object.keys(SIGN_IN_ERRORS) as SignInError[];

export type SignInMethod = 'email' | 'google' | 'apple' | 'facebook' | 'sso' | 'phone' | 'custom-token';

/**
 * Maps a Firebase Auth error code ("auth/wrong-password") to the catalogue. Firebase projects
 * with email enumeration protection answer "invalid-credential" for a wrong password; for the
 * email method that is what it means. Any failure of the SSO method is the SSO message.
 */
export function signInErrorOf(firebaseCode: string | undefined, method: SignInMethod): SignInError {
  const code = (firebaseCode ?? '').replace(/^auth\//, '');
  const byCode: Record<string, SignInError> = {
    'wrong-password': 'wrong-password',
    'invalid-password': 'wrong-password',
    'invalid-login-credentials': 'wrong-password',
    'invalid-verification-code': 'invalid-code',
    'missing-verification-code': 'invalid-code',
    'code-expired': 'code-expired',
    'invalid-phone-number': 'invalid-phone',
    'missing-phone-number': 'invalid-phone',
    'account-exists-with-different-credential': 'account-exists-with-different-provider',
    'credential-already-in-use': 'account-exists-with-different-provider',
    'email-already-in-use': 'email-already-in-use',
    'user-not-found': 'user-not-found',
    'invalid-email': 'invalid-email',
    'missing-email': 'invalid-email',
    'weak-password': 'weak-password',
    'user-disabled': 'user-disabled',
    'too-many-requests': 'too-many-requests',
    'popup-blocked': 'popup-blocked',
    'popup-closed-by-user': 'popup-closed',
    'cancelled-popup-request': 'popup-closed',
    'user-cancelled': 'popup-closed',
    'network-request-failed': 'network',
    unverified: 'unverified',
  };
  if (method === 'sso' && code !== 'popup-closed-by-user' && code !== 'network-request-failed') return 'sso';
  if (code === 'invalid-credential') return method === 'email' ? 'wrong-password' : 'unknown';
  return byCode[code] ?? 'unknown';
}

/** Profile errors (accounts.md section 8). */
export const PROFILE_ERRORS = {
  'save-failed': 'Your profile could not be saved. Please try again.',
  'invalid-user-name': VALIDATION_MESSAGES.invalidUserName,
  'load-failed': 'Your profile could not be loaded.',
} as const;
export type ProfileError = keyof typeof PROFILE_ERRORS;

/**
 * "The Internet connection appears to be offline" (and the like) is not shown as an error: the
 * offline notice already says so, with its reconnect button (accounts.md section 8).
 */
export function isConnectionOfflineError(message: string | undefined): boolean {
  return /appears to be offline|client is offline|internet connection is offline/i.test(message ?? '');
}
