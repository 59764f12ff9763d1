/**
 * The workspace report of one organisation over a period (shared/usage-report.ts), aggregated
 * by the database: three grouped queries on the (organization_id, started_at_ms) index, never
 * the rows themselves in memory, so a large organisation's year answers as fast as a week.
 */
import { type Kysely, sql } from 'kysely';
import {
  FIRST_MONDAY_MS,
  type MemberUsage,
  type UsageReport,
  type UsageTotals,
  WEEK_MS,
} from '../../shared/usage-report';
import type { Database } from '../db';

/** Sums come back as numeric strings from PostgreSQL, as numbers from PGlite: numbers here. */
function totalsOf(row: {
  basic_ms: unknown;
  premium_ms: unknown;
  scribe_ms: unknown;
  conversations: unknown;
  words: unknown;
}): UsageTotals {
  return {
    basicMs: Number(row.basic_ms ?? 0),
    premiumMs: Number(row.premium_ms ?? 0),
    scribeMs: Number(row.scribe_ms ?? 0),
    conversations: Number(row.conversations ?? 0),
    words: Number(row.words ?? 0),
  };
}

const SUMS = [
  sql<number>`coalesce(sum(u.basic_ms), 0)`.as('basic_ms'),
  sql<number>`coalesce(sum(u.premium_ms), 0)`.as('premium_ms'),
  sql<number>`coalesce(sum(u.scribe_ms), 0)`.as('scribe_ms'),
  sql<number>`coalesce(sum(u.words), 0)`.as('words'),
] as const;

export class UsageReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private period(organizationId: string, fromMs: number, toMs: number) {
    return this.db
      .selectFrom('conversation_usage as u')
      .where('u.organization_id', '=', organizationId)
      .where('u.started_at_ms', '>=', fromMs)
      .where('u.started_at_ms', '<', toMs);
  }

  /** `fromMs` inclusive, `toMs` exclusive. */
  async report(organizationId: string, fromMs: number, toMs: number): Promise<UsageReport> {
    const [totals, members, weeks] = await Promise.all([
      this.period(organizationId, fromMs, toMs)
        .select([...SUMS, sql<number>`count(distinct u.room_id)`.as('conversations')])
        .executeTakeFirst(),
      this.period(organizationId, fromMs, toMs)
        .leftJoin('users', 'users.ava_id', 'u.ava_id')
        .select(['u.ava_id', 'users.user_name', ...SUMS, sql<number>`count(*)`.as('conversations')])
        .groupBy(['u.ava_id', 'users.user_name'])
        .orderBy('u.ava_id')
        .execute(),
      this.period(organizationId, fromMs, toMs)
        .select([
          sql<number>`floor((u.started_at_ms - ${FIRST_MONDAY_MS}) / ${WEEK_MS}::float8)`.as('week'),
          ...SUMS,
          sql<number>`count(distinct u.room_id)`.as('conversations'),
        ])
        .groupBy('week')
        .orderBy('week')
        .execute(),
    ]);
    return {
      organizationId,
      fromMs,
      toMs,
      totals: totalsOf(totals ?? { basic_ms: 0, premium_ms: 0, scribe_ms: 0, conversations: 0, words: 0 }),
      members: members.map((m): MemberUsage => ({
        avaId: m.ava_id,
        ...(m.user_name ? { name: m.user_name } : {}),
        ...totalsOf(m),
      })),
      weeks: weeks.map((w) => ({ weekStartMs: Number(w.week) * WEEK_MS + FIRST_MONDAY_MS, ...totalsOf(w) })),
    };
  }
}
