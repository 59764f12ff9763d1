/**
 * What every cluster integration test sets up alike: a database of its own on the test
 * PostgreSQL (cluster mode requires PostgreSQL) and node names of its own on the machine's one
 * NATS, where a node's name is its subjects' (hearken.cluster.open.<node>): two files running at
 * once with the same names would answer each other's requests.
 */
import pg from 'pg';
import { randomId } from '../../src/shared/ids';

const ADMIN_URL = process.env.HEARKEN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A database named `<prefix>_<random>`, and the URL the nodes reach it by. */
export function clusterTestDatabase(prefix: string): { name: string; url: string } {
  const name = `${prefix}_${randomId(8).toLowerCase()}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Runs one statement on the test server's administrative database (create, drop). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Three node names of this run only. */
export function clusterNodeNames(prefix: string): { a: string; b: string; c: string } {
  return {
    a: `${prefix}-a-${randomId(6)}`,
    b: `${prefix}-b-${randomId(6)}`,
    c: `${prefix}-c-${randomId(6)}`,
  };
}
