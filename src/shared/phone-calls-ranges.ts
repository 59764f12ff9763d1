/**
 * Which numbers the server calls (issue 29, toll fraud): a call to a premium-rate or
 * revenue-sharing number pays whoever rents that number, so a server that dials whatever it is
 * given can be made to pay an attacker. The server refuses such numbers whoever asks; the phone
 * call panel runs the same check with the default policy, so the host is told before dialling.
 *
 * A range is an E.164 prefix: `+`, then digits, `X` standing for any digit (`+1XXX976`: the
 * exchange 976 in every North American area code). A number is refused when a denied range
 * matches it and no allowed range at least as long does: an allowed range is an exception an
 * installation makes (`+1876` to call Jamaica's bridges, `+190055501` for one known number).
 */
import { CONFERENCE_PHONE_CODES, type ConferencePhoneCode, PHONE_CALL_TEXTS } from './phone-calls';

/** A range as written in the lists and the configuration. */
export const RANGE_PATTERN = /^\+\d[\dX]{0,14}$/;

export function isRangePattern(value: string): boolean {
  return RANGE_PATTERN.test(value);
}

/**
 * The ranges refused unless an installation allows them. Each group says why; the reference is
 * each country's numbering plan. Codes other than the spec's five are listed too: the numbers
 * are refused by their code today, and stay refused if a code is ever added.
 */
export const DEFAULT_DENIED_RANGES: readonly string[] = [
  // North America (+1): 900 is pay-per-call; 976 was the pay-per-call exchange of every area
  // code; 500 and 533/544/566/577/588 are personal (follow-me) numbers and 700 carriers'
  // services, none of them a conference bridge.
  '+1900',
  '+1XXX976',
  '+1500',
  '+1533',
  '+1544',
  '+1566',
  '+1577',
  '+1588',
  '+1700',
  // North American area codes of Caribbean and Atlantic countries: dialled like a US number,
  // charged as international, the classic toll-fraud targets (Antigua 268, British Virgin
  // Islands 284, Grenada 473, Turks and Caicos 649, Montserrat 664, Dominica 767, Dominican
  // Republic 809/829/849, Jamaica 876/658, and their neighbours). US territories (Puerto Rico,
  // US Virgin Islands, Guam) are domestic and not listed.
  '+1242',
  '+1246',
  '+1264',
  '+1268',
  '+1284',
  '+1345',
  '+1441',
  '+1473',
  '+1649',
  '+1658',
  '+1664',
  '+1721',
  '+1758',
  '+1767',
  '+1784',
  '+1809',
  '+1829',
  '+1849',
  '+1868',
  '+1869',
  '+1876',
  // France (+33): 089x premium-rate; 081x and 082x shared-cost numbers, billed above a call.
  '+3389',
  '+3381',
  '+3382',
  // Belgium (+32): 090x premium-rate; 070 charged numbers.
  '+3290',
  '+3270',
  // The Netherlands (+31): 0900, 0906, 0909 premium-rate; 084 and 087 personal-assistant numbers.
  '+31900',
  '+31906',
  '+31909',
  '+3184',
  '+3187',
  // Brazil (+55): 0900 premium-rate; 0500 charged donation numbers.
  '+55900',
  '+55500',
  // United Kingdom (+44): 09 premium-rate; 070 personal numbers.
  '+449',
  '+4470',
  // International premium-rate and satellite networks.
  '+979',
  '+870',
  '+881',
  '+882',
  '+883',
];

export interface DialPolicy {
  /** The spec's codes this server calls (CONFERENCE_PHONE_CODES, or fewer). */
  countryCodes: readonly ConferencePhoneCode[];
  /** Ranges never called, unless allowed. */
  deniedRanges: readonly string[];
  /** Exceptions to `deniedRanges`. */
  allowedRanges: readonly string[];
}

/** What a server calls unless configured otherwise, and what the panel checks against. */
export const DEFAULT_DIAL_POLICY: DialPolicy = {
  countryCodes: CONFERENCE_PHONE_CODES,
  deniedRanges: DEFAULT_DENIED_RANGES,
  allowedRanges: [],
};

export type DialRefusalKey = 'countryNotAllowed' | 'deniedNumber';

export type DialVerdict =
  | { ok: true }
  /** `range`: the denied range the number is in (for the call log). */
  | { ok: false; key: DialRefusalKey; message: string; range?: string };

/** Whether `e164` begins with `range` (`X` any digit). */
export function inRange(e164: string, range: string): boolean {
  if (e164.length < range.length) return false;
  for (let i = 0; i < range.length; i += 1) {
    const want = range[i]!;
    const got = e164[i]!;
    if (want === 'X' ? !/\d/.test(got) : want !== got) return false;
  }
  return true;
}

/** The longest of `ranges` that `e164` is in. */
function longestMatch(e164: string, ranges: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const range of ranges) {
    if (inRange(e164, range) && (!found || range.length > found.length)) found = range;
  }
  return found;
}

/**
 * Whether the server may call `e164` (a number checkInternationalNumber accepted): its code
 * must be one the policy calls, and it must not be in a denied range that no allowed range of
 * at least the same length covers.
 */
export function checkDialledNumber(e164: string, policy: DialPolicy = DEFAULT_DIAL_POLICY): DialVerdict {
  // The codes are prefix-free, so at most one matches.
  if (!policy.countryCodes.some((code) => e164.startsWith(code)))
    return { ok: false, key: 'countryNotAllowed', message: PHONE_CALL_TEXTS.countryNotAllowed };
  const denied = longestMatch(e164, policy.deniedRanges);
  if (!denied) return { ok: true };
  const allowed = longestMatch(e164, policy.allowedRanges);
  if (allowed && allowed.length >= denied.length) return { ok: true };
  return { ok: false, key: 'deniedNumber', message: PHONE_CALL_TEXTS.deniedNumber, range: denied };
}
