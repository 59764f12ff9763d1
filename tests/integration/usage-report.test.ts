/**
 * Workspace reporting on both databases (embedded PGlite and a PostgreSQL server): an ended
 * conversation adds each speaking person's caption time and words, once, under their
 * organisation; the report sums one organisation's period per member and per Monday-started
 * week, and leaves out other organisations, other periods and guests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase, type OpenDatabase } from '../../src/server/db/connect';
import { ConversationMetricsRepository } from '../../src/server/accounts/conversation-metrics';
import { RoomRepository } from '../../src/server/rooms/repository';
import type { Database } from '../../src/server/db/schema';
import { TranscriptRepository } from '../../src/server/transcripts/repository';
import { UsageReportRepository } from '../../src/server/reporting/usage-report';
import type { Transcript } from '../../src/shared/entities';
import { randomId } from '../../src/shared/ids';
import { roomRecord } from '../helpers/room-record';
import { adminQuery as admin, testDatabaseUrl } from '../helpers/test-postgres';

const H = 3_600_000;
const MONDAY = Date.parse('2026-11-23T00:00:00Z');
const DAY = 24 * H;

function spoken(id: string, index: number, author: string, spanMs: number, paid: boolean): Transcript {
  return {
    id,
    isFinal: true,
    author,
    authorShow: author,
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': 'four words said here' },
    asr: {
      final: true,
      timeReceivedMs: 0,
      engine: 'pocketsphinx',
      words: [
        { w: 'four', startMs: 1000, endMs: 1200 },
        { w: 'here', startMs: 1000 + spanMs - 200, endMs: 1000 + spanMs },
      ],
    },
    usePaidASR: paid,
    index,
    timestampMs: index,
    t0: 0,
    trackName: 'mic',
  };
}

async function member(db: Kysely<Database>, avaId: string, organizationId: string | null) {
  await db
    .insertInto('users')
    .values({
      ava_id: avaId,
      firebase_auth_uid: `uid-${avaId}`,
      ava_name: avaId,
      user_name: `Name ${avaId}`,
      account_type: 'Free',
      emails: JSON.stringify({}),
      organization_id: organizationId,
      convo_metrics: JSON.stringify({ total_conversations: 0 }),
      features: JSON.stringify({}),
      subscription: JSON.stringify({ ongoingSubscription: 'Free' }),
      scribe_remaining_time: 0,
      paid_asr_credit_time: 0,
      settings: JSON.stringify({}),
      invite_metrics: JSON.stringify({}),
      join_metrics: JSON.stringify({}),
      created_at_ms: 0,
      updated_at_ms: 0,
    } as never)
    .execute();
}

describe.each(['pglite', 'postgres'] as const)('usage report on %s', (kind) => {
  let open: OpenDatabase;
  const database = `hearken_usage_${randomId(8).toLowerCase()}`;

  beforeAll(async () => {
    if (kind === 'postgres') {
      await admin(`create database ${database}`);
      open = await openDatabase({ databaseUrl: testDatabaseUrl(database), dataDir: 'unused' });
    } else {
      open = await openDatabase({ dataDir: 'memory://' });
    }
    for (const [avaId, org] of [
      ['ada', 'org1'],
      ['bo', 'org1'],
      ['cy', 'org2'],
    ] as const)
      await member(open.db, avaId, org);
  }, 120_000);

  afterAll(async () => {
    await open?.close();
    if (kind === 'postgres') await admin(`drop database if exists ${database} with (force)`);
  });

  async function endedConversation(id: string, startMs: number, lines: Transcript[]) {
    const rooms = new RoomRepository(open.db);
    const transcripts = new TranscriptRepository(open.db);
    await rooms.create(
      roomRecord({
        id,
        name: id,
        hostAvaId: 'ada',
        startTimestampMs: startMs,
        roToken: `${id}-ro`,
        rwToken: `${id}-rw`,
      }),
    );
    let seq = 0;
    for (const l of lines) await transcripts.saveFinal(id, l, ++seq);
    await rooms.update(id, { state: 'ended', endedAtMs: startMs + H });
    const metrics = new ConversationMetricsRepository(open.db);
    expect(await metrics.countEnded(id, startMs + H)).toBe(true);
    // Reported twice, counted once.
    expect(await metrics.countEnded(id, startMs + H)).toBe(false);
  }

  it('sums an organisation’s period per member and per week, from ended conversations', async () => {
    // Week 1: Ada 30 min Basic + 10 min Premium, Bo 20 min Basic, a guest 5 min.
    await endedConversation('r1', MONDAY + DAY, [
      spoken('a', 0, 'ada', 30 * 60_000, false),
      spoken('b', 1, 'ada', 10 * 60_000, true),
      spoken('c', 2, 'bo', 20 * 60_000, false),
      spoken('d', 3, 'guest-zed', 5 * 60_000, false),
    ]);
    // Week 2: Bo 1 h Premium.
    await endedConversation('r2', MONDAY + 8 * DAY, [spoken('e', 0, 'bo', H, true)]);
    // Another organisation, and a conversation outside the period.
    await endedConversation('r3', MONDAY + 2 * DAY, [spoken('f', 0, 'cy', H, false)]);
    await endedConversation('r4', MONDAY + 40 * DAY, [spoken('g', 0, 'ada', H, false)]);

    const report = await new UsageReportRepository(open.db).report('org1', MONDAY, MONDAY + 14 * DAY);
    expect(report.totals).toEqual({
      basicMs: 50 * 60_000,
      premiumMs: 70 * 60_000,
      scribeMs: 0,
      conversations: 2,
      words: 16,
    });
    expect(report.members).toEqual([
      {
        avaId: 'ada',
        name: 'Name ada',
        basicMs: 30 * 60_000,
        premiumMs: 10 * 60_000,
        scribeMs: 0,
        conversations: 1,
        words: 8,
      },
      {
        avaId: 'bo',
        name: 'Name bo',
        basicMs: 20 * 60_000,
        premiumMs: H,
        scribeMs: 0,
        conversations: 2,
        words: 8,
      },
    ]);
    expect(report.weeks).toEqual([
      {
        weekStartMs: MONDAY,
        basicMs: 50 * 60_000,
        premiumMs: 10 * 60_000,
        scribeMs: 0,
        conversations: 1,
        words: 12,
      },
      { weekStartMs: MONDAY + 7 * DAY, basicMs: 0, premiumMs: H, scribeMs: 0, conversations: 1, words: 4 },
    ]);
  });

  it('answers an empty period with zeros, not an error', async () => {
    const report = await new UsageReportRepository(open.db).report('org1', 0, 1000);
    expect(report.totals).toEqual({ basicMs: 0, premiumMs: 0, scribeMs: 0, conversations: 0, words: 0 });
    expect(report.members).toEqual([]);
    expect(report.weeks).toEqual([]);
  });
});
