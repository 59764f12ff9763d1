/**
 * The accounts a user query may find (shared/user-query.ts decides who and what is shown): the
 * users table narrowed in SQL to findable accounts that could match, then judged by the shared
 * rules, so what is visible has one source of truth.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db';
import type { QueryCandidate, UserQuery } from '../../shared/user-query';

/** Rows read per query: more than USER_QUERY_MAX_RESULTS, so the shared rules have room to choose. */
const CANDIDATES_READ = 20;

/** `%` and `_` typed by someone are letters, not wildcards. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

type Row = {
  ava_id: string;
  ava_name: string;
  user_name: string;
  user_photo: string | null;
  emails: unknown;
  settings: unknown;
};

function toCandidate(row: Row): QueryCandidate {
  const settings = json<{ findable?: unknown }>(row.settings, {});
  return {
    avaId: row.ava_id,
    avaName: row.ava_name,
    userName: row.user_name,
    userPhoto: row.user_photo ?? undefined,
    emails: json<Record<string, string>>(row.emails, {}),
    findable: settings.findable === true,
  };
}

export class UserDirectory {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('users')
      .select(['ava_id', 'ava_name', 'user_name', 'user_photo', 'emails', 'settings']);
  }

  /** Findable accounts that may answer `query` (the shared rules make the final choice). */
  async candidates(query: UserQuery): Promise<QueryCandidate[]> {
    const findable = sql<boolean>`(settings ->> 'findable') = 'true'`;
    const matching =
      'avaNameStartsWith' in query
        ? sql<boolean>`lower(ava_name) like ${likePrefix(query.avaNameStartsWith)} escape '\\'`
        : sql<boolean>`exists (select 1 from jsonb_each_text(emails) as e where lower(e.value) = ${query.emailEqualTo})`;
    const rows = await this.select()
      .where(findable)
      .where(matching)
      .orderBy('ava_name')
      .limit(CANDIDATES_READ)
      .execute();
    return rows.map((row) => toCandidate(row as Row));
  }

  /** One account by avaId, findable or not (the caller judges). */
  async find(avaId: string): Promise<QueryCandidate | undefined> {
    const row = await this.select().where('ava_id', '=', avaId).executeTakeFirst();
    return row ? toCandidate(row as Row) : undefined;
  }
}
