/**
 * The machine's PostgreSQL as the tests use it (HEARKEN_TEST_DATABASE_URL, else the local
 * server's `test` database with trust auth): every file that runs on PostgreSQL makes a
 * database of its own there, named at random, so files running at once never share one.
 */
import pg from 'pg';
import { randomId } from '../../src/shared/ids';

export const ADMIN_URL = process.env.HEARKEN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of `database` on the test server, as `user` (without a password) if given. */
export function testDatabaseUrl(database: string, user?: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
}

/** A database name `<prefix>_<random>` (not yet created), and the URL to reach it by. */
export function testDatabase(prefix: string): { name: string; url: string } {
  const name = `${prefix}_${randomId(8).toLowerCase()}`;
  return { name, url: testDatabaseUrl(name) };
}

/**
 * Runs one statement on its own connection: on the administrative database (create, drop,
 * roles) unless `url` names another.
 */
export async function adminQuery(
  statement: string,
  options: { values?: unknown[]; url?: string } = {},
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: options.url ?? ADMIN_URL });
  await client.connect();
  try {
    return await client.query(statement, options.values ?? []);
  } finally {
    await client.end();
  }
}
