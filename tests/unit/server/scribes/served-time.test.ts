/**
 * The per-second count of Scribe time on its own: what one tick does with each request, the
 * charge of each second (a failing charge goes on, credit run out ends), saving every 10 s, a
 * save that fails, and a request closed elsewhere in a cluster.
 */
import { describe, expect, it } from 'vitest';
import { SCRIBE_LEAVING_GRACE_MS } from '../../../../src/shared/scribe/model';
import type { ScribeRequestRecord } from '../../../../src/server/scribes/repository';
import type { OpenRequest } from '../../../../src/server/scribes/open-requests';
import { OpenRequestBook } from '../../../../src/server/scribes/request-book';
import type { ScribeCharge, ScribeSecond } from '../../../../src/server/scribes/credit';
import type { LiveRoom } from '../../../../src/server/rooms/room';
import { SAVE_SECONDS_EVERY, ServedTime, tickStep } from '../../../../src/server/scribes/served-time';

const record = (over: Partial<ScribeRequestRecord> = {}): ScribeRequestRecord => ({
  id: 'r1',
  roomId: 'room1',
  requesterAvaId: 'host1',
  requesterName: 'Hana',
  correctionMode: 'fast',
  state: 'connected',
  scribeAvaId: 's1',
  createdAtMs: 1,
  scribeSeconds: 0,
  ...over,
});

describe('tickStep', () => {
  const at = { stale: false, roomEnded: false, nowMs: 100_000 };
  it('drops a moved copy before anything else, then ends a request whose room ended', () => {
    expect(tickStep({ record: record(), unsavedSeconds: 0 }, { ...at, stale: true, roomEnded: true })).toBe(
      'moved',
    );
    expect(
      tickStep({ record: record({ state: 'pending' }), unsavedSeconds: 0 }, { ...at, roomEnded: true }),
    ).toBe('room-ended');
  });

  it('counts only a connected Scribe who is in the room, and ends one gone past the grace', () => {
    expect(tickStep({ record: record({ state: 'pending' }), unsavedSeconds: 0 }, at)).toBe('not-served');
    expect(tickStep({ record: record(), unsavedSeconds: 0 }, at)).toBe('count');
    const leaving = (sinceMs: number): OpenRequest => ({
      record: record(),
      unsavedSeconds: 0,
      leavingSinceMs: sinceMs,
    });
    expect(tickStep(leaving(at.nowMs - SCRIBE_LEAVING_GRACE_MS + 1), at)).toBe('leaving');
    expect(tickStep(leaving(at.nowMs - SCRIBE_LEAVING_GRACE_MS), at)).toBe('grace-over');
  });
});

function setup(options: { cluster?: boolean; charge?: (s: ScribeSecond) => Promise<ScribeCharge> } = {}) {
  const stored = new Map<string, ScribeRequestRecord>([['r1', record()]]);
  const updates: Partial<ScribeRequestRecord>[] = [];
  let failSaves = false;
  const logs: string[] = [];
  const lease = { token: 't1' as string | undefined };
  const leaseOf = options.cluster ? { leaseOf: () => lease.token } : {};
  const deps = {
    requests: {
      update: async (id: string, changes: Partial<ScribeRequestRecord>) => {
        if (failSaves) throw new Error('database gone');
        updates.push(changes);
        stored.set(id, { ...stored.get(id)!, ...changes });
      },
      find: async (id: string) => stored.get(id),
      open: async () => [...stored.values()],
      openOfRoom: async () => stored.get('r1'),
    },
    registry: { liveRoom: () => room as unknown as LiveRoom },
    charge: options.charge ?? (async () => ({ ok: true }) as ScribeCharge),
    now: () => 100_000,
    log: (_level: string, message: string) => logs.push(message),
    ...leaseOf,
  };
  const room = { state: 'ongoing' as 'ongoing' | 'ended' };
  const book = new OpenRequestBook(deps);
  const applied: string[] = [];
  const shown: { roomId: string; closed?: OpenRequest }[] = [];
  const time = new ServedTime(deps, {
    book,
    apply: async (request, event) => {
      applied.push(event);
      book.drop(request.record.id);
    },
    show: (roomId, closed) => shown.push({ roomId, ...(closed ? { closed } : {}) }),
  });
  book.keepNew(record());
  return {
    time,
    book,
    room,
    lease,
    stored,
    updates,
    logs,
    applied,
    shown,
    failSaves: (fail: boolean) => (failSaves = fail),
  };
}

describe('ServedTime', () => {
  it('charges each second and stores the count every 10', async () => {
    const charged: ScribeSecond[] = [];
    const s = setup({
      charge: async (second) => {
        charged.push(second);
        return { ok: true };
      },
    });
    for (let i = 0; i < SAVE_SECONDS_EVERY; i++) await s.time.tick();
    expect(charged.map((c) => c.secondsSoFar)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(charged[0]).toEqual({
      requestId: 'r1',
      roomId: 'room1',
      requesterAvaId: 'host1',
      scribeAvaId: 's1',
      secondsSoFar: 1,
      nowMs: 100_000,
    });
    expect(s.updates).toEqual([{ scribeSeconds: 10 }]);
    expect(s.book.kept()[0]!.unsavedSeconds).toBe(0);
  });

  it('goes on when a second cannot be charged, and ends the session when credit runs out', async () => {
    let answer: () => Promise<ScribeCharge> = () => Promise.reject(new Error('credits down'));
    const s = setup({ charge: () => answer() });
    await s.time.tick();
    expect(s.applied).toEqual([]);
    expect(s.logs).toEqual(['Scribe time could not be charged; the session goes on']);
    answer = async () => ({ ok: false, stop: true, reason: 'no-credit' });
    await s.time.tick();
    expect(s.applied).toEqual(['end']);
    expect(s.logs.at(-1)).toBe('Scribe credit ran out');
  });

  it('keeps seconds it could not store, and stores them later', async () => {
    const s = setup();
    s.failSaves(true);
    for (let i = 0; i < SAVE_SECONDS_EVERY; i++) await s.time.tick();
    expect(s.logs).toEqual(['could not store Scribe time; trying again later']);
    expect(s.book.kept()[0]!.unsavedSeconds).toBe(10);
    s.failSaves(false);
    await s.time.saveSeconds(s.book.kept()[0]!);
    expect(s.updates).toEqual([{ scribeSeconds: 10 }]);
    await s.time.saveSeconds(s.book.kept()[0]!);
    expect(s.updates).toHaveLength(1);
  });

  it('ends the request of a room that ended', async () => {
    const s = setup();
    s.room.state = 'ended';
    await s.time.tick();
    expect(s.applied).toEqual(['room-ended']);
  });

  it('in a cluster, drops a copy whose room moved, uncounted and unsaved', async () => {
    const s = setup({ cluster: true });
    expect(s.book.kept()).toHaveLength(1);
    s.lease.token = 't2';
    await s.time.tick();
    expect(s.book.kept()).toEqual([]);
    expect(s.updates).toEqual([]);
    expect(s.logs).toEqual(['a Scribe request’s conversation moved to another node; it counts its time']);
  });

  it('in a cluster, stops counting a request another node closed, and tells the room', async () => {
    const s = setup({ cluster: true });
    for (let i = 0; i < SAVE_SECONDS_EVERY - 1; i++) await s.time.tick();
    s.stored.set('r1', { ...s.stored.get('r1')!, state: 'ended', closedAtMs: 99_000 });
    await s.time.tick();
    expect(s.updates).toEqual([]);
    expect(s.book.kept()).toEqual([]);
    expect(s.shown).toEqual([
      { roomId: 'room1', closed: expect.objectContaining({ record: s.stored.get('r1') }) },
    ]);
  });
});
