/**
 * Where the desk finds an open request: on one server, its memory (resumed on start); in a
 * cluster, its memory only under the room's lease held now, else the database, taken up when
 * this node owns the room and a copy for one change when it does not.
 */
import { describe, expect, it } from 'vitest';
import type { ScribeRequestRecord, ScribeRequestRepository } from '../../../../src/server/scribes/repository';
import { OpenRequestBook } from '../../../../src/server/scribes/request-book';

const record = (over: Partial<ScribeRequestRecord>): ScribeRequestRecord => ({
  id: 'r1',
  roomId: 'room1',
  requesterAvaId: 'host1',
  requesterName: 'Hana',
  correctionMode: 'fast',
  state: 'pending',
  createdAtMs: 1,
  scribeSeconds: 0,
  ...over,
});

function setup(cluster: boolean, stored: ScribeRequestRecord[] = []) {
  const isOpen = (r: ScribeRequestRecord) => r.state === 'pending' || r.state === 'connected';
  const requests = {
    open: async () => stored.filter(isOpen),
    openOfRoom: async (roomId: string) => stored.find((r) => r.roomId === roomId && isOpen(r)),
    find: async (id: string) => stored.find((r) => r.id === id),
  } as Pick<ScribeRequestRepository, 'open' | 'openOfRoom' | 'find'>;
  const leases = new Map<string, string>();
  const logs: string[] = [];
  const book = new OpenRequestBook({
    requests,
    now: () => 5_000,
    log: (_level, message) => logs.push(message),
    ...(cluster ? { leaseOf: (roomId: string) => leases.get(roomId) } : {}),
  });
  return { book, leases, logs, stored };
}

describe('OpenRequestBook on one server', () => {
  it('resumes every stored open request, a connected Scribe as leaving', async () => {
    const s = setup(false, [
      record({ id: 'a', roomId: 'ra', state: 'connected', scribeAvaId: 's1' }),
      record({ id: 'b', roomId: 'rb' }),
      record({ id: 'c', roomId: 'rc', state: 'ended' }),
    ]);
    await s.book.resumeStored();
    expect(s.book.kept().map((r) => r.record.id)).toEqual(['a', 'b']);
    expect(s.book.ofRoom('ra')).toMatchObject({ leavingSinceMs: 5_000, unsavedSeconds: 0 });
    expect(s.book.ofRoom('rb')?.leavingSinceMs).toBeUndefined();
  });

  it('finds only what it keeps: the database is not read again', async () => {
    const s = setup(false);
    s.book.keepNew(record({}));
    s.stored.push(record({ id: 'other', roomId: 'room2' }));
    expect((await s.book.located('room1'))?.record.id).toBe('r1');
    expect(await s.book.located('room2')).toBeUndefined();
    expect((await s.book.locatedById('r1'))?.record.id).toBe('r1');
    expect(await s.book.locatedById('other')).toBeUndefined();
    expect((await s.book.allOpen()).map((r) => r.id)).toEqual(['r1']);
    expect((await s.book.onDashboard()).map((r) => r.record.id)).toEqual(['r1']);
    expect(s.book.stale(s.book.ofRoom('room1')!)).toBe(false);
    s.book.drop('r1');
    expect(s.book.kept()).toEqual([]);
  });

  it('names the room of an open request only', async () => {
    const s = setup(false, [record({ id: 'done', roomId: 'room9', state: 'ended' })]);
    s.book.keepNew(record({}));
    expect(await s.book.roomOfRequest('r1')).toBe('room1');
    expect(await s.book.roomOfRequest('done')).toBeUndefined();
    expect(await s.book.roomOfRequest('none')).toBeUndefined();
  });
});

describe('OpenRequestBook in a cluster', () => {
  it('resumes nothing on start, and keeps a new request only under the room’s lease', async () => {
    const s = setup(true, [record({ id: 'old' })]);
    expect(s.book.kept()).toEqual([]);
    s.book.keepNew(record({ id: 'x', roomId: 'not-mine' }));
    expect(s.book.kept()).toEqual([]);
    s.leases.set('room1', 't1');
    s.book.keepNew(record({ id: 'y' }));
    expect(s.book.kept()).toEqual([{ record: record({ id: 'y' }), unsavedSeconds: 0, lease: 't1' }]);
  });

  it('takes a stored request up when it owns the room, and lends a copy when it does not', async () => {
    const s = setup(true, [record({ state: 'connected', scribeAvaId: 's1' })]);
    const copy = await s.book.located('room1');
    expect(copy).toMatchObject({ record: { id: 'r1' }, leavingSinceMs: 5_000 });
    expect(copy?.lease).toBeUndefined();
    expect(s.book.kept()).toEqual([]);
    s.leases.set('room1', 't1');
    const taken = await s.book.located('room1');
    expect(taken?.lease).toBe('t1');
    expect(s.book.kept()).toEqual([taken]);
    expect(s.logs).toEqual(['took up the Scribe request of a conversation this node owns']);
    expect(await s.book.located('room1')).toBe(taken);
  });

  it('drops a copy whose lease is gone, and takes the request up again under the new one', async () => {
    const s = setup(true, [record({})]);
    s.leases.set('room1', 't1');
    const first = (await s.book.located('room1'))!;
    s.leases.set('room1', 't2');
    expect(s.book.stale(first)).toBe(true);
    const second = (await s.book.located('room1'))!;
    expect(second).not.toBe(first);
    expect(second.lease).toBe('t2');
    expect(s.book.kept()).toEqual([second]);
    s.leases.delete('room1');
    expect(s.book.stale(second)).toBe(true);
  });

  it('finds a request by id through its room, and not a closed one', async () => {
    const s = setup(true, [record({}), record({ id: 'closed', roomId: 'room2', state: 'cancelled' })]);
    s.leases.set('room1', 't1');
    expect((await s.book.locatedById('r1'))?.record.id).toBe('r1');
    expect(await s.book.locatedById('closed')).toBeUndefined();
    expect(await s.book.locatedById('none')).toBeUndefined();
  });

  it('lists every stored request on the dashboard, its own copy where it keeps one', async () => {
    const s = setup(true, [record({}), record({ id: 'r2', roomId: 'room2' })]);
    s.leases.set('room1', 't1');
    const kept = (await s.book.located('room1'))!;
    kept.record.scribeSeconds = 7;
    const listed = await s.book.onDashboard();
    expect(listed[0]).toBe(kept);
    expect(listed[1]).toEqual({ record: record({ id: 'r2', roomId: 'room2' }), unsavedSeconds: 0 });
    expect((await s.book.allOpen()).map((r) => r.id)).toEqual(['r1', 'r2']);
    s.leases.set('room1', 't2');
    expect((await s.book.onDashboard())[0]).not.toBe(kept);
  });
});
