/**
 * What the log says of every phone call asked for, placed or refused (issue 29): who asked, in
 * which room, the number with all but its last digits masked (enough to tell calls apart and
 * to match a provider's bill, not to call the conference back), and what came of it.
 */

/** The digits a logged number keeps at its end. */
export const LOGGED_LAST_DIGITS = 4;

/** `+33123456789` → `+*******6789`; anything that is not a number as sent is not logged. */
export function maskedNumber(number: unknown): string {
  if (typeof number !== 'string' || !/^\+?\d+$/.test(number.trim())) return '(not a number)';
  const digits = number.trim().replace(/^\+/, '');
  const kept = Math.min(LOGGED_LAST_DIGITS, Math.floor(digits.length / 2));
  return `+${'*'.repeat(digits.length - kept)}${digits.slice(digits.length - kept)}`;
}

export interface CallAttempt {
  /** The avaId of who asked (the room's host). */
  who: string | undefined;
  roomId: string;
  /** The number as sent, checked or not. */
  number: unknown;
  /** `placed`, or the error code the request was answered with. */
  result: string;
  /** The denied range a refused number is in. */
  range?: string;
  /** The provider's call sid, once placed. */
  sid?: string;
}

/** The fields of the attempt's log line. */
export function callLogFields(attempt: CallAttempt): Record<string, string> {
  return {
    avaId: attempt.who ?? '(unknown)',
    roomId: attempt.roomId,
    number: maskedNumber(attempt.number),
    result: attempt.result,
    ...(attempt.range ? { range: attempt.range } : {}),
    ...(attempt.sid ? { sid: attempt.sid } : {}),
  };
}
