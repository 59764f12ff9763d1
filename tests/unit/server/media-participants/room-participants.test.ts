/**
 * MediaParticipants, the life cycle meeting bots and phone calls share, with a fake kind plugged
 * in: tracking by room, token and provider id; one end per room; the room's member and its
 * track; status announced and stored (only once the provider has it); what a provider's refusal
 * logs; and the adoption of a room's stored participants by the node that takes it over.
 */
import { describe, expect, it } from 'vitest';
import {
  type Adopted,
  type MediaParticipant,
  type MediaParticipantStore,
  MediaParticipants,
  type MediaParticipantsOptions,
  type StoredMediaParticipant,
} from '../../../../src/server/media-participants';
import type { LiveRoom, RoomMember } from '../../../../src/server/rooms/room';

interface Fake extends MediaParticipant {
  status: string;
}
interface StoredFake extends StoredMediaParticipant {
  providerId: string;
  status: string;
}
type FakeChanges = Pick<StoredFake, 'status'>;
type FakeOptions = MediaParticipantsOptions<StoredFake, FakeChanges>;

const LINES = {
  audioRefused: 'audio refused',
  notEndedAtProvider: 'not ended at provider',
  notSaved: 'not saved',
  notUpdated: 'not updated',
  notRead: 'not read',
  moved: 'moved',
  notMoved: 'not moved',
};

function fakeRoom(id = 'host1_room') {
  const log: string[] = [];
  const ended: (() => void)[] = [];
  const raw = {
    id,
    state: 'ongoing' as 'ongoing' | 'ended',
    join: (m: RoomMember) => log.push(`join ${m.userName}`),
    leave: (m: RoomMember) => log.push(`leave ${m.userName}`),
    startAudio: (m: RoomMember, lang: string) => log.push(`start ${m.userName} ${lang}`),
    audio: (m: RoomMember, samples: Int16Array) => log.push(`audio ${m.userName} ${samples.length}`),
    onEnded: (fn: () => void) => ended.push(fn),
  };
  return {
    room: raw as unknown as LiveRoom,
    raw,
    log,
    listeners: () => ended.length,
    end: () => {
      raw.state = 'ended';
      for (const fn of ended) fn();
    },
  };
}

function memoryStore() {
  const rows = new Map<string, StoredFake>();
  const store: MediaParticipantStore<StoredFake, FakeChanges> = {
    save: async (p) => void rows.set(p.token, { ...p }),
    update: async (token, changes) => {
      const row = rows.get(token);
      if (row) rows.set(token, { ...row, ...changes });
    },
    ofRoom: async (roomId) => [...rows.values()].filter((r) => r.roomId === roomId),
  };
  return { rows, store };
}

/** A kind whose protected steps the tests call directly, and whose hooks say what they were asked. */
class FakeKind extends MediaParticipants<Fake, StoredFake, FakeChanges, FakeOptions> {
  protected readonly kind = 'fake';
  protected readonly lines = LINES;
  readonly announced: string[] = [];
  readonly roomsEnded: string[] = [];
  readonly resumed: Adopted<Fake, StoredFake>[][] = [];
  movable = true;

  constructor(
    readonly logs: { level: string; message: string; extra?: object }[],
    store?: MediaParticipantStore<StoredFake, FakeChanges>,
  ) {
    super({
      log: (level, message, extra) => logs.push({ level, message, ...(extra ? { extra } : {}) }),
      ...(store ? { takeover: { store } } : {}),
    });
  }

  add(room: LiveRoom, token: string, providerId?: string): Fake {
    return this.track(this.make(room, token, providerId));
  }

  make(room: LiveRoom, token: string, providerId?: string): Fake {
    return {
      room,
      member: this.member('Fake', `fake-${token}`),
      token,
      ...(providerId ? { providerId } : {}),
      inRoom: false,
      recording: false,
      status: 'new',
    };
  }

  // The protected steps, for the tests.
  readonly steps = {
    member: (name: string, avaId?: string) => this.member(name, avaId),
    identified: (p: Fake, id: string) => this.identified(p, id),
    drop: (p: Fake) => this.drop(p),
    unreachable: (p: Fake) => this.unreachable(p),
    ofRoom: (roomId: string) => this.ofRoom(roomId),
    latest: (roomId: string) => this.latest(roomId),
    withToken: (token: string) => this.withToken(token),
    withProviderId: (id: string) => this.withProviderId(id),
    all: () => this.all(),
    changed: (p: Fake) => this.changed(p),
    join: (p: Fake) => this.joinRoom(p),
    leave: (p: Fake) => this.leaveRoom(p),
    hear: (p: Fake, samples: () => Int16Array) => this.hear(p, 'fr-FR', samples),
    endAtProvider: (p: Fake, end: (id: string) => Promise<void>) => this.endAtProvider(p, end),
    moveAudio: (p: Fake, ask: (id: string) => Promise<void>) => this.moveAudio(p, ask),
  };

  protected override canMove(): boolean {
    return this.movable;
  }
  protected announce(p: Fake): void {
    this.announced.push(`${p.token} ${p.status}`);
  }
  protected stored(p: Fake) {
    return { providerId: p.providerId!, status: p.status };
  }
  protected changes(p: Fake): FakeChanges {
    return { status: p.status };
  }
  protected async roomEnded(room: LiveRoom): Promise<void> {
    this.roomsEnded.push(room.id);
  }
  protected adoptable(records: StoredFake[]): StoredFake[] {
    return records.filter((r) => r.status !== 'over');
  }
  protected revive(room: LiveRoom, record: StoredFake): Fake {
    return { ...this.make(room, record.token, record.providerId), status: record.status };
  }
  protected async resume(_room: LiveRoom, adopted: Adopted<Fake, StoredFake>[]): Promise<void> {
    this.resumed.push(adopted);
  }
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('MediaParticipants: tracking', () => {
  it('makes its members: new ones named by the kind, adopted ones as they were', () => {
    const kind = new FakeKind([]);
    expect(kind.steps.member('Fake').avaId).toMatch(/^fake-[A-Za-z0-9]{12}$/);
    expect(kind.steps.member('Fake', 'fake-t1')).toMatchObject({ avaId: 'fake-t1', userName: 'Fake' });
  });

  it('finds a participant by room, token and (once the provider has it) its id', async () => {
    const kind = new FakeKind([]);
    const { room } = fakeRoom();
    const first = kind.add(room, 't1');
    const second = kind.add(room, 't2', 'P2');
    expect(kind.steps.ofRoom('host1_room')).toEqual([first, second]);
    expect(kind.steps.latest('host1_room')).toBe(second);
    expect(kind.steps.withToken('t1')).toBe(first);
    expect(kind.steps.withProviderId('P2')).toBe(second);
    expect(kind.steps.all()).toEqual([second]);
    await kind.steps.identified(first, 'P1');
    expect(first.providerId).toBe('P1');
    expect(kind.steps.withProviderId('P1')).toBe(first);
    expect(kind.steps.ofRoom('another_room')).toEqual([]);
    expect(kind.steps.latest('another_room')).toBeUndefined();
  });

  it('a dropped one is forgotten everywhere; an unreachable one only by its callbacks', () => {
    const kind = new FakeKind([]);
    const { room } = fakeRoom();
    const a = kind.add(room, 't1', 'P1');
    const b = kind.add(room, 't2', 'P2');
    kind.steps.unreachable(a);
    expect(kind.steps.withToken('t1')).toBeUndefined();
    expect(kind.steps.withProviderId('P1')).toBeUndefined();
    expect(kind.steps.ofRoom('host1_room')).toEqual([a, b]);
    kind.steps.drop(b);
    expect(kind.steps.withToken('t2')).toBeUndefined();
    expect(kind.steps.ofRoom('host1_room')).toEqual([a]);
    kind.steps.drop(a);
    expect(kind.steps.ofRoom('host1_room')).toEqual([]);
  });

  it('its room’s end ends the room’s participants once, however many there were', async () => {
    const kind = new FakeKind([]);
    const { room, end, listeners } = fakeRoom();
    kind.add(room, 't1');
    kind.add(room, 't2');
    expect(listeners()).toBe(1);
    end();
    await settle();
    expect(kind.roomsEnded).toEqual(['host1_room']);
  });
});

describe('MediaParticipants: the room’s member and its audio', () => {
  it('joins and leaves once; its track starts on the first samples, again after a new join', () => {
    const kind = new FakeKind([]);
    const { room, log } = fakeRoom();
    const p = kind.add(room, 't1');
    kind.steps.hear(p, () => new Int16Array(10));
    expect(log).toEqual([]);
    kind.steps.join(p);
    kind.steps.join(p);
    kind.steps.hear(p, () => new Int16Array(10));
    kind.steps.hear(p, () => new Int16Array(20));
    kind.steps.leave(p);
    kind.steps.leave(p);
    kind.steps.join(p);
    kind.steps.hear(p, () => new Int16Array(30));
    expect(log).toEqual([
      'join Fake',
      'start Fake fr-FR',
      'audio Fake 10',
      'audio Fake 20',
      'leave Fake',
      'join Fake',
      'start Fake fr-FR',
      'audio Fake 30',
    ]);
  });

  it('nothing is heard in a room that has ended; what the room refuses is logged', () => {
    const logs: { level: string; message: string }[] = [];
    const kind = new FakeKind(logs);
    const { room, raw, log } = fakeRoom();
    const p = kind.add(room, 't1');
    kind.steps.join(p);
    let asked = 0;
    raw.state = 'ended';
    kind.steps.hear(p, () => (asked++, new Int16Array(1)));
    expect(asked).toBe(0);
    raw.state = 'ongoing';
    raw.audio = () => {
      throw new Error('no track');
    };
    kind.steps.hear(p, () => new Int16Array(1));
    expect(log).toEqual(['join Fake', 'start Fake fr-FR']);
    expect(logs).toEqual([
      { level: 'warn', message: 'audio refused', extra: { roomId: 'host1_room', error: 'no track' } },
    ]);
  });
});

describe('MediaParticipants: status and store', () => {
  it('a change is announced, and stored only in cluster mode and once the provider has it', async () => {
    const { rows, store } = memoryStore();
    const kind = new FakeKind([], store);
    const { room } = fakeRoom();
    const p = kind.add(room, 't1');
    p.status = 'asked';
    kind.steps.changed(p);
    await settle();
    expect(kind.announced).toEqual(['t1 asked']);
    expect(rows.size).toBe(0);
    await kind.steps.identified(p, 'P1');
    expect(rows.get('t1')).toEqual({
      token: 't1',
      roomId: 'host1_room',
      memberAvaId: 'fake-t1',
      providerId: 'P1',
      status: 'asked',
    });
    p.status = 'on';
    kind.steps.changed(p);
    await settle();
    expect(kind.announced).toEqual(['t1 asked', 't1 on']);
    expect(rows.get('t1')?.status).toBe('on');
    // In one process there is nothing to store.
    const alone = new FakeKind([]);
    const q = alone.add(room, 't2');
    await alone.steps.identified(q, 'P2');
    alone.steps.changed(q);
    expect(alone.announced).toEqual(['t2 new']);
  });

  it('a store that fails is logged, and the participant goes on', async () => {
    const logs: { level: string; message: string }[] = [];
    const failing: MediaParticipantStore<StoredFake, FakeChanges> = {
      save: async () => {
        throw new Error('db down');
      },
      update: async () => {
        throw new Error('db down');
      },
      ofRoom: async () => [],
    };
    const kind = new FakeKind(logs, failing);
    const p = kind.add(fakeRoom().room, 't1');
    await kind.steps.identified(p, 'P1');
    kind.steps.changed(p);
    await settle();
    expect(kind.steps.withProviderId('P1')).toBe(p);
    expect(logs.map((l) => l.message)).toEqual(['not saved', 'not updated']);
  });
});

describe('MediaParticipants: its provider', () => {
  it('is told to end it only once it has it; a refusal is logged', async () => {
    const logs: { level: string; message: string }[] = [];
    const kind = new FakeKind(logs);
    const p = kind.add(fakeRoom().room, 't1');
    const told: string[] = [];
    await kind.steps.endAtProvider(p, async (id) => void told.push(id));
    expect(told).toEqual([]);
    await kind.steps.identified(p, 'P1');
    await kind.steps.endAtProvider(p, async (id) => void told.push(id));
    expect(told).toEqual(['P1']);
    await kind.steps.endAtProvider(p, async () => {
      throw new Error('gone');
    });
    expect(logs).toEqual([
      { level: 'warn', message: 'not ended at provider', extra: { roomId: 'host1_room', error: 'gone' } },
    ]);
  });

  it('moving its audio says whether the provider would, and logs either way', async () => {
    const logs: { level: string; message: string }[] = [];
    const kind = new FakeKind(logs);
    const p = kind.add(fakeRoom().room, 't1', 'P1');
    const asked: string[] = [];
    expect(await kind.steps.moveAudio(p, async (id) => void asked.push(id))).toBe(true);
    expect(
      await kind.steps.moveAudio(p, async () => {
        throw new Error('not in the call');
      }),
    ).toBe(false);
    expect(asked).toEqual(['P1']);
    expect(logs).toEqual([
      { level: 'info', message: 'moved', extra: { roomId: 'host1_room' } },
      { level: 'warn', message: 'not moved', extra: { roomId: 'host1_room', error: 'not in the call' } },
    ]);
  });
});

describe('MediaParticipants: adoption after a takeover', () => {
  /** Node A had the room and stored its participants; B takes the room over. */
  async function storedByA() {
    const { rows, store } = memoryStore();
    const a = new FakeKind([], store);
    const onA = fakeRoom();
    for (const [token, id, status] of [
      ['t1', 'P1', 'on'],
      ['t2', 'P2', 'over'],
    ] as const) {
      const p = a.add(onA.room, token);
      p.status = status;
      await a.steps.identified(p, id);
    }
    return { rows, store };
  }

  it('takes up the adoptable ones, tracked with their provider ids, then resumes them', async () => {
    const { store } = await storedByA();
    const b = new FakeKind([], store);
    const onB = fakeRoom();
    await b.adopt(onB.room);
    expect(b.resumed).toHaveLength(1);
    const [adopted] = b.resumed[0]!;
    expect(adopted!.record).toMatchObject({ token: 't1', providerId: 'P1' });
    expect(adopted!.participant).toMatchObject({ token: 't1', providerId: 'P1', status: 'on' });
    expect(b.steps.withToken('t1')).toBe(adopted!.participant);
    expect(b.steps.withProviderId('P1')).toBe(adopted!.participant);
    expect(b.steps.withToken('t2')).toBeUndefined();
    // The same room again: nothing new; its end ends them.
    await b.adopt(onB.room);
    expect(b.resumed).toHaveLength(1);
    onB.end();
    await settle();
    expect(b.roomsEnded).toEqual(['host1_room']);
  });

  it('a copy of an earlier time this node had the room gives way to the stored one', async () => {
    const { store } = await storedByA();
    const b = new FakeKind([], store);
    const earlier = fakeRoom();
    await b.adopt(earlier.room);
    const old = b.steps.withToken('t1')!;
    const now = fakeRoom();
    await b.adopt(now.room);
    expect(b.resumed).toHaveLength(2);
    expect(b.steps.withToken('t1')).not.toBe(old);
    expect(b.steps.withToken('t1')!.room).toBe(now.room);
    expect(b.steps.ofRoom('host1_room')).toEqual([b.steps.withToken('t1')]);
  });

  it('nothing to adopt, no store, a kind that cannot move, or a store that fails: nothing resumes', async () => {
    const { store } = await storedByA();
    const none = new FakeKind([], memoryStore().store);
    await none.adopt(fakeRoom().room);
    const alone = new FakeKind([]);
    await alone.adopt(fakeRoom().room);
    const unmovable = new FakeKind([], store);
    unmovable.movable = false;
    await unmovable.adopt(fakeRoom().room);
    expect([none.resumed, alone.resumed, unmovable.resumed]).toEqual([[], [], []]);
    const logs: { level: string; message: string }[] = [];
    const unread = new FakeKind(logs, {
      ...store,
      ofRoom: async () => {
        throw new Error('db down');
      },
    });
    await unread.adopt(fakeRoom().room);
    expect(unread.resumed).toEqual([]);
    expect(logs).toEqual([
      { level: 'warn', message: 'not read', extra: { roomId: 'host1_room', error: 'db down' } },
    ]);
  });
});
