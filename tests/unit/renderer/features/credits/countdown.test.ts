/**
 * The Premium credit countdown (accounts.md section 9: paid credit counts down 1000 ms per
 * tick; section 3: the Premium credit shown is extra plus recurring, negative or missing as 0).
 */
import { describe, expect, it } from 'vitest';
import {
  countdownFromCredits,
  creditLeftMs,
  formatCreditTime,
  ownBasicStream,
  ownPremiumStream,
  startCountdown,
  stopCountdown,
} from '../../../../../src/renderer/features/credits/countdown';
import { normaliseCredits } from '../../../../../src/shared/credits';
import { makeStatus } from '../../../../helpers/saga-harness';

const T0 = 1_700_000_000_000;

describe('creditLeftMs', () => {
  const cases: [string, number, number, number][] = [
    ['not a whole tick yet', 60_000, 999, 60_000],
    ['one tick', 60_000, 1000, 59_000],
    ['one tick and a half', 60_000, 1500, 59_000],
    ['a minute', 60_000, 60_000, 0],
    ['past the end: never below 0', 3000, 10_000, 0],
    ['a clock going back counts nothing', 5000, -4000, 5000],
  ];
  it.each(cases)('%s', (_name, baseMs, elapsed, left) => {
    expect(creditLeftMs({ baseMs, sinceMs: T0 }, T0 + elapsed)).toBe(left);
  });

  it('does not move while stopped', () => {
    expect(creditLeftMs({ baseMs: 42_000 }, T0 + 3_600_000)).toBe(42_000);
  });
});

describe('starting and stopping', () => {
  it('counts from what is left, holds it when stopped, and a second start changes nothing', () => {
    let c = startCountdown({ baseMs: 10_000 }, T0);
    expect(startCountdown(c, T0 + 5000)).toBe(c);
    c = stopCountdown(c, T0 + 3500);
    expect(c).toEqual({ baseMs: 7000 });
    c = startCountdown(c, T0 + 100_000);
    expect(creditLeftMs(c, T0 + 102_000)).toBe(5000);
  });

  it('shows extra plus recurring, negative or missing as 0, running on if it was', () => {
    const credits = normaliseCredits({
      extraPremiumASRCredit: 90_000,
      recurringPremiumASRCredit: 30_000,
      scribeCredit: 5,
    });
    expect(countdownFromCredits(credits, false, T0)).toEqual({ baseMs: 120_000 });
    expect(countdownFromCredits(credits, true, T0)).toEqual({ baseMs: 120_000, sinceMs: T0 });
    expect(countdownFromCredits(normaliseCredits({ extraPremiumASRCredit: -5 }), false, T0)).toEqual({
      baseMs: 0,
    });
  });
});

describe('own streams in the room status', () => {
  const status = makeStatus({
    audioStreams: [
      { avaId: 'me', trackId: 'me-1', usePaidASR: true },
      { avaId: 'other', trackId: 'other-1', usePaidASR: false },
    ],
  });
  it('finds one’s own Premium and Basic streams', () => {
    expect(ownPremiumStream(status, 'me')).toBe(true);
    expect(ownBasicStream(status, 'me')).toBe(false);
    expect(ownPremiumStream(status, 'other')).toBe(false);
    expect(ownBasicStream(status, 'other')).toBe(true);
    expect(ownPremiumStream(status, undefined)).toBe(false);
    expect(ownPremiumStream({ ...status, state: { value: 'ended' } }, 'me')).toBe(false);
  });
});

describe('formatCreditTime', () => {
  const cases: [number, string][] = [
    [0, '0:00'],
    [-1000, '0:00'],
    [1, '0:01'],
    [59_000, '0:59'],
    [61_000, '1:01'],
    [3_599_000, '59:59'],
    [3_600_000, '1:00:00'],
    [36_061_000, '10:01:01'],
  ];
  it.each(cases)('%i ms: %s', (ms, text) => {
    expect(formatCreditTime(ms)).toBe(text);
  });
});
