/**
 * The spec's conversation metrics counters on a real (embedded) PostgreSQL: an ended
 * conversation is counted once for each account in it (host and members; guests have no
 * profile), solo or group by its speakers, with its words and time; ratings and saved
 * transcripts add to the rater's or saver's counters.
 */
import { PGliteDialect } from '../../src/server/db/pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationMetricsRepository } from '../../src/server/accounts/conversation-metrics';
import { migrationProvider } from '../../src/server/db/migrations';
import { RoomRepository } from '../../src/server/rooms/repository';
import type { Database } from '../../src/server/db/schema';
import { TranscriptRepository } from '../../src/server/transcripts/repository';
import { UserRepository } from '../../src/server/accounts/users-repository';
import type { Transcript } from '../../src/shared/entities';
import type { UserProfile } from '../../src/shared/user';
import { roomRecord } from '../helpers/room-record';

let db: Kysely<Database>;
let users: UserRepository;
let rooms: RoomRepository;
let transcripts: TranscriptRepository;
let metrics: ConversationMetricsRepository;

function profile(avaId: string): UserProfile {
  return {
    avaId,
    avaName: avaId,
    userName: avaId,
    accountType: 'Free',
    emails: {},
    convoMetrics: { total_conversations: 2 },
    firebaseAuthUID: `uid-${avaId}`,
    features: {},
    subscription: { ongoingSubscription: 'Free' },
    scribeRemainingTime: 0,
    paidASRCreditTime: 0,
    settings: {},
    inviteMetrics: {},
    joinMetrics: {},
    createdAtMs: 0,
  };
}

function line(id: string, index: number, author: string, text: string): Transcript {
  return {
    id,
    isFinal: true,
    author,
    authorShow: author,
    origin: 'human',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    usePaidASR: false,
    index,
    timestampMs: index,
    t0: 0,
    trackName: 'keyboard',
  };
}

async function endedRoom(id: string, host: string, members: string[], lines: Transcript[]) {
  await rooms.create(roomRecord({ id, name: id, hostAvaId: host, roToken: `${id}-ro`, rwToken: `${id}-rw` }));
  for (const m of members) await rooms.addMember(id, m, 0, { readonly: false, role: 'participant' });
  let seq = 0;
  for (const l of lines) await transcripts.saveFinal(id, l, ++seq);
  await rooms.update(id, { state: 'ended', endedAtMs: 90_000 });
}

const metricsOf = async (avaId: string) => (await users.find(avaId))?.convoMetrics;

beforeAll(async () => {
  const pglite = new PGlite();
  await pglite.waitReady;
  db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  const migrated = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  expect(migrated.error).toBeUndefined();
  users = new UserRepository(db);
  rooms = new RoomRepository(db);
  transcripts = new TranscriptRepository(db);
  metrics = new ConversationMetricsRepository(db);
  for (const avaId of ['ada', 'bo']) await users.create(profile(avaId), 0);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
});

describe('conversation metrics', () => {
  it('counts a group conversation once for each account in it', async () => {
    await endedRoom(
      'ada_group',
      'ada',
      ['bo', 'guest-cy'],
      [line('l1', 0, 'ada', 'Shall we start?'), line('l2', 1, 'bo', "Yes, let's go over the budget.")],
    );
    expect(await metrics.countEnded('ada_group', 100_000)).toBe(true);
    expect(await metrics.countEnded('ada_group', 100_000)).toBe(false);
    for (const avaId of ['ada', 'bo']) {
      expect(await metricsOf(avaId)).toEqual({
        total_conversations: 3,
        'Total Conversations': 1,
        'Total Convo Time': 90_000,
        'Total Convo Words': 9,
        'Total Group Time': 90_000,
        'Total Group Words': 9,
        'Total Group Conversations Web': 1,
        NB_GROUP_CONVO: 1,
      });
    }
  });

  it('counts a conversation with one speaker as solo, adding to what was there', async () => {
    await endedRoom('bo_solo', 'bo', [], [line('s1', 0, 'bo', 'Notes to myself.')]);
    expect(await metrics.countEnded('bo_solo', 100_000)).toBe(true);
    expect(await metricsOf('bo')).toMatchObject({
      total_conversations: 4,
      'Total Conversations': 2,
      'Total Convo Words': 12,
      'Total Solo Words': 3,
      NB_SOLO_CONVO: 1,
      NB_GROUP_CONVO: 1,
    });
    expect((await metricsOf('ada'))?.['Total Conversations']).toBe(1);
  });

  it('does not count a conversation that has not ended', async () => {
    await rooms.create(
      roomRecord({ id: 'ada_live', name: 'ada_live', hostAvaId: 'ada', roToken: 'lr', rwToken: 'lw' }),
    );
    expect(await metrics.countEnded('ada_live', 100_000)).toBe(false);
  });

  it('counts ratings by stars and saved transcripts; a guest has no counters', async () => {
    expect(await metrics.countRating('ada', 5, 1)).toBe(true);
    expect(await metrics.countRating('ada', 5, 1)).toBe(true);
    expect(await metrics.countSavedTranscript('ada', 1)).toBe(true);
    expect(await metricsOf('ada')).toMatchObject({ Rated_5: 2, 'Total Saved Transcripts': 1 });
    expect(await metrics.countRating('guest-cy', 3, 1)).toBe(false);
  });
});
