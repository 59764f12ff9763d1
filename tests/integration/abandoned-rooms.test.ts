/**
 * Rooms people walked away from are ended and give their names back (rooms/abandoned.ts), so
 * names do not run out; rooms still in use, or live in this server, are left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository, type RoomRecord } from '../../src/server/rooms/repository';
import { sweepAbandonedRooms } from '../../src/server/rooms/abandoned';
import { API } from '../../src/shared/api';
import { CaptionClient, createGuest, guestHeaders } from '../../scripts/lib/socket-client';
import { roomRecord } from '../helpers/room-record';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let rooms: RoomRepository;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  rooms = new RoomRepository(server.database.db);
});

afterAll(async () => {
  await server?.close();
  removeDataDir(server.dataDir);
});

function record(id: string, name: string, startTimestampMs: number): RoomRecord {
  const token = id.replace(/[^A-Za-z0-9]/g, '');
  return roomRecord({
    id,
    name,
    hostAvaId: id.split('_')[0]!,
    hostAvaName: 'Gone Host',
    startTimestampMs,
    roToken: `ro${token}`,
    rwToken: `rw${token}`,
  });
}

describe('abandoned rooms', () => {
  it('ends the rooms nobody came into for hours, releasing their names, and leaves the others', async () => {
    const now = Date.now();
    expect(await rooms.create(record('gone_1', 'old-room-11', now - 6 * HOUR))).toBe(true);
    expect(await rooms.create(record('fresh_1', 'new-room-12', now - 10 * 60_000))).toBe(true);
    // Live in this server and old: someone is in it (the sweep asks the registry).
    const hostUser = await createGuest(server.url, 'Long Meeting');
    const live = await CaptionClient.connect(server.url, { user: hostUser });
    await server.database.db
      .updateTable('rooms')
      .set({ last_active_ms: now - 6 * HOUR })
      .where('id', '=', live.roomId)
      .execute();

    const ended = await sweepAbandonedRooms({
      rooms,
      registry: server.registry,
      abandonMs: 4 * HOUR,
      now: () => now,
      log: () => undefined,
    });
    expect(ended).toEqual(['gone_1']);
    expect(await rooms.find('gone_1')).toMatchObject({ state: 'ended', name: null });
    expect(await rooms.findByName('old-room-11')).toBeUndefined();
    expect(await rooms.find('fresh_1')).toMatchObject({ state: 'ongoing', name: 'new-room-12' });
    expect(await rooms.find(live.roomId)).toMatchObject({ state: 'ongoing' });
    // The released name can no longer be resolved by anyone.
    const prober = await createGuest(server.url, 'Prober');
    expect(
      (await fetch(`${server.url}${API.roomName('old-room-11')}`, { headers: guestHeaders(prober) })).status,
    ).toBe(404);
    await live.close();
  });

  it('counts coming into a room as activity', async () => {
    const hostUser = await createGuest(server.url, 'Returning Host');
    const first = await CaptionClient.connect(server.url, { user: hostUser });
    await first.close();
    await server.database.db
      .updateTable('rooms')
      .set({ last_active_ms: 1 })
      .where('id', '=', first.roomId)
      .execute();
    const back = await CaptionClient.connect(server.url, { user: hostUser, roomId: first.roomId });
    const row = await server.database.db
      .selectFrom('rooms')
      .select('last_active_ms')
      .where('id', '=', first.roomId)
      .executeTakeFirstOrThrow();
    expect(Number(row.last_active_ms)).toBeGreaterThan(Date.now() - 60_000);
    await back.close();
  });
});
