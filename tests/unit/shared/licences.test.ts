import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  FREE_TRIAL_DAYS,
  LICENCE_EMAIL_ERRORS,
  OFFERS,
  checkLicenceEmail,
  licenceCancellation,
  licenceEmailErrorKey,
  licenceEmailErrorMessage,
  licenceState,
  periodEnd,
  trialEnd,
} from '../../../src/shared/licences';

const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);

describe('licence states (accounts.md section 4)', () => {
  it.each([
    [{ trial: true, endDateMs: NOW + 1 }, 'trial'],
    [{ trial: false, endDateMs: NOW + 1 }, 'active'],
    [{ trial: true, endDateMs: NOW }, 'deactivated'],
    [{ trial: false, endDateMs: NOW - DAY_MS }, 'deactivated'],
  ] as const)('%j is %s', (licence, state) => {
    expect(licenceState(licence, NOW)).toBe(state);
  });
});

describe('what cancelling one licence does (issue 30, item 9)', () => {
  it.each([
    ['a trial ends now', { trial: true, endDateMs: NOW + DAY_MS, subscriptionSeats: 3 }, { ends: 'now' }],
    [
      'a paid licence runs to its period’s end, its subscription renewing one fewer',
      { trial: false, endDateMs: NOW + DAY_MS, subscriptionSeats: 3 },
      { ends: 'periodEnd', endDateMs: NOW + DAY_MS, seatsBefore: 3, seatsAfter: 2 },
    ],
    [
      'the last licence of a subscription leaves none to renew',
      { trial: false, endDateMs: NOW + DAY_MS, subscriptionSeats: 1 },
      { ends: 'periodEnd', endDateMs: NOW + DAY_MS, seatsBefore: 1, seatsAfter: 0 },
    ],
    [
      'a licence whose seats are unknown is counted as its subscription’s only one',
      { trial: false, endDateMs: NOW },
      { ends: 'periodEnd', endDateMs: NOW, seatsBefore: 1, seatsAfter: 0 },
    ],
  ] as const)('%s', (_name, licence, cancellation) => {
    expect(licenceCancellation(licence)).toEqual(cancellation);
  });
});

describe('trial and periods (section 9)', () => {
  it('the free trial lasts 15 days', () => {
    expect(FREE_TRIAL_DAYS).toBe(15);
    expect(trialEnd(NOW) - NOW).toBe(15 * 24 * 60 * 60 * 1000);
  });

  it.each([
    ['month', Date.UTC(2026, 0, 31), Date.UTC(2026, 2, 3)],
    ['month', Date.UTC(2026, 11, 2), Date.UTC(2027, 0, 2)],
    ['year', Date.UTC(2028, 1, 29), Date.UTC(2029, 2, 1)],
  ] as const)('a %s from %d ends at %d', (interval, from, end) => {
    expect(periodEnd(from, interval)).toBe(end);
  });

  it('Premium is from 119 euros per month', () => {
    expect(OFFERS['pro-month']).toMatchObject({ interval: 'month', amount: 11_900, currency: 'eur' });
    expect(OFFERS['pro-year'].interval).toBe('year');
  });
});

describe('assign email (sections 4, 5 and 8)', () => {
  it.each([
    ['', { kind: 'unassign' }],
    ['   ', { kind: 'unassign' }],
    ['Ana@Example.org ', { kind: 'assign', email: 'ana@example.org' }],
    ['ana', { kind: 'invalid' }],
    ['ana@example', { kind: 'invalid' }],
    ['ana @example.org', { kind: 'invalid' }],
    ['ana@@example.org', { kind: 'invalid' }],
    ['ana@example..org', { kind: 'invalid' }],
  ])('%j → %j', (email, result) => {
    expect(checkLicenceEmail(email)).toEqual(result);
  });

  it('words the licence email errors as the spec does, keyed licence-update-email-{code}', () => {
    expect(LICENCE_EMAIL_ERRORS).toEqual({
      already_assigned: 'This email account is already managed by another administrator',
      already_pro: 'This email address is already associated to an existing PRO plan',
      invalid: 'This email is not valid',
      undefined: 'Unexpected error. Please contact support.',
    });
    expect(licenceEmailErrorKey('already_pro')).toBe('licence-update-email-already_pro');
  });

  it.each([
    ['licence-update-email-already_assigned', LICENCE_EMAIL_ERRORS.already_assigned],
    ['licence-update-email-invalid', LICENCE_EMAIL_ERRORS.invalid],
    ['licence-update-email-nonsense', LICENCE_EMAIL_ERRORS.undefined],
    ['licence-update-email-toString', LICENCE_EMAIL_ERRORS.undefined],
    [undefined, LICENCE_EMAIL_ERRORS.undefined],
  ])('%j reads %j', (key, message) => {
    expect(licenceEmailErrorMessage(key)).toBe(message);
  });
});
