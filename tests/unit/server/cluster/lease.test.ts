import { describe, expect, it } from 'vitest';
import {
  type AcquireResult,
  type LeaseClock,
  LeaseKeeper,
  type LeaseStore,
} from '../../../../src/server/cluster/lease';

/** A clock whose time moves only when the test says; intervals fire as it passes them. */
class FakeClock implements LeaseClock {
  time = 0;
  private intervals: { fn: () => void; ms: number; next: number }[] = [];
  now = () => this.time;
  setInterval(fn: () => void, ms: number) {
    const entry = { fn, ms, next: this.time + ms };
    this.intervals.push(entry);
    return entry;
  }
  clearInterval(handle: unknown) {
    this.intervals = this.intervals.filter((i) => i !== handle);
  }
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = this.intervals.filter((i) => i.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.time = due.next;
      due.next += due.ms;
      due.fn();
      // Let the store's answers (promises) arrive before the next tick.
      await flush();
    }
    this.time = end;
    await flush();
  }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A store with the PostgreSQL store's rules on the same fake clock. */
class MemoryStore implements LeaseStore {
  rows = new Map<string, { node: string; token: number; expiresAt: number }>();
  private next = 1;
  /** When set, renewals never answer (a network partition, or the store paused). */
  stall = false;
  constructor(
    private readonly clock: FakeClock,
    private readonly ttlMs: number,
    private readonly node: string,
  ) {}
  as(node: string) {
    const other = new MemoryStore(this.clock, this.ttlMs, node);
    other.rows = this.rows;
    return other;
  }
  acquire(roomId: string): Promise<AcquireResult> {
    const row = this.rows.get(roomId);
    if (row && row.expiresAt > this.clock.time) return Promise.resolve({ held: false, holder: row.node });
    const token = this.next++ + (row?.token ?? 0);
    this.rows.set(roomId, { node: this.node, token, expiresAt: this.clock.time + this.ttlMs });
    return Promise.resolve({ held: true, token: String(token) });
  }
  /** How many leases each renewal request carried. */
  batches: number[] = [];
  renewAll(leases: { roomId: string; token: string }[]): Promise<Set<string>> {
    if (this.stall) return new Promise(() => {});
    const renewed = new Set<string>();
    for (const { roomId, token } of leases) {
      const row = this.rows.get(roomId);
      if (!row || String(row.token) !== token || row.expiresAt <= this.clock.time) continue;
      row.expiresAt = this.clock.time + this.ttlMs;
      renewed.add(roomId);
    }
    this.batches.push(leases.length);
    return Promise.resolve(renewed);
  }
  release(roomId: string, token: string): Promise<void> {
    if (String(this.rows.get(roomId)?.token) === token) this.rows.delete(roomId);
    return Promise.resolve();
  }
}

function keeper(clock: FakeClock, store: LeaseStore, wanted = () => true) {
  const lost: string[] = [];
  const k = new LeaseKeeper({
    store,
    clock,
    ttlMs: 3000,
    renewEveryMs: 1000,
    marginMs: 500,
    onLost: (roomId) => lost.push(roomId),
    wanted,
    log: () => {},
  });
  return { k, lost };
}

describe('LeaseKeeper', () => {
  it('holds a room while its renewals succeed', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    const { k, lost } = keeper(clock, store);
    const taken = await k.acquire('r1');
    expect(taken).toEqual({ token: '1', acquired: true });
    await clock.advance(30_000);
    expect(k.tokenOf('r1')).toBe('1');
    expect(lost).toEqual([]);
    // Asked again, it is the same lease, not a new one.
    expect(await k.acquire('r1')).toEqual({ token: '1', acquired: false });
  });

  it('renews all its rooms in one request per tick', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    const a = keeper(clock, store);
    await Promise.all(['r1', 'r2', 'r3'].map((r) => a.k.acquire(r)));
    await clock.advance(3000);
    expect(store.batches).toEqual([3, 3, 3]);
    expect(a.k.rooms).toEqual(['r1', 'r2', 'r3']);
  });

  it('keeps its rooms through event-loop stalls shorter than the lease, renewing often', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    const lost: string[] = [];
    const k = new LeaseKeeper({
      store,
      clock,
      ttlMs: 3000,
      renewEveryMs: 500,
      marginMs: 250,
      onLost: (r) => lost.push(r),
      wanted: () => true,
      log: () => {},
    });
    await k.acquire('r1');
    // Stalls of a second each (timers fire late, all at once), ten times over.
    for (let i = 0; i < 10; i++) {
      clock.time += 1000;
      await clock.advance(0);
      k.tick();
      await flush();
    }
    expect(lost).toEqual([]);
    expect(k.tokenOf('r1')).toBeDefined();
  });

  it('says who holds a room it cannot take', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    await keeper(clock, store).k.acquire('r1');
    const b = keeper(clock, store.as('b'));
    expect(await b.k.acquire('r1')).toEqual({ holder: 'a' });
  });

  it('stops trusting a lease whose renewals go unanswered before the store lets it expire', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    const a = keeper(clock, store);
    await a.k.acquire('r1');
    await clock.advance(2000);
    store.stall = true;
    // Last renewal confirmed was sent at 2000: trusted until 2000 + 3000 - 500.
    await clock.advance(2400);
    expect(a.k.tokenOf('r1')).toBe('1');
    await clock.advance(200);
    expect(a.k.tokenOf('r1')).toBeUndefined();
    expect(a.lost).toEqual(['r1']);
    // The store still holds it for another 500 ms: nobody can take it while a still trusted it.
    const b = keeper(clock, store.as('b'));
    expect(clock.time).toBeLessThan(5000);
    expect(await b.k.acquire('r1')).toEqual({ holder: 'a' });
    await clock.advance(500);
    const taken = await b.k.acquire('r1');
    expect(taken).toMatchObject({ acquired: true });
    expect(Number((taken as { token: string }).token)).toBeGreaterThan(1);
  });

  it('loses a lease taken by another node the moment a renewal is refused', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    const a = keeper(clock, store);
    await a.k.acquire('r1');
    // Another node took it (say, a was paused long enough for it to expire).
    store.rows.set('r1', { node: 'b', token: 99, expiresAt: clock.time + 3000 });
    await clock.advance(1000);
    expect(a.lost).toEqual(['r1']);
    expect(a.k.tokenOf('r1')).toBeUndefined();
  });

  it('finds its leases ended on waking from a pause longer than the lease', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    const a = keeper(clock, store);
    await a.k.acquire('r1');
    // A paused process: no tick ran, time jumped.
    clock.time += 10_000;
    expect(a.k.tokenOf('r1')).toBeUndefined();
    expect(a.lost).toEqual(['r1']);
  });

  it('gives up leases of rooms nobody is in, so another node may take them at once', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    let wanted = true;
    const a = keeper(clock, store, () => wanted);
    await a.k.acquire('r1');
    wanted = false;
    await clock.advance(1000);
    expect(store.rows.has('r1')).toBe(false);
    expect(a.k.tokenOf('r1')).toBeUndefined();
    expect(a.lost).toEqual([]);
  });

  it('shares one attempt between joins arriving together', async () => {
    const clock = new FakeClock();
    const store = new MemoryStore(clock, 3000, 'a');
    const a = keeper(clock, store);
    const [one, two] = await Promise.all([a.k.acquire('r1'), a.k.acquire('r1')]);
    expect(one).toEqual(two);
    expect(one).toMatchObject({ acquired: true });
  });
});
