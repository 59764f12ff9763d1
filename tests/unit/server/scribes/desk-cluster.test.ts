/**
 * The Scribe desk in a cluster, on a manual clock: two desks (two nodes) share one store of
 * requests, and the room's lease says which node owns it. Only the owner keeps and counts a
 * request; a node that starts takes none up; every node's dashboard lists every open request;
 * when the room moves, the old owner stops counting and the new one takes the request up.
 */
import { describe, expect, it } from 'vitest';
import type { ScribeChatMessage } from '../../../../src/shared/scribe/api';
import type { RoomScribe } from '../../../../src/shared/scribe/model';
import type { ScribeRequestRecord, ScribeRequestRepository } from '../../../../src/server/scribes/repository';
import type { ScribeSecond } from '../../../../src/server/scribes/credit';
import { ScribeDesk } from '../../../../src/server/scribes/desk';
import type { LiveRoom, RoomMember } from '../../../../src/server/rooms/room';

const ROOM = 'host1_room';

function member(avaId: string, role: 'participant' | 'scribe'): RoomMember {
  return { avaId, userName: avaId, role, readonly: false, usePaidASR: false, send: () => undefined };
}

function cluster() {
  let now = 1_000_000;
  const records = new Map<string, ScribeRequestRecord>();
  const isOpen = (r: ScribeRequestRecord) => r.state === 'pending' || r.state === 'connected';
  const repo = {
    create: async (r: ScribeRequestRecord) => void records.set(r.id, { ...r }),
    update: async (id: string, changes: Partial<ScribeRequestRecord>) =>
      void records.set(id, { ...records.get(id)!, ...changes }),
    open: async () => [...records.values()].filter(isOpen).map((r) => ({ ...r })),
    openOfRoom: async (roomId: string) => {
      const found = [...records.values()].find((r) => r.roomId === roomId && isOpen(r));
      return found && { ...found };
    },
    find: async (id: string) => (records.has(id) ? { ...records.get(id)! } : undefined),
    standingOf: async () => 'none',
    addChat: async (_m: ScribeChatMessage) => undefined,
    chat: async () => [],
  } as unknown as ScribeRequestRepository;
  /** Who holds the room's lease, and its token. */
  const lease = { node: 'a' as string | undefined, token: 't1' };
  const seconds: (ScribeSecond & { node: string })[] = [];

  function node(name: string) {
    const members = new Set<RoomMember>();
    const statuses: (RoomScribe | undefined)[] = [];
    const room = {
      id: ROOM,
      hostAvaId: 'host1',
      state: 'ongoing' as 'ongoing' | 'ended',
      lastCaptionAtMs: undefined,
      membersOf: (avaId: string) => [...members].filter((m) => m.avaId === avaId),
      setScribe: (s: RoomScribe | undefined, o?: { silent?: boolean }) => {
        if (!o?.silent) statuses.push(s);
      },
    };
    let tick: () => void = () => undefined;
    const desk = new ScribeDesk({
      requests: repo,
      rooms: {
        find: async () => ({ id: ROOM, hostAvaId: 'host1', state: room.state, title: 'T' }) as never,
        addMember: async (_r, _a, _n, m) => m,
      },
      // The room is in this node's memory only while it owns it.
      registry: {
        liveRoom: () => (lease.node === name ? (room as unknown as LiveRoom) : undefined),
        find: async () => room as unknown as LiveRoom,
      },
      charge: async (s) => {
        seconds.push({ ...s, node: name });
        return { ok: true };
      },
      now: () => now,
      log: () => undefined,
      setInterval: (fn) => {
        tick = fn;
        return 1;
      },
      clearInterval: () => undefined,
      leaseOf: (roomId) => (roomId === ROOM && lease.node === name ? lease.token : undefined),
    });
    return { name, desk, room, live: room as unknown as LiveRoom, members, statuses, tick: () => tick() };
  }

  const a = node('a');
  const b = node('b');
  const settle = async () => {
    for (let i = 0; i < 4; i++) await new Promise((r) => setTimeout(r, 0));
  };
  /** `n` seconds on every node's clock. */
  const advance = async (n: number) => {
    for (let i = 0; i < n; i++) {
      now += 1000;
      a.tick();
      b.tick();
      await settle();
    }
  };
  return { a, b, records, lease, seconds, advance, settle };
}

describe('ScribeDesk in a cluster', () => {
  it('keeps and counts a request on its room’s owner only; every node lists it and runs it by its stored copy', async () => {
    const c = cluster();
    await c.a.desk.start();
    await c.a.desk.request(c.a.live, member('host1', 'participant'), 'fast');
    const id = [...c.records.keys()][0]!;
    // A node that starts afterwards takes no request up.
    await c.b.desk.start();
    const board = await c.b.desk.dashboard('scribe1');
    expect(board.waiting.map((r) => r.id)).toEqual([id]);
    expect(await c.b.desk.roomOfRequest(id)).toBe(ROOM);
    expect(await c.b.desk.roomOfChat('scribe1', 'host1')).toBe(ROOM);

    await c.a.desk.accept(id, { avaId: 'scribe1', userName: 'Sam' });
    const scribe = member('scribe1', 'scribe');
    c.a.members.add(scribe);
    await c.a.desk.joining(c.a.live);
    c.a.desk.joined(c.a.live, scribe);
    await c.settle();
    expect(c.a.statuses.at(-1)?.status).toBe('ongoing');
    await c.advance(12);
    expect(c.seconds.map((s) => s.node)).toEqual(Array(12).fill('a'));
    const serving = (await c.b.desk.dashboard('scribe1')).serving;
    expect(serving).toMatchObject([{ id, state: 'connected', scribeConnected: true }]);
    expect(serving[0]!.scribeSeconds).toBeGreaterThanOrEqual(10);
  });

  it('moves a request with its room: the old owner stops counting, the new one takes it up when someone joins', async () => {
    const c = cluster();
    await Promise.all([c.a.desk.start(), c.b.desk.start()]);
    await c.a.desk.request(c.a.live, member('host1', 'participant'), 'fast');
    const id = [...c.records.keys()][0]!;
    await c.a.desk.accept(id, { avaId: 'scribe1', userName: 'Sam' });
    const scribe = member('scribe1', 'scribe');
    c.a.members.add(scribe);
    c.a.desk.joined(c.a.live, scribe);
    await c.advance(3);
    expect(c.seconds).toHaveLength(3);

    // Node a dies (its lease lapses); nobody owns the room for a while: nobody counts.
    c.lease.node = undefined;
    await c.advance(3);
    expect(c.seconds).toHaveLength(3);
    // The Scribe comes back through node b, which takes the room (a new lease) and the request.
    c.lease.node = 'b';
    c.lease.token = 't2';
    c.b.members.add(scribe);
    await c.b.desk.joining(c.b.live);
    c.b.desk.joined(c.b.live, scribe);
    await c.settle();
    expect(c.b.statuses.at(-1)?.status).toBe('ongoing');
    await c.advance(4);
    expect(c.seconds.map((s) => s.node)).toEqual(['a', 'a', 'a', 'b', 'b', 'b', 'b']);
    // The Scribe ends it on the owner (where the route is forwarded): nothing is counted after.
    await c.b.desk.end(id, 'scribe1');
    expect(c.records.get(id)!.state).toBe('ended');
    expect(c.b.statuses.at(-1)?.status).toBe('ended');
    await c.advance(2);
    expect(c.seconds).toHaveLength(7);
  });

  it('drops the owner’s copy of a request another node closed (nobody owned the room then) within 10 s', async () => {
    const c = cluster();
    await Promise.all([c.a.desk.start(), c.b.desk.start()]);
    await c.a.desk.request(c.a.live, member('host1', 'participant'), 'fast');
    const id = [...c.records.keys()][0]!;
    await c.a.desk.accept(id, { avaId: 'scribe1', userName: 'Sam' });
    const scribe = member('scribe1', 'scribe');
    c.a.members.add(scribe);
    c.a.desk.joined(c.a.live, scribe);
    await c.advance(2);
    // Served where it landed (a forward raced a lease change): b changes only the stored request.
    await c.b.desk.end(id, 'scribe1');
    expect(c.records.get(id)!.state).toBe('ended');
    await c.advance(12);
    expect(c.seconds.length).toBeLessThanOrEqual(12);
    expect(c.a.statuses.at(-1)?.status).toBe('ended');
    const counted = c.seconds.length;
    await c.advance(3);
    expect(c.seconds).toHaveLength(counted);
    expect(c.records.get(id)!.state).toBe('ended');
  });

  it('refuses a second request in a room whose request only the store knows', async () => {
    const c = cluster();
    await c.a.desk.start();
    await c.a.desk.request(c.a.live, member('host1', 'participant'), 'fast');
    c.lease.node = 'b';
    c.lease.token = 't2';
    await c.b.desk.start();
    await expect(c.b.desk.request(c.b.live, member('host1', 'participant'), 'fast')).rejects.toMatchObject({
      refusal: 'already-requested',
    });
    expect(c.records.size).toBe(1);
  });
});
