/**
 * What the reporting screen draws and tabulates of a usage report: periods ending with the
 * current week, every week present (zeros where nobody was captioned), minutes per tier, members
 * by captioned time.
 */
import { describe, expect, it } from 'vitest';
import {
  memberRows,
  minutes,
  periodOf,
  tierMinutes,
  weekRows,
} from '../../../../../src/renderer/features/workspace/report-view';
import { WEEK_MS, weekStart } from '../../../../../src/shared/usage-report';

const MONDAY = Date.UTC(2026, 10, 23); // a Monday

describe('report periods', () => {
  it.each([
    ['4w', 4],
    ['12w', 12],
    ['52w', 52],
  ] as const)('%s covers %i whole weeks ending after this one', (key, weeks) => {
    const now = MONDAY + 3 * 24 * 3600 * 1000 + 5000;
    const { fromMs, toMs } = periodOf(key, now);
    expect(toMs).toBe(MONDAY + WEEK_MS);
    expect(toMs - fromMs).toBe(weeks * WEEK_MS);
    expect(weekStart(fromMs)).toBe(fromMs);
  });
});

describe('minutes', () => {
  it('rounds to a tenth of a minute', () => {
    expect(minutes(0)).toBe(0);
    expect(minutes(6_000)).toBe(0.1);
    expect(minutes(90_000)).toBe(1.5);
    expect(minutes(2_999)).toBe(0);
    expect(minutes(3_000)).toBe(0.1);
  });

  it('sums the tiers into the total', () => {
    expect(
      tierMinutes({ basicMs: 60_000, premiumMs: 120_000, scribeMs: 30_000, conversations: 2, words: 40 }),
    ).toEqual({ basic: 1, premium: 2, scribe: 0.5, total: 3.5, conversations: 2, words: 40 });
  });
});

describe('week rows', () => {
  it('lists every week of the period, zeros where the report has none', () => {
    const rows = weekRows({
      fromMs: MONDAY - 2 * WEEK_MS,
      toMs: MONDAY + WEEK_MS,
      weeks: [
        {
          weekStartMs: MONDAY - WEEK_MS,
          basicMs: 0,
          premiumMs: 60_000,
          scribeMs: 0,
          conversations: 1,
          words: 9,
        },
      ],
    });
    expect(rows.map((r) => r.weekStartMs)).toEqual([MONDAY - 2 * WEEK_MS, MONDAY - WEEK_MS, MONDAY]);
    expect(rows.map((r) => r.premium)).toEqual([0, 1, 0]);
    expect(rows[1]).toMatchObject({ conversations: 1, words: 9, total: 1 });
  });
});

describe('member rows', () => {
  it('orders members by captioned time, then by name; a nameless member by their id', () => {
    const t = (premiumMs: number) => ({ basicMs: 0, premiumMs, scribeMs: 0, conversations: 1, words: 1 });
    const rows = memberRows([
      { avaId: 'a1', name: 'Zoe', ...t(60_000) },
      { avaId: 'a2', ...t(120_000) },
      { avaId: 'a3', name: 'Ann', ...t(60_000) },
    ]);
    expect(rows.map((r) => r.name)).toEqual(['a2', 'Ann', 'Zoe']);
  });
});
