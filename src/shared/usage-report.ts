/**
 * Workspace reporting (issue 14, accounts.md: reporting for organisation admins): caption time
 * per member and per week, split into Basic, Premium and Scribe, with conversations and words.
 * The server aggregates in SQL (server/reporting/usage-report.ts); these are the shapes it
 * answers with, and the CSV the admin downloads, made from them.
 *
 * Caption time is the speech captioned: each recognised line's span from its first word's start
 * to its last word's end, by the tier that captioned it (typed lines take none). It is counted
 * for the person whose microphone spoke it, once the conversation has ended.
 */
import { type Infer, array, number, object, optional, string } from './schema';

/** The usage of a period or of a member. Times in ms. */
const usageTotalsShape = {
  basicMs: number(),
  premiumMs: number(),
  scribeMs: number(),
  conversations: number(),
  words: number(),
};
export const usageTotalsSchema = object(usageTotalsShape);
export type UsageTotals = Infer<typeof usageTotalsSchema>;

/** A member's usage; `name` is the member's display name, where the account has one. */
export const memberUsageSchema = object({ ...usageTotalsShape, avaId: string(), name: optional(string()) });
export type MemberUsage = Infer<typeof memberUsageSchema>;

/** A week's usage; `weekStartMs` is the Monday 00:00 UTC starting the week, ms since epoch. */
export const weekUsageSchema = object({ ...usageTotalsShape, weekStartMs: number() });
export type WeekUsage = Infer<typeof weekUsageSchema>;

/** GET workspace reporting's answer (JSON; `?format=csv` answers usageReportCsv of it). */
export const usageReportSchema = object({
  organizationId: string(),
  fromMs: number(),
  toMs: number(),
  totals: usageTotalsSchema,
  members: array(memberUsageSchema),
  weeks: array(weekUsageSchema),
});
export type UsageReport = Infer<typeof usageReportSchema>;

/**
 * GET's query: the period (`from`, `to`, ms since epoch, as text) and `format` (csv). Any text
 * passes here: the route refuses a bad period ('invalid-period') or format ('invalid-format')
 * with its own words.
 */
export const usageReportQuerySchema = object({
  from: optional(string()),
  to: optional(string()),
  format: optional(string()),
});

export const WEEK_MS = 7 * 24 * 3600 * 1000;
/** The longest period one report covers (a year and a day, for leap years and time zones). */
export const REPORT_MAX_SPAN_MS = 367 * 24 * 3600 * 1000;
/** 1970-01-05 was a Monday: weeks are counted from it, so buckets start on Mondays (UTC). */
export const FIRST_MONDAY_MS = 4 * 24 * 3600 * 1000;

/** The Monday 00:00 UTC that starts the week of `ms`. */
export function weekStart(ms: number): number {
  return Math.floor((ms - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;
}

export const EMPTY_TOTALS: UsageTotals = {
  basicMs: 0,
  premiumMs: 0,
  scribeMs: 0,
  conversations: 0,
  words: 0,
};

const hours = (ms: number) => (ms / 3_600_000).toFixed(2);

/** One field of CSV (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  // A leading =, +, - or @ would be run as a formula by spreadsheet programs, and so would one
  // after a leading tab or carriage return (which they skip): made text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report as CSV: one row per member, then one per week, hours with two decimals. */
export function usageReportCsv(report: UsageReport): string {
  const header = [
    'section',
    'member',
    'week',
    'basic hours',
    'premium hours',
    'scribe hours',
    'conversations',
    'words',
  ];
  const row = (section: string, member: string, week: string, t: UsageTotals) =>
    [
      section,
      member,
      week,
      hours(t.basicMs),
      hours(t.premiumMs),
      hours(t.scribeMs),
      String(t.conversations),
      String(t.words),
    ]
      .map(csvField)
      .join(',');
  const lines = [header.join(',')];
  for (const m of report.members) lines.push(row('member', m.name ?? m.avaId, '', m));
  for (const w of report.weeks)
    lines.push(row('week', '', new Date(w.weekStartMs).toISOString().slice(0, 10), w));
  lines.push(row('total', '', '', report.totals));
  return `${lines.join('\r\n')}\r\n`;
}
