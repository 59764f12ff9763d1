/**
 * What the reporting screen shows of a usage report (shared/usage-report.ts): the periods one
 * chooses among, every week of the period (weeks without use as zeros, so the chart's axis has
 * no holes), caption minutes per tier for the charts and their tables. Pure.
 */
import {
  type MemberUsage,
  type UsageReport,
  type UsageTotals,
  WEEK_MS,
  weekStart,
} from '../../../shared/usage-report';

export const REPORT_PERIODS = ['4w', '12w', '52w'] as const;
export type ReportPeriodKey = (typeof REPORT_PERIODS)[number];
const WEEKS: Record<ReportPeriodKey, number> = { '4w': 4, '12w': 12, '52w': 52 };

/** The last n weeks, this one included: from a Monday 00:00 UTC to the next Monday after now. */
export function periodOf(key: ReportPeriodKey, nowMs: number): { fromMs: number; toMs: number } {
  const toMs = weekStart(nowMs) + WEEK_MS;
  return { fromMs: toMs - WEEKS[key] * WEEK_MS, toMs };
}

export const minutes = (ms: number) => Math.round(ms / 6_000) / 10;

export interface TierMinutes {
  basic: number;
  premium: number;
  scribe: number;
  total: number;
  conversations: number;
  words: number;
}

export function tierMinutes(t: UsageTotals): TierMinutes {
  return {
    basic: minutes(t.basicMs),
    premium: minutes(t.premiumMs),
    scribe: minutes(t.scribeMs),
    total: minutes(t.basicMs + t.premiumMs + t.scribeMs),
    conversations: t.conversations,
    words: t.words,
  };
}

export interface WeekRow extends TierMinutes {
  weekStartMs: number;
}

/** One row per week of the report's period, in order; weeks nobody used are zeros. */
export function weekRows(report: Pick<UsageReport, 'fromMs' | 'toMs' | 'weeks'>): WeekRow[] {
  const byWeek = new Map(report.weeks.map((w) => [w.weekStartMs, w]));
  const rows: WeekRow[] = [];
  for (let week = weekStart(report.fromMs); week < report.toMs; week += WEEK_MS) {
    const found = byWeek.get(week);
    rows.push({
      weekStartMs: week,
      ...tierMinutes(found ?? { basicMs: 0, premiumMs: 0, scribeMs: 0, conversations: 0, words: 0 }),
    });
  }
  return rows;
}

export interface MemberRow extends TierMinutes {
  avaId: string;
  name: string;
}

/** Members by captioned time, most first; a member without a name is shown by their id. */
export function memberRows(members: readonly MemberUsage[]): MemberRow[] {
  return members
    .map((m) => ({ avaId: m.avaId, name: m.name ?? m.avaId, ...tierMinutes(m) }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}
