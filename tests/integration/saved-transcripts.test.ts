/**
 * Saved transcripts, ratings and the end's close reasons through the real server, on embedded
 * PGlite and on PostgreSQL (DATABASE_URL): conversations are saved by their members, listed
 * newest first 10 at a time, searched by words, renamed and deleted (the rows are gone from the
 * database), rated once; an outsider and a guest whose host forbade sharing are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { randomId } from '../../src/shared/ids';
import type { ServerMessageOf } from '../../src/shared/protocol';
import type { SavedTranscriptsResponse } from '../../src/shared/saved-transcripts';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { adminQuery as admin, testDatabaseUrl } from '../helpers/test-postgres';

const BACKENDS = [
  { name: 'PGlite', database: undefined },
  { name: 'PostgreSQL', database: `hearken_it_${randomId(8).toLowerCase()}` },
] as const;

describe.each(BACKENDS)('saved transcripts on $name', ({ database }) => {
  let server: TestServer;
  const dataDir = tempDataDir();
  let hostUser: GuestUserWithCredential;
  let readerUser: GuestUserWithCredential;
  let outsiderUser: GuestUserWithCredential;
  let mainRoom: string;
  const open: CaptionClient[] = [];

  async function call(method: string, path: string, user?: GuestUserWithCredential, body?: unknown) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(user ? guestHeaders(user) : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async function list(user: GuestUserWithCredential, query: Record<string, string> = {}) {
    const params = new URLSearchParams({ avaId: user.avaId, ...query });
    const answer = await call('GET', `${API.savedTranscripts}?${params.toString()}`, user);
    return answer as { status: number; body: SavedTranscriptsResponse & Record<string, unknown> };
  }

  /** A conversation of the host's own with one typed line, ended; saved by the host. */
  async function conversation(title: string, line: string): Promise<string> {
    const host = await CaptionClient.connect(server.url, { user: hostUser });
    open.push(host);
    host.send({ type: 'update-title', title });
    host.send({ type: 'typed-message', text: line, lang: 'en-US' });
    await host.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 5000);
    expect((await call('POST', API.roomSavedTranscript(host.roomId), hostUser, {})).status).toBe(201);
    host.send({ type: 'connection-params-update', state: { value: 'ended' } });
    await host.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);
    return host.roomId;
  }

  const db = () => server.database.db;

  beforeAll(async () => {
    if (database) {
      await admin(`create database ${database}`);
      server = await startTestServer({ dataDir, env: { DATABASE_URL: testDatabaseUrl(database) } });
    } else {
      server = await startTestServer({ dataDir });
    }
    hostUser = await createGuest(server.url, 'Ada Host');
    readerUser = await createGuest(server.url, 'Bo Reader');
    outsiderUser = await createGuest(server.url, 'Cy Outsider');

    // The main conversation: the host and a reader who joined by the room's name.
    const host = await CaptionClient.connect(server.url, { user: hostUser });
    open.push(host);
    mainRoom = host.roomId;
    host.send({ type: 'update-title', title: 'Budget review' });
    const status = host.received.find((r) => r.message.type === 'room-status')!
      .message as ServerMessageOf<'room-status'>;
    const found = await resolveRoomName(server.url, status.status.name!, readerUser);
    const reader = await CaptionClient.connect(server.url, {
      user: readerUser,
      roomId: found.roomId,
      token: found.token,
    });
    open.push(reader);
    reader.send({ type: 'typed-message', text: 'We went through the café budget on Monday.', lang: 'en-US' });
    await host.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 5000);
    // Someone who is not the host saves while the room is still going, and leaves saying why.
    expect((await call('POST', API.roomSavedTranscript(mainRoom), readerUser, {})).status).toBe(201);
    expect((await call('POST', API.roomSavedTranscript(mainRoom), readerUser, {})).status).toBe(200);
    // The host saves, then quits the app: app_terminated ends the room for everyone.
    expect((await call('POST', API.roomSavedTranscript(mainRoom), hostUser, {})).status).toBe(201);
    host.send({ type: 'close', reason: 'app_terminated' });
    await reader.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);
  }, 120_000);

  afterAll(async () => {
    for (const client of open) await client.close().catch(() => undefined);
    await server?.close();
    removeDataDir(dataDir);
    if (database) await admin(`drop database if exists ${database}`);
  });

  it('lists the conversation for both of its members, with the spec’s entity', async () => {
    for (const user of [hostUser, readerUser]) {
      const { status, body } = await list(user);
      expect(status).toBe(200);
      expect(body.savedTranscripts).toEqual([
        {
          roomId: mainRoom,
          startTimestampMs: expect.any(Number) as number,
          title: 'Budget review',
          hasTranscripts: true,
          isAllowedAccess: true,
          deleted: false,
          // Issue 30, item 23: how long, who spoke and how it began, read from the transcript.
          summary: {
            durationMs: expect.any(Number) as number,
            participants: ['Bo Reader'],
            otherParticipants: 0,
            firstWords: 'We went through the café budget on Monday.',
          },
        },
      ]);
      expect(body.savedTranscripts[0]!.summary.durationMs).toBeGreaterThan(0);
      expect(body.nextBefore).toBeUndefined();
    }
  });

  it('refuses an outsider: no list of someone else’s, nothing to save, rename or delete', async () => {
    expect((await list(outsiderUser)).body.savedTranscripts).toEqual([]);
    const theirs = await call('GET', `${API.savedTranscripts}?avaId=${hostUser.avaId}`, outsiderUser);
    expect(theirs.status).toBe(403);
    expect((await call('GET', `${API.savedTranscripts}?avaId=${hostUser.avaId}`)).status).toBe(401);
    expect((await call('POST', API.roomSavedTranscript(mainRoom), outsiderUser, {})).status).toBe(404);
    expect((await call('PATCH', API.savedTranscript(mainRoom), outsiderUser, { title: 'Mine' })).status).toBe(
      404,
    );
    expect((await call('DELETE', API.savedTranscript(mainRoom), outsiderUser)).status).toBe(404);
    expect((await call('POST', API.roomRating(mainRoom), outsiderUser, { stars: 1 })).status).toBe(404);
    const rows = await db()
      .selectFrom('saved_transcripts')
      .select('ava_id')
      .where('room_id', '=', mainRoom)
      .execute();
    expect(rows.map((r) => r.ava_id).sort()).toEqual([hostUser.avaId, readerUser.avaId].sort());
  });

  it('searches by words of at least 3 characters, normalised, in the lines and the title', async () => {
    const found = async (search: string) =>
      (await list(readerUser, { search })).body.savedTranscripts.map((e) => e.roomId);
    expect(await found('CAFE')).toEqual([mainRoom]);
    expect(await found('budget, monday!')).toEqual([mainRoom]);
    expect(await found('review')).toEqual([mainRoom]);
    expect(await found('tuesday')).toEqual([]);
    const short = await list(readerUser, { search: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: { code: 'search-too-short' } });
  });

  it('drops the entry for a guest once the host forbids sharing, and refuses saving it', async () => {
    await db().updateTable('rooms').set({ forbid_sharing: true }).where('id', '=', mainRoom).execute();
    try {
      expect((await list(readerUser)).body.savedTranscripts).toEqual([]);
      const save = await call('POST', API.roomSavedTranscript(mainRoom), readerUser, {});
      expect(save.status).toBe(403);
      expect(save.body).toMatchObject({ error: { code: 'transcript-not-shared' } });
      expect((await call('GET', API.roomTranscripts(mainRoom), readerUser)).status).toBe(403);
      // The host still has it.
      expect((await list(hostUser)).body.savedTranscripts.map((e) => e.roomId)).toEqual([mainRoom]);
    } finally {
      await db().updateTable('rooms').set({ forbid_sharing: false }).where('id', '=', mainRoom).execute();
    }
  });

  it('drops it for a guest when the conversation disallows saving, unless the host can save', async () => {
    const set = (changes: { allow_transcripts_saving?: boolean; host_can_save?: boolean }) =>
      db().updateTable('rooms').set(changes).where('id', '=', mainRoom).execute();
    await set({ allow_transcripts_saving: false });
    try {
      expect((await list(readerUser)).body.savedTranscripts).toEqual([]);
      await set({ host_can_save: true });
      expect((await list(readerUser)).body.savedTranscripts.map((e) => e.roomId)).toEqual([mainRoom]);
      expect((await call('GET', API.roomTranscripts(mainRoom), readerUser)).status).toBe(200);
    } finally {
      await set({ allow_transcripts_saving: true, host_can_save: false });
    }
  });

  it('rates a conversation once per person, 1 to 5 stars, only after it ended', async () => {
    // Nothing to read back before rating: the form is offered.
    expect((await call('GET', API.roomRating(mainRoom), readerUser)).body).toEqual({
      roomId: mainRoom,
      rating: null,
    });
    const bad = await call('POST', API.roomRating(mainRoom), readerUser, { stars: 6 });
    expect(bad.status).toBe(400);
    const first = await call('POST', API.roomRating(mainRoom), readerUser, { stars: 5, comment: ' Clear ' });
    expect(first.status).toBe(201);
    const second = await call('POST', API.roomRating(mainRoom), readerUser, { stars: 1 });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: { code: 'already-rated' } });
    // Read back as stored (the first, trimmed), and only one's own.
    expect((await call('GET', API.roomRating(mainRoom), readerUser)).body).toEqual({
      roomId: mainRoom,
      rating: { stars: 5, comment: 'Clear' },
    });
    expect((await call('GET', API.roomRating(mainRoom), hostUser)).body.rating).toBeNull();
    expect((await call('POST', API.roomRating(mainRoom), hostUser, { stars: 4 })).status).toBe(201);
    const rows = await db()
      .selectFrom('conversation_ratings')
      .select(['ava_id', 'stars', 'comment'])
      .where('room_id', '=', mainRoom)
      .orderBy('stars')
      .execute();
    expect(rows).toEqual([
      { ava_id: hostUser.avaId, stars: 4, comment: null },
      { ava_id: readerUser.avaId, stars: 5, comment: 'Clear' },
    ]);
    // An ongoing conversation is not rated yet.
    const live = await CaptionClient.connect(server.url, { user: hostUser });
    open.push(live);
    const early = await call('POST', API.roomRating(live.roomId), hostUser, { stars: 3 });
    expect(early.status).toBe(404);
    expect((await call('GET', API.roomRating(live.roomId), hostUser)).status).toBe(404);
    expect(
      await db()
        .selectFrom('conversation_ratings')
        .select('ava_id')
        .where('room_id', '=', live.roomId)
        .execute(),
    ).toEqual([]);
  });

  it('pages the history newest first, 10 at a time', async () => {
    const made: string[] = [];
    for (let i = 0; i < 11; i++) made.push(await conversation(`Meeting ${i}`, `Item number ${i} discussed.`));
    const first = await list(hostUser);
    expect(first.body.savedTranscripts).toHaveLength(10);
    const starts = first.body.savedTranscripts.map((e) => e.startTimestampMs);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    expect(first.body.nextBefore).toBe(starts[9]);
    const second = await list(hostUser, { before: String(first.body.nextBefore) });
    const all = [...first.body.savedTranscripts, ...second.body.savedTranscripts].map((e) => e.roomId);
    expect(new Set(all).size).toBe(12);
    expect(all).toContain(mainRoom);
    expect(new Set(all)).toEqual(new Set([...made, mainRoom]));
    expect(second.body.nextBefore).toBeUndefined();
    expect((await list(hostUser, { limit: '1' })).body.savedTranscripts.map((e) => e.roomId)).toEqual([
      made[10],
    ]);
    expect((await list(hostUser, { limit: '11' })).status).toBe(400);
    expect((await list(hostUser, { limit: '5' })).body).toMatchObject({
      error: { code: 'invalid-query', content: { message: 'limit: 1 or 10' } },
    });
  }, 60_000);

  it('renames one’s own entry only, with the title rule', async () => {
    const renamed = await call('PATCH', API.savedTranscript(mainRoom), readerUser, {
      title: '  Café budget  ',
    });
    expect(renamed).toEqual({ status: 200, body: { roomId: mainRoom, title: 'Café budget' } });
    expect((await list(readerUser)).body.savedTranscripts[0]!.title).toBe('Café budget');
    // The host's entry keeps the room's title.
    const hostEntries = (await list(hostUser, { search: 'review' })).body.savedTranscripts;
    expect(hostEntries.find((e) => e.roomId === mainRoom)!.title).toBe('Budget review');
    expect((await call('PATCH', API.savedTranscript(mainRoom), readerUser, { title: '   ' })).status).toBe(
      400,
    );
  });

  it('deletes: a guest’s entry row goes; the host’s delete removes the conversation’s rows', async () => {
    const lines = () => db().selectFrom('transcripts').select('id').where('room_id', '=', mainRoom).execute();
    expect((await lines()).length).toBeGreaterThan(0);
    expect((await call('DELETE', API.savedTranscript(mainRoom), readerUser)).status).toBe(204);
    const readerRows = await db()
      .selectFrom('saved_transcripts')
      .select('room_id')
      .where('ava_id', '=', readerUser.avaId)
      .execute();
    expect(readerRows).toEqual([]);
    expect((await list(readerUser)).body.savedTranscripts).toEqual([]);
    expect((await lines()).length).toBeGreaterThan(0);

    expect((await call('DELETE', API.savedTranscript(mainRoom), hostUser)).status).toBe(204);
    expect(await db().selectFrom('rooms').select('id').where('id', '=', mainRoom).execute()).toEqual([]);
    expect(await lines()).toEqual([]);
    expect(
      await db()
        .selectFrom('conversation_ratings')
        .select('ava_id')
        .where('room_id', '=', mainRoom)
        .execute(),
    ).toEqual([]);
    expect((await call('GET', API.roomTranscripts(mainRoom), hostUser)).status).toBe(404);
    expect((await list(hostUser, { search: 'review' })).body.savedTranscripts).toEqual([]);
    expect((await call('DELETE', API.savedTranscript(mainRoom), hostUser)).status).toBe(404);
  });

  it('does not delete an ongoing conversation', async () => {
    const live = await CaptionClient.connect(server.url, { user: hostUser });
    open.push(live);
    live.send({ type: 'typed-message', text: 'Still talking.', lang: 'en-US' });
    await live.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 5000);
    expect((await call('POST', API.roomSavedTranscript(live.roomId), hostUser, {})).status).toBe(201);
    const refused = await call('DELETE', API.savedTranscript(live.roomId), hostUser);
    expect(refused.status).toBe(409);
  });

  it('summarises each entry from its lines: speakers bounded and counted, gaps skipped, opening cut', async () => {
    const roomId = await conversation('Many voices', 'Welcome everyone to the planning call.');
    const first = await db()
      .selectFrom('transcripts')
      .selectAll()
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow();
    // More lines as the store keeps them: four more speakers, one speaking twice, and a gap.
    const line = (idx: number, authorShow: string, text: string, gapToMs: number | null = null) => ({
      ...first,
      words: JSON.stringify(first.words),
      translations: null,
      corrections: null,
      seq: Number(first.seq) + idx,
      id: `${first.id}-${idx}`,
      idx: first.idx + idx,
      author_show: authorShow,
      text,
      gap_to_ms: gapToMs,
    });
    await db()
      .insertInto('transcripts')
      .values([
        line(1, 'Server', '', Number(first.timestamp_ms) + 5000),
        line(2, 'Cy', 'Thanks, Ada, glad to be here with the whole planning team today for this.'),
        line(3, 'Di', 'Hello, hello, and a long opening that goes on about the agenda for quite a while.'),
        line(4, 'Cy', 'One more thing.'),
        line(5, 'Ed', 'Last word.'),
        line(6, 'Fay', 'After that.'),
      ])
      .execute();
    const { body } = await list(hostUser, { limit: '1' });
    const entry = body.savedTranscripts[0]!;
    expect(entry.roomId).toBe(roomId);
    // Five people spoke (the gap marker is nobody): the first three by when they first spoke.
    expect(entry.summary.participants).toEqual(['Ada Host', 'Cy', 'Di']);
    expect(entry.summary.otherParticipants).toBe(2);
    // The opening is the first three lines (not the gap), cut between words.
    expect(entry.summary.firstWords).toBe(
      'Welcome everyone to the planning call. Thanks, Ada, glad to be here with the whole planning team today for this. Hello…',
    );
  });

  it('bulk deletes the caller’s own entries in one transaction, all or none', async () => {
    const [a, b, c] = [
      await conversation('Bulk one', 'First of the batch.'),
      await conversation('Bulk two', 'Second of the batch.'),
      await conversation('Bulk three', 'Third of the batch.'),
    ];
    const rooms = async () =>
      (await db().selectFrom('rooms').select('id').where('id', 'in', [a, b, c]).execute()).map((r) => r.id);
    const bulk = (user: GuestUserWithCredential, roomIds: unknown) =>
      call('POST', API.savedTranscriptsBulkDelete, user, { roomIds });

    // Someone else's entries: refused, and nothing of the host's is touched.
    expect(await bulk(outsiderUser, [a, b])).toMatchObject({
      status: 404,
      body: { error: { code: 'saved-transcript-not-found' } },
    });
    // One that is not the caller's among their own: none deleted.
    expect((await bulk(hostUser, [a, 'no-such-room'])).status).toBe(404);
    // One still going on among them: none deleted.
    const live = await CaptionClient.connect(server.url, { user: hostUser });
    open.push(live);
    live.send({ type: 'typed-message', text: 'Still going.', lang: 'en-US' });
    await live.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 5000);
    expect((await call('POST', API.roomSavedTranscript(live.roomId), hostUser, {})).status).toBe(201);
    expect(await bulk(hostUser, [a, live.roomId])).toMatchObject({
      status: 409,
      body: { error: { code: 'conversation-ongoing' } },
    });
    expect((await rooms()).sort()).toEqual([a, b, c].sort());
    // Nothing named, or not a list: a clear refusal.
    expect((await bulk(hostUser, [])).status).toBe(400);
    expect((await bulk(hostUser, 'a,b')).status).toBe(400);

    // The host's own ended conversations, one named twice: all three go, with their lines.
    expect(await bulk(hostUser, [a, b, c, a])).toEqual({
      status: 200,
      body: { roomIds: [a, b, c], deleted: 3 },
    });
    expect(await rooms()).toEqual([]);
    expect(
      await db().selectFrom('transcripts').select('id').where('room_id', 'in', [a, b, c]).execute(),
    ).toEqual([]);
    const listed = (await list(hostUser, { search: 'batch' })).body.savedTranscripts;
    expect(listed).toEqual([]);
  });

  it('bulk deletes a reader’s entries only: the host’s conversation stays', async () => {
    const roomId = await conversation('Shared bulk', 'A line the reader saved.');
    await db()
      .insertInto('saved_transcripts')
      .values({
        ava_id: readerUser.avaId,
        room_id: roomId,
        title: null,
        title_search: null,
        saved_at_ms: Date.now(),
      })
      .execute();
    expect(
      (await call('POST', API.savedTranscriptsBulkDelete, readerUser, { roomIds: [roomId] })).status,
    ).toBe(200);
    expect(
      await db().selectFrom('saved_transcripts').select('ava_id').where('room_id', '=', roomId).execute(),
    ).toEqual([{ ava_id: hostUser.avaId }]);
  });
});
