/**
 * Opens the database: embedded PGlite in a data folder by default (nothing to install), or a
 * PostgreSQL server when DATABASE_URL is set. Migrations run on every start.
 */
import { mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, type Dialect } from 'kysely';
import type { Database } from './schema';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';

export interface DatabaseOptions {
  /** postgres://... to use a PostgreSQL server; otherwise PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Folder for the embedded database; `memory://` for a throwaway one. */
  dataDir: string;
  /**
   * An idle pooled connection the PostgreSQL server dropped (a restart, a failover, an
   * administrator). Without a listener the pool's error would end the whole process; the pool
   * replaces the connection by itself, so this is only told.
   */
  onIdleConnectionError?: (error: Error) => void;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

async function dialectFor(
  options: DatabaseOptions,
): Promise<{ dialect: Dialect; kind: OpenDatabase['kind'] }> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    // bigint (int8) columns hold millisecond timestamps, well inside a double's exact range.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    return { dialect: new PostgresDialect({ pool }), kind: 'postgres' };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let pglite;
  if (options.dataDir === 'memory://') {
    pglite = new PGlite();
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    pglite = new PGlite(`${options.dataDir}/pgdata`);
  }
  await pglite.waitReady;
  return { dialect: new PGliteDialect(pglite), kind: 'pglite' };
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  const { dialect, kind } = await dialectFor(options);
  const db = new Kysely<Database>({ dialect });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`,
    );
  }
  return { db, kind, close: () => db.destroy() };
}
