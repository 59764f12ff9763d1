/**
 * Validation rules of the accounts area (accounts.md section 5), with the spec's messages. The
 * client runs them to explain a mistake before sending; the server runs them to refuse it.
 */
import {
  DISPLAY_NAME_MAX_LENGTH,
  DISPLAY_NAME_MIN_LENGTH,
  HEARING_PROFILE_MAX,
  HEARING_PROFILE_MIN,
  PASSWORD_MIN_LENGTH,
  PHONE_CODE_LENGTH,
  PHONE_PREFIXES,
  type PhonePrefix,
} from './constants';

/** The spec's validation messages, word for word. */
export const VALIDATION_MESSAGES = {
  invalidPhone: 'Invalid phone number',
  invalidCode: 'Invalid code',
  invalidInternationalCode: 'Invalid international code',
  invalidHearingProfile: 'Invalid hearing profile',
  userNameRequired: 'Please enter a name.',
  invalidUserName: 'Invalid Username.',
} as const;

export type PasswordProblem = 'too-short' | 'no-lowercase' | 'no-uppercase' | 'no-symbol';

/** Password: at least 6 characters, one lowercase, one uppercase, one symbol. Every problem, in order. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('too-short');
  if (!/\p{Ll}/u.test(password)) problems.push('no-lowercase');
  if (!/\p{Lu}/u.test(password)) problems.push('no-uppercase');
  // A symbol: anything that is not a letter, a digit or a space.
  if (!/[^\p{L}\p{N}\s]/u.test(password)) problems.push('no-symbol');
  return problems;
}

export function isValidPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}

/** A plausible email address: one @, something before it, a dotted domain after, no spaces. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim());
}

export function isPhonePrefix(value: string): value is PhonePrefix {
  return (PHONE_PREFIXES as readonly string[]).includes(value);
}

export type PhoneNumberCheck =
  { ok: true; e164: string } | { ok: false; problem: 'invalid-international-code' | 'invalid-phone' };

/**
 * Phone sign-in: the international code must be one of +1, +33, +32, +31, +55, and the national
 * number 4 to 14 digits (spaces, dots, dashes and brackets are forgiven; a leading 0 of the
 * national format is dropped, as +33 6... is written 06... in France). Gives the E.164 number.
 */
export function checkPhoneNumber(prefix: string, national: string): PhoneNumberCheck {
  if (!isPhonePrefix(prefix)) return { ok: false, problem: 'invalid-international-code' };
  const cleaned = national.trim().replace(/[\s.()-]/g, '');
  if (!/^\d+$/.test(cleaned)) return { ok: false, problem: 'invalid-phone' };
  const digits = prefix === '+1' ? cleaned : cleaned.replace(/^0/, '');
  if (digits.length < 4 || digits.length + prefix.length - 1 > 15)
    return { ok: false, problem: 'invalid-phone' };
  return { ok: true, e164: `${prefix}${digits}` };
}

/** The code sent by text message: exactly 6 digits. */
export function isValidPhoneCode(code: string): boolean {
  return new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code.trim());
}

/** Hearing profile must be a whole number from 0 to 4. */
export function isValidHearingProfile(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= HEARING_PROFILE_MIN &&
    value <= HEARING_PROFILE_MAX
  );
}

export type UserNameProblem = 'required' | 'invalid';

/**
 * User name: required ('Please enter a name.'); 2 to 49 characters after trimming, made of
 * letters (any alphabet), digits, spaces, and . ' ’ - _ ('Invalid Username.').
 */
export function checkUserName(input: string): UserNameProblem | undefined {
  const name = input.trim();
  if (name.length === 0) return 'required';
  const length = [...name].length;
  if (length < DISPLAY_NAME_MIN_LENGTH || length > DISPLAY_NAME_MAX_LENGTH) return 'invalid';
  if (!/^[\p{L}\p{M}\p{N} .'’_-]+$/u.test(name)) return 'invalid';
  return undefined;
}

export function userNameMessage(problem: UserNameProblem): string {
  return problem === 'required' ? VALIDATION_MESSAGES.userNameRequired : VALIDATION_MESSAGES.invalidUserName;
}
