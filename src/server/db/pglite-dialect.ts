/**
 * Kysely's PostgreSQL dialect over embedded PGlite: Kysely's own Postgres adapter, query compiler
 * and introspector, with a driver that sends each compiled query to PGlite.
 *
 * Why our own (docs/database.md): the package `kysely-pglite` brought 117 packages (a code
 * generator's CLI among them) and a peer range on an older Kysely that `npm ls` reports as
 * invalid, for these few lines; and it reported no affected row counts, so
 * `numDeletedRows`/`numUpdatedRows` were always 0 on PGlite.
 *
 * PGlite is one database session: queries run one at a time in the order sent, and a query sent
 * while another caller's transaction is open runs inside that transaction, as it did with the
 * package. Serializing whole transactions would make a query on the outer `db` inside a
 * transaction wait for itself; code that needs isolation between concurrent transactions runs
 * on PostgreSQL (DATABASE_URL).
 */
import type { PGliteInterface } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/** The commands whose count of rows Kysely reports as inserted, updated or deleted. */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGliteInterface) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const counted = result.command !== undefined && COUNTED_COMMANDS.has(result.command.toUpperCase());
    const affected = result.affectedRows ?? result.rowCount;
    return {
      rows: result.rows,
      ...(counted && affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield -- PGlite answers whole results only
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite cannot stream query results: read them in pages');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGliteInterface) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(): Promise<void> {}

  /** Kysely's destroy() closes the database: the data folder is then free for another process. */
  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGliteInterface) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
