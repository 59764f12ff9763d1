/**
 * A PostgreSQL server that drops an idle connection (a restart, a failover, an administrator)
 * must not end Hearken: the pool's error is told, not thrown, and the next query gets a new
 * connection. Without the listener in db/connect.ts, pg's pool error is an uncaught exception.
 */
import { sql as kyselySql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/server/db/connect';
import { randomId } from '../../src/shared/ids';
import { removeDataDir, tempDataDir } from '../helpers/server';

const ADMIN_URL = process.env.HEARKEN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `hearken_drop_${randomId(8).toLowerCase()}`;
const dataDir = tempDataDir();
let opened: OpenDatabase;
const told: string[] = [];

async function admin(statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  opened = await openDatabase({
    databaseUrl: url.toString(),
    dataDir,
    onIdleConnectionError: (error) => void told.push(error.message),
  });
});

afterAll(async () => {
  await opened?.close();
  await admin(`drop database if exists ${database} with (force)`);
  removeDataDir(dataDir);
});

it('tells of an idle connection the server ended, and carries on with a new one', async () => {
  const before = await kyselySql<{ pid: number }>`select pg_backend_pid() as pid`.execute(opened.db);
  const pid = before.rows[0]!.pid;
  await admin('select pg_terminate_backend($1)', [pid]);
  await expect.poll(() => told.length, { timeout: 5000 }).toBe(1);
  expect(told[0]).toMatch(/terminating connection/);
  const after = await kyselySql<{ pid: number }>`select pg_backend_pid() as pid`.execute(opened.db);
  expect(after.rows[0]!.pid).not.toBe(pid);
});
