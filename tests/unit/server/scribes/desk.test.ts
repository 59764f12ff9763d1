/**
 * The Scribe desk's time rules on a manual clock (the real database and sockets are in
 * tests/integration/scribes.test.ts): Scribe time counted per second only while the Scribe is in
 * the room, each second put to the credit function (which can stop the session), leaving and
 * coming back within the grace, a Scribe who never arrives or never comes back, a room that ends.
 */
import { describe, expect, it } from 'vitest';
import type { ScribeChatMessage } from '../../../../src/shared/scribe/api';
import { type RoomScribe, SCRIBE_LEAVING_GRACE_MS } from '../../../../src/shared/scribe/model';
import type { ScribeRequestRecord, ScribeRequestRepository } from '../../../../src/server/scribes/repository';
import type { ScribeSecond, ScribeCharge } from '../../../../src/server/scribes/credit';
import { ScribeDesk } from '../../../../src/server/scribes/desk';
import type { LiveRoom, RoomMember } from '../../../../src/server/rooms/room';

function member(avaId: string, role: 'participant' | 'scribe'): RoomMember {
  return { avaId, userName: avaId, role, readonly: false, usePaidASR: false, send: () => undefined };
}

function setup(
  charge: (s: ScribeSecond) => ScribeCharge = () => ({ ok: true }),
  withinScribeLimit?: (avaId: string) => Promise<boolean>,
) {
  let now = 1_000_000;
  const records = new Map<string, ScribeRequestRecord>();
  const repo = {
    create: async (r: ScribeRequestRecord) => void records.set(r.id, { ...r }),
    update: async (id: string, changes: Partial<ScribeRequestRecord>) =>
      void records.set(id, { ...records.get(id)!, ...changes }),
    open: async () => [...records.values()].filter((r) => r.state === 'pending' || r.state === 'connected'),
    find: async (id: string) => records.get(id),
    standingOf: async () => 'none',
    addChat: async (_m: ScribeChatMessage) => undefined,
    chat: async () => [],
  } as unknown as ScribeRequestRepository;
  const members = new Set<RoomMember>();
  const statuses: (RoomScribe | undefined)[] = [];
  const room = {
    id: 'host1_room',
    hostAvaId: 'host1',
    state: 'ongoing' as 'ongoing' | 'ended',
    lastCaptionAtMs: undefined,
    membersOf: (avaId: string) => [...members].filter((m) => m.avaId === avaId),
    setScribe: (s: RoomScribe | undefined, o?: { silent?: boolean }) => {
      if (!o?.silent) statuses.push(s);
    },
  };
  const seconds: ScribeSecond[] = [];
  let tick: () => void = () => undefined;
  const desk = new ScribeDesk({
    requests: repo,
    rooms: {
      find: async () => ({ id: room.id, hostAvaId: room.hostAvaId, state: room.state, title: 'T' }) as never,
      addMember: async (_r, _a, _n, m) => m,
    },
    registry: { liveRoom: () => room as unknown as LiveRoom, find: async () => room as unknown as LiveRoom },
    charge: async (s) => {
      seconds.push(s);
      return charge(s);
    },
    now: () => now,
    log: () => undefined,
    setInterval: (fn) => {
      tick = fn;
      return 1;
    },
    clearInterval: () => undefined,
    ...(withinScribeLimit ? { withinScribeLimit } : {}),
  });
  const live = room as unknown as LiveRoom;
  /** Moves the clock on by `n` seconds, one tick each, letting the desk finish each. */
  const advance = async (n: number) => {
    for (let i = 0; i < n; i++) {
      now += 1000;
      tick();
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { desk, room, live, members, statuses, seconds, records, advance, settle };
}

async function served(s: ReturnType<typeof setup>) {
  await s.desk.start();
  await s.desk.request(s.live, member('host1', 'participant'), 'fast');
  const id = [...s.records.keys()][0]!;
  await s.desk.accept(id, { avaId: 'scribe1', userName: 'Sam' });
  return id;
}

describe('ScribeDesk', () => {
  it('answers before any request why one would be refused, by the request’s own rules (issue 30, item 4)', async () => {
    let within = false;
    const s = setup(undefined, async () => within);
    await s.desk.start();
    expect(await s.desk.requestRefusal('host1')).toBe('scribe-limit-reached');
    within = true;
    expect(await s.desk.requestRefusal('host1')).toBeUndefined();
    // Asking then is taken: what the button said is what the request does.
    await s.desk.request(s.live, member('host1', 'participant'), 'fast');
    expect(s.records.size).toBe(1);
  });

  it('refuses a request once the organisation’s monthly Scribe limit is used, asking for the requester', async () => {
    const asked: string[] = [];
    let within = false;
    const s = setup(undefined, async (avaId) => {
      asked.push(avaId);
      return within;
    });
    await s.desk.start();
    await expect(s.desk.request(s.live, member('host1', 'participant'), 'fast')).rejects.toMatchObject({
      refusal: 'scribe-limit-reached',
      message: 'Your organization’s monthly Scribe limit is reached.',
    });
    expect(s.records.size).toBe(0);
    within = true;
    await s.desk.request(s.live, member('host1', 'participant'), 'fast');
    expect(s.records.size).toBe(1);
    expect(asked).toEqual(['host1', 'host1']);
  });

  it('counts Scribe time per second only while the Scribe is in the room', async () => {
    const s = setup();
    const id = await served(s);
    await s.advance(5);
    expect(s.seconds).toHaveLength(0);
    const scribe = member('scribe1', 'scribe');
    s.members.add(scribe);
    s.desk.joined(s.live, scribe);
    await s.settle();
    expect(s.statuses.at(-1)?.status).toBe('ongoing');
    await s.advance(12);
    expect(s.seconds.map((x) => x.secondsSoFar)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(s.seconds[0]).toMatchObject({ requesterAvaId: 'host1', scribeAvaId: 'scribe1', requestId: id });
    // Stored at least every 10 s.
    expect(s.records.get(id)!.scribeSeconds).toBeGreaterThanOrEqual(10);
  });

  it('shows the Scribe leaving when their connection goes, and ongoing again when they are back in time', async () => {
    const s = setup();
    const id = await served(s);
    const scribe = member('scribe1', 'scribe');
    s.members.add(scribe);
    s.desk.joined(s.live, scribe);
    await s.advance(3);
    s.members.delete(scribe);
    s.desk.left(s.live, scribe);
    await s.settle();
    expect(s.statuses.at(-1)?.status).toBe('leaving');
    await s.advance(10);
    expect(s.seconds).toHaveLength(3);
    s.members.add(scribe);
    s.desk.joined(s.live, scribe);
    await s.settle();
    expect(s.statuses.at(-1)?.status).toBe('ongoing');
    await s.advance(SCRIBE_LEAVING_GRACE_MS / 1000 + 5);
    expect(s.records.get(id)!.state).toBe('connected');
  });

  it('ends the session of a Scribe who does not come back within the grace', async () => {
    const s = setup();
    const id = await served(s);
    const scribe = member('scribe1', 'scribe');
    s.members.add(scribe);
    s.desk.joined(s.live, scribe);
    s.members.delete(scribe);
    s.desk.left(s.live, scribe);
    await s.advance(SCRIBE_LEAVING_GRACE_MS / 1000 - 1);
    expect(s.records.get(id)!.state).toBe('connected');
    await s.advance(2);
    expect(s.records.get(id)!.state).toBe('ended');
    expect(s.statuses.at(-1)?.status).toBe('ended');
  });

  it('ends the session when the credit function says stop', async () => {
    const s = setup((second) =>
      second.secondsSoFar >= 3 ? { ok: false, stop: true, reason: 'no credit' } : { ok: true },
    );
    const id = await served(s);
    const scribe = member('scribe1', 'scribe');
    s.members.add(scribe);
    s.desk.joined(s.live, scribe);
    await s.advance(5);
    expect(s.records.get(id)!.state).toBe('ended');
    expect(s.records.get(id)!.scribeSeconds).toBe(3);
  });

  it('cancels a waiting request when the room ends', async () => {
    const s = setup();
    await s.desk.start();
    await s.desk.request(s.live, member('host1', 'participant'), 'accurate');
    const id = [...s.records.keys()][0]!;
    s.room.state = 'ended';
    await s.advance(1);
    expect(s.records.get(id)!.state).toBe('cancelled');
  });
});
