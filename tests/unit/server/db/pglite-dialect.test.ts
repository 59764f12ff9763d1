import { PGlite } from '@electric-sql/pglite';
import { type Generated, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../../../../src/server/db/pglite-dialect';

interface Db {
  notes: { id: Generated<number>; body: string; stamp: number };
}

describe('PGliteDialect', () => {
  let pglite: PGlite;
  let db: Kysely<Db>;

  // One database for the file: starting PGlite (its initdb) takes seconds.
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    db = new Kysely<Db>({ dialect: new PGliteDialect(pglite) });
  }, 120_000);

  beforeEach(async () => {
    await sql`drop table if exists notes`.execute(db);
    await sql`create table notes (id serial primary key, body text not null, stamp bigint not null)`.execute(
      db,
    );
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('runs typed queries with parameters', async () => {
    await db.insertInto('notes').values({ body: "it's", stamp: 1 }).execute();
    const rows = await db.selectFrom('notes').select(['body']).where('body', '=', "it's").execute();
    expect(rows).toEqual([{ body: "it's" }]);
  });

  it('reports how many rows an insert, update or delete touched', async () => {
    const inserted = await db
      .insertInto('notes')
      .values([
        { body: 'a', stamp: 1 },
        { body: 'b', stamp: 2 },
        { body: 'c', stamp: 3 },
      ])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(3n);
    const updated = await db
      .updateTable('notes')
      .set({ body: 'x' })
      .where('stamp', '>', 1)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('notes').where('stamp', '=', 3).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(1n);
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'lost', stamp: 1 }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'kept', stamp: 2 }).execute();
    });
    const bodies = (await db.selectFrom('notes').select('body').execute()).map((r) => r.body);
    expect(bodies).toEqual(['kept']);
  });

  it('says plainly that it cannot stream', async () => {
    const stream = db.selectFrom('notes').selectAll().stream();
    await expect(stream.next()).rejects.toThrow(/cannot stream/);
  });

  // Last: it closes the file's database (afterAll's second destroy must be harmless).
  it('closes the database when Kysely is destroyed', async () => {
    await db.destroy();
    expect(pglite.closed).toBe(true);
  });
});
