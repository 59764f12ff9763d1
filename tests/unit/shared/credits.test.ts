import { describe, expect, it } from 'vitest';
import {
  CREDIT_TICK_MS,
  countDown,
  normaliseCredits,
  premiumCredit,
  spendPremium,
} from '../../../src/shared/credits';

describe('credits (accounts.md sections 3 and 9)', () => {
  it.each([
    [undefined, { scribeCredit: 0, extraPremiumASRCredit: 0, recurringPremiumASRCredit: 0 }],
    [
      { scribeCredit: -1, extraPremiumASRCredit: 5000, recurringPremiumASRCredit: Number.NaN },
      { scribeCredit: 0, extraPremiumASRCredit: 5000, recurringPremiumASRCredit: 0 },
    ],
    [
      { scribeCredit: '60000', extraPremiumASRCredit: null, recurringPremiumASRCredit: 1500.7 },
      { scribeCredit: 0, extraPremiumASRCredit: 0, recurringPremiumASRCredit: 1500 },
    ],
  ])('reads %j as %j (negative or missing as 0)', (raw, credits) => {
    expect(normaliseCredits(raw as never)).toEqual(credits);
  });

  it('shows extra plus recurring as the Premium credit', () => {
    expect(
      premiumCredit({ scribeCredit: 9, extraPremiumASRCredit: 2000, recurringPremiumASRCredit: 3000 }),
    ).toBe(5000);
  });

  it.each([
    [5000, 0, 5000],
    [5000, 1, 4000],
    [5000, 5, 0],
    [5000, 9, 0],
  ])('counts %d ms down 1000 ms per tick: after %d ticks, %d', (ms, ticks, left) => {
    expect(CREDIT_TICK_MS).toBe(1000);
    expect(countDown(ms, ticks)).toBe(left);
  });

  it.each([
    [1000, { extra: 5000, recurring: 2000 }, { extra: 5000, recurring: 1000 }],
    [3000, { extra: 5000, recurring: 2000 }, { extra: 4000, recurring: 0 }],
    [9000, { extra: 5000, recurring: 2000 }, { extra: 0, recurring: 0 }],
    [-5, { extra: 5000, recurring: 2000 }, { extra: 5000, recurring: 2000 }],
  ])('spending %d ms of %j leaves %j (recurring first)', (ms, from, to) => {
    const spent = spendPremium(
      { scribeCredit: 7, extraPremiumASRCredit: from.extra, recurringPremiumASRCredit: from.recurring },
      ms,
    );
    expect(spent).toEqual({
      scribeCredit: 7,
      extraPremiumASRCredit: to.extra,
      recurringPremiumASRCredit: to.recurring,
    });
  });
});
