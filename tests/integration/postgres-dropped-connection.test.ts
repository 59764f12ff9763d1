/**
 * A PostgreSQL server that drops an idle connection (a restart, a failover, an administrator)
 * must not end Hearken: the pool's error is told, not thrown, and the next query gets a new
 * connection. Without the listener in db/connect.ts, pg's pool error is an uncaught exception.
 */
import { sql as kyselySql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/server/db/connect';
import { removeDataDir, tempDataDir } from '../helpers/server';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const { name: database, url: databaseUrl } = testDatabase('hearken_drop');
const dataDir = tempDataDir();
let opened: OpenDatabase;
const told: string[] = [];

beforeAll(async () => {
  await admin(`create database ${database}`);
  opened = await openDatabase({
    databaseUrl,
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
  await admin('select pg_terminate_backend($1)', { values: [pid] });
  await expect.poll(() => told.length, { timeout: 5000 }).toBe(1);
  expect(told[0]).toMatch(/terminating connection/);
  const after = await kyselySql<{ pid: number }>`select pg_backend_pid() as pid`.execute(opened.db);
  expect(after.rows[0]!.pid).not.toBe(pid);
});
