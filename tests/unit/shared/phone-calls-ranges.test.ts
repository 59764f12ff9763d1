import { describe, expect, it } from 'vitest';
import {
  PHONE_CALL_TEXTS,
  checkInternationalNumber,
  checkNationalNumber,
} from '../../../src/shared/phone-calls';
import {
  DEFAULT_DENIED_RANGES,
  DEFAULT_DIAL_POLICY,
  type DialPolicy,
  checkDialledNumber,
  inRange,
  isRangePattern,
} from '../../../src/shared/phone-calls-ranges';

/** The number as the panel and the server make it from what a host types. */
function e164(typed: string): string {
  const checked = checkInternationalNumber(typed);
  if (!checked.ok) throw new Error(`${typed}: ${checked.message}`);
  return checked.value.e164;
}

describe('the default dial policy', () => {
  it.each([
    // The finding's numbers (F-06), each accepted before.
    ['+19005550100', '+1900'],
    ['+12684601234', '+1268'],
    ['+33899123456', '+3389'],
    ['+3290012345', '+3290'],
    ['+559001234567', '+55900'],
    // The rest of the listed ranges.
    ['+12129761234', '+1XXX976'],
    ['+12844941234', '+1284'],
    ['+14734401234', '+1473'],
    ['+16499461234', '+1649'],
    ['+16644911234', '+1664'],
    ['+17674481234', '+1767'],
    ['+18095551234', '+1809'],
    ['+18295551234', '+1829'],
    ['+18495551234', '+1849'],
    ['+18765551234', '+1876'],
    ['+33892123456', '+3389'],
    ['+31900123456', '+31900'],
    ['+32701234567', '+3270'],
  ])('refuses %s, a premium-rate or toll-fraud range (%s)', (number, range) => {
    expect(checkDialledNumber(e164(number))).toEqual({
      ok: false,
      key: 'deniedNumber',
      message: PHONE_CALL_TEXTS.deniedNumber,
      range,
    });
  });

  it('refuses them as the panel takes them typed, trunk 0 and separators (France 08 9x, Belgium 090x, Brazil 0900)', () => {
    const typed = (code: '+33' | '+32' | '+55', number: string) => {
      const national = checkNationalNumber(code, number);
      if (!national.ok) throw new Error(`${number}: ${national.message}`);
      return checkDialledNumber(`${code}${national.value}`);
    };
    expect(typed('+33', '08 99 12 34 56')).toMatchObject({ ok: false, range: '+3389' });
    expect(typed('+32', '0900 12 345')).toMatchObject({ ok: false, range: '+3290' });
    expect(typed('+55', '0900 123 4567')).toMatchObject({ ok: false, range: '+55900' });
  });

  it.each([
    '+12125551234', // New York
    '+16465588656', // Zoom's US dial-in
    '+17875551234', // Puerto Rico: domestic
    '+33170372246', // Zoom's Paris dial-in
    '+33756784048', // a French mobile
    '+3222909360', // Brussels
    '+31207941234', // Amsterdam
    '+551140401234', // São Paulo
  ])('calls %s, an ordinary number', (number) => {
    expect(checkDialledNumber(e164(number))).toEqual({ ok: true });
  });

  it('calls every spec code, and every default range is a well-formed range', () => {
    expect(DEFAULT_DIAL_POLICY.countryCodes).toEqual(['+1', '+33', '+32', '+31', '+55']);
    expect(DEFAULT_DENIED_RANGES.filter((r) => !isRangePattern(r))).toEqual([]);
    expect(new Set(DEFAULT_DENIED_RANGES).size).toBe(DEFAULT_DENIED_RANGES.length);
  });
});

describe('a configured dial policy', () => {
  const policy = (changes: Partial<DialPolicy>): DialPolicy => ({ ...DEFAULT_DIAL_POLICY, ...changes });

  it('refuses a code the installation does not call', () => {
    expect(checkDialledNumber('+551140401234', policy({ countryCodes: ['+1', '+33'] }))).toEqual({
      ok: false,
      key: 'countryNotAllowed',
      message: PHONE_CALL_TEXTS.countryNotAllowed,
    });
    expect(checkDialledNumber('+33170372246', policy({ countryCodes: ['+1', '+33'] }))).toEqual({ ok: true });
  });

  it('calls a denied range the installation explicitly allows, and only that', () => {
    const jamaica = policy({ allowedRanges: ['+1876'] });
    expect(checkDialledNumber('+18765551234', jamaica)).toEqual({ ok: true });
    expect(checkDialledNumber('+12684601234', jamaica)).toMatchObject({ ok: false, range: '+1268' });
  });

  it('lets the longer range decide: a broad allowance does not lift a narrower denial', () => {
    expect(checkDialledNumber('+19005550100', policy({ allowedRanges: ['+1'] }))).toMatchObject({
      ok: false,
      range: '+1900',
    });
    expect(checkDialledNumber('+19005550100', policy({ allowedRanges: ['+190055501'] }))).toEqual({
      ok: true,
    });
  });

  it('refuses what an installation adds to the list', () => {
    const more = policy({ deniedRanges: [...DEFAULT_DENIED_RANGES, '+3361'] });
    expect(checkDialledNumber('+33612345678', more)).toMatchObject({ ok: false, range: '+3361' });
  });
});

describe('ranges', () => {
  it('match a prefix, X standing for one digit', () => {
    expect(inRange('+12129761234', '+1XXX976')).toBe(true);
    expect(inRange('+12125551234', '+1XXX976')).toBe(false);
    expect(inRange('+1212', '+1XXX976')).toBe(false);
    expect(inRange('+33899123456', '+3389')).toBe(true);
  });

  it.each([
    ['+1900', true],
    ['+1XXX976', true],
    ['1900', false],
    ['+', false],
    ['+X900', false],
    ['+1 900', false],
    ['+19001234567890123', false],
  ])('%s is a range: %s', (value, ok) => {
    expect(isRangePattern(value)).toBe(ok);
  });
});
