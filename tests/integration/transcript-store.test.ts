/**
 * The transcript repository on a real (embedded) PostgreSQL: the migration that gives each room its
 * own sequence and counters from rows already stored, a final stored with its seq and the room's
 * counters in one transaction (a retried write changes nothing), and index reservations that only
 * move forward.
 */
import { PGliteDialect } from '../../src/server/db/pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrations';
import type { Database } from '../../src/server/db/schema';
import { TranscriptRepository } from '../../src/server/transcripts/repository';
import type { Transcript } from '../../src/shared/entities';

let db: Kysely<Database>;
let migrator: Migrator;

function room(id: string) {
  return {
    id,
    name: id,
    host_ava_id: 'h',
    host_ava_name: 'H',
    title: '',
    langs: '["en-US"]',
    conversation_mode: 'public',
    start_timestamp_ms: 0,
    state: 'ongoing',
    ended_at_ms: null,
    ro_token: `${id}-ro`,
    rw_token: `${id}-rw`,
  };
}

function final(id: string, index: number, text = `line ${index}`): Transcript {
  return {
    id,
    isFinal: true,
    author: 'h',
    authorShow: 'H',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    asr: { final: true, timeReceivedMs: 1, engine: 'test' },
    usePaidASR: false,
    index,
    timestampMs: index,
    t0: 0,
    trackName: 't',
  };
}

beforeAll(async () => {
  const pglite = new PGlite();
  await pglite.waitReady;
  db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  migrator = new Migrator({ db, provider: migrationProvider });
  const before = await migrator.migrateTo('2026-11-24-003-trust');
  expect(before.error).toBeUndefined();
}, 120_000);

afterAll(async () => {
  await db?.destroy();
});

describe('the transcript store', () => {
  it('numbers existing rows per room, in the order they were written, and sets the counters', async () => {
    // Rows of two rooms written interleaved, as one server-wide serial numbered them.
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old
      .insertInto('rooms')
      .values([room('a'), room('b')])
      .execute();
    const row = (roomId: string, id: string, idx: number) => ({
      room_id: roomId,
      id,
      idx,
      author: 'h',
      author_show: 'H',
      origin: 'asr',
      speech_lang: 'en-US',
      text: id,
      engine: 'test',
      words: '[]',
      timestamp_ms: 0,
      time_received_ms: 0,
      t0: 0,
      track_name: 't',
      use_paid_asr: false,
    });
    for (const r of [
      row('a', 'a1', 0),
      row('b', 'b1', 0),
      row('a', 'a2', 5),
      row('b', 'b2', 1),
      row('a', 'a3', 2),
    ])
      await old.insertInto('transcripts').values(r).execute();

    const result = await migrator.migrateToLatest();
    expect(result.error).toBeUndefined();

    const rows = await db.selectFrom('transcripts').select(['room_id', 'id', 'seq']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.seq])).toEqual([
      ['a1', 1],
      ['a2', 2],
      ['a3', 3],
      ['b1', 1],
      ['b2', 2],
    ]);
    const repo = new TranscriptRepository(db);
    const a = await repo.load('a');
    expect(a).toMatchObject({ nextIndex: 6, seq: 3 });
    expect(a.finals.map((f) => [f.transcript.id, f.seq])).toEqual([
      ['a1', 1],
      ['a3', 3],
      ['a2', 2],
    ]);
    expect(await repo.load('b')).toMatchObject({ nextIndex: 2, seq: 2 });
  });

  it('stores a final with its seq and moves the counters in the same write; a retry changes nothing', async () => {
    const repo = new TranscriptRepository(db);
    await repo.saveFinal('b', final('b3', 9), 3);
    await repo.saveFinal('b', final('b3', 9), 3);
    const b = await repo.load('b');
    expect(b).toMatchObject({ nextIndex: 10, seq: 3 });
    expect(b.finals.filter((f) => f.transcript.id === 'b3')).toHaveLength(1);
    // Two rows can never share a seq in a room.
    await expect(repo.saveFinal('b', final('b4', 10), 3)).rejects.toThrow();
    expect((await repo.load('b')).finals).toHaveLength(3);
  });

  it('keeps a gap marker as a gap: no text, its span, in the room order', async () => {
    const repo = new TranscriptRepository(db);
    const gap: Transcript = {
      ...final('g1', 11, ''),
      texts: {},
      timestampMs: 5000,
      trackName: 'gap',
      gap: { fromMs: 5000, toMs: 20_000, reason: 'connection-lost' },
    };
    delete gap.asr;
    await repo.saveFinal('b', gap, 4);
    const [loaded] = (await repo.list('b')).filter((t) => t.id === 'g1');
    expect(loaded).toMatchObject({
      gap: { fromMs: 5000, toMs: 20_000, reason: 'connection-lost' },
      index: 11,
    });
    expect(loaded!.asr).toBeUndefined();
    expect((await repo.list('b')).filter((t) => t.gap).map((t) => t.id)).toEqual(['g1']);
  });

  it('reserves indexes forward only', async () => {
    const repo = new TranscriptRepository(db);
    expect(await repo.reserveIndexes('b', 64)).toBe(64);
    expect(await repo.reserveIndexes('b', 20)).toBe(64);
    expect((await repo.load('b')).nextIndex).toBe(64);
    await expect(repo.reserveIndexes('nope', 5)).rejects.toThrow(/no room/);
  });
});
