/**
 * Open sockets per address: one process counts its own; cluster nodes meet in a store whose
 * entries expire unless refreshed (a stand-in for the Redis hash of redis-socket-counts.ts,
 * tested against real Redis in tests/integration/cluster-limits.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  LocalSocketGauge,
  REFRESH_BATCH,
  SharedSocketGauge,
  type SocketCountStore,
} from '../../../../src/server/cluster/address-sockets';
import { FakeIntervalClock } from '../../../helpers/fake-interval-clock';

const TTL_MS = 3000;
const REFRESH_MS = 1000;

/** Per address, per node: a count and when it expires (the store's clock). */
class FakeCountStore {
  readonly entries = new Map<string, Map<string, { count: number; expires: number }>>();
  down = false;
  records = 0;

  constructor(private readonly clock: FakeIntervalClock) {}

  live(address: string, except?: string): number {
    let sum = 0;
    for (const [node, e] of this.entries.get(address) ?? [])
      if (node !== except && e.expires > this.clock.now()) sum += e.count;
    return sum;
  }

  of(address: string, node: string): number | undefined {
    return this.entries.get(address)?.get(node)?.count;
  }

  private set(address: string, node: string, count: number): void {
    let nodes = this.entries.get(address);
    if (!nodes) this.entries.set(address, (nodes = new Map()));
    if (count > 0) nodes.set(node, { count, expires: this.clock.now() + TTL_MS });
    else nodes.delete(node);
  }

  forNode(node: string): SocketCountStore {
    return {
      admit: async (address, count, limit) => {
        if (this.down) throw new Error('store down');
        if (this.live(address, node) + count > limit) return false;
        this.set(address, node, count);
        return true;
      },
      record: async (counts) => {
        if (this.down) throw new Error('store down');
        this.records += 1;
        for (const [address, count] of counts) this.set(address, node, count);
      },
    };
  }
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function cluster(limit: number, names = ['a', 'b', 'c']) {
  const clock = new FakeIntervalClock(1_000_000);
  const store = new FakeCountStore(clock);
  const warnings: string[] = [];
  const nodes = Object.fromEntries(
    names.map((name) => [
      name,
      new SharedSocketGauge({
        store: store.forNode(name),
        limit,
        refreshEveryMs: REFRESH_MS,
        timers: clock,
        warn: (message) => warnings.push(`${name}: ${message}`),
      }),
    ]),
  );
  /** Moves time on in refresh-sized steps, letting each refresh's writes land. */
  const advance = async (ms: number) => {
    for (let left = ms; left > 0; left -= REFRESH_MS) {
      clock.advance(Math.min(REFRESH_MS, left));
      await flush();
    }
  };
  return { clock, store, warnings, nodes, advance };
}

describe('sockets per address in one process', () => {
  it('admits up to the limit per address, and one more after one closes', () => {
    const gauge = new LocalSocketGauge(2);
    expect([gauge.open('10.0.0.1'), gauge.open('10.0.0.1'), gauge.open('10.0.0.1')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(gauge.open('10.0.0.2')).toBe(true);
    gauge.close('10.0.0.1');
    expect(gauge.open('10.0.0.1')).toBe(true);
    expect(gauge.open('10.0.0.1')).toBe(false);
  });
});

describe('sockets per address across cluster nodes', () => {
  it('refuses the socket over the limit wherever it lands, and admits one after a close', async () => {
    const { nodes, store } = cluster(3);
    const { a, b, c } = nodes as Record<string, SharedSocketGauge>;
    expect(await a!.open('10.0.0.1')).toBe(true);
    expect(await b!.open('10.0.0.1')).toBe(true);
    expect(await c!.open('10.0.0.1')).toBe(true);
    for (const node of [a!, b!, c!]) expect(await node.open('10.0.0.1')).toBe(false);
    // Refusals leave every node's recorded count as it was.
    await flush();
    expect([store.of('10.0.0.1', 'a'), store.of('10.0.0.1', 'b'), store.of('10.0.0.1', 'c')]).toEqual([
      1, 1, 1,
    ]);
    // Another address has its own allowance.
    expect(await a!.open('10.0.0.2')).toBe(true);
    b!.close('10.0.0.1');
    await flush();
    expect(store.live('10.0.0.1')).toBe(2);
    expect(await c!.open('10.0.0.1')).toBe(true);
    expect(await a!.open('10.0.0.1')).toBe(false);
  });

  it('counts sockets admitted at the same moment on one node against each other', async () => {
    const { nodes, store } = cluster(3);
    const { a, b } = nodes as Record<string, SharedSocketGauge>;
    expect(await b!.open('10.0.0.1')).toBe(true);
    const answers = await Promise.all([a!.open('10.0.0.1'), a!.open('10.0.0.1'), a!.open('10.0.0.1')]);
    expect(answers).toEqual([true, true, false]);
    await flush();
    expect(a!.count('10.0.0.1')).toBe(2);
    expect(store.of('10.0.0.1', 'a')).toBe(2);
  });

  it('writes a refused socket’s count back even when a later admission recorded more', async () => {
    const { nodes, store } = cluster(3);
    const { a, b } = nodes as Record<string, SharedSocketGauge>;
    for (let i = 0; i < 3; i++) expect(await b!.open('10.0.0.1')).toBe(true);
    // Asked with 1 while b is full; b frees two; asked with 2 (the first is still pending).
    const first = a!.open('10.0.0.1');
    b!.close('10.0.0.1');
    b!.close('10.0.0.1');
    const second = a!.open('10.0.0.1');
    expect([await first, await second]).toEqual([false, true]);
    await flush();
    expect(a!.count('10.0.0.1')).toBe(1);
    expect(store.of('10.0.0.1', 'a')).toBe(1);
    expect(store.live('10.0.0.1')).toBe(2);
  });

  it('keeps a live node counted past the expiry, and stops counting a dead node’s sockets after it', async () => {
    const { nodes, store, advance } = cluster(3);
    const { a, b } = nodes as Record<string, SharedSocketGauge>;
    expect(await a!.open('10.0.0.1')).toBe(true);
    expect(await a!.open('10.0.0.1')).toBe(true);
    expect(await b!.open('10.0.0.1')).toBe(true);
    await advance(TTL_MS * 3);
    expect(store.live('10.0.0.1')).toBe(3);
    expect(await b!.open('10.0.0.1')).toBe(false);
    // Node a dies: nothing refreshes its entry (nor closes its sockets).
    store.down = true;
    await a!.stop();
    store.down = false;
    await advance(TTL_MS - REFRESH_MS);
    expect(await b!.open('10.0.0.1')).toBe(false);
    await advance(REFRESH_MS);
    expect(store.live('10.0.0.1')).toBe(1);
    expect(await b!.open('10.0.0.1')).toBe(true);
    expect(await b!.open('10.0.0.1')).toBe(true);
    expect(await b!.open('10.0.0.1')).toBe(false);
  });

  it('says nothing of a write that fails because the node itself is closing', async () => {
    const { nodes, store, warnings } = cluster(2);
    const { a } = nodes as Record<string, SharedSocketGauge>;
    expect(await a!.open('10.0.0.1')).toBe(true);
    // A socket closes as the node stops, and the node's Redis connection closes under its write.
    store.down = true;
    a!.close('10.0.0.1');
    const stopping = a!.stop();
    await flush();
    await stopping;
    expect(warnings).toEqual([]);
  });

  it('falls back to the node’s own count while the store is down, says so once, and is counted again after', async () => {
    const { nodes, store, warnings, advance } = cluster(2);
    const { a, b } = nodes as Record<string, SharedSocketGauge>;
    expect(await a!.open('10.0.0.1')).toBe(true);
    store.down = true;
    // b counts on its own: two of its own, whatever a has.
    expect(await b!.open('10.0.0.1')).toBe(true);
    expect(await b!.open('10.0.0.1')).toBe(true);
    expect(await b!.open('10.0.0.1')).toBe(false);
    await advance(TTL_MS * 2);
    // a's entry expired meanwhile (a could not refresh it either).
    expect(store.live('10.0.0.1')).toBe(0);
    expect([...warnings].sort()).toEqual([
      'a: shared socket counts are unavailable; this node counts its own sockets only',
      'b: shared socket counts are unavailable; this node counts its own sockets only',
    ]);
    store.down = false;
    // The first request that succeeds has the node write all its counts again at once.
    expect(await a!.open('10.0.0.9')).toBe(true);
    await flush();
    expect(store.live('10.0.0.1')).toBe(1);
    await advance(REFRESH_MS);
    // Both wrote their counts again: the address is at 3 of 2, nobody more is admitted.
    expect(store.live('10.0.0.1')).toBe(3);
    expect(await a!.open('10.0.0.1')).toBe(false);
    b!.close('10.0.0.1');
    b!.close('10.0.0.1');
    await flush();
    expect(await a!.open('10.0.0.1')).toBe(true);
    expect(warnings).toHaveLength(2);
  });

  it('removes a closing node’s entries at once, and writes nothing after', async () => {
    const { nodes, store } = cluster(2);
    const { a, b } = nodes as Record<string, SharedSocketGauge>;
    expect(await a!.open('10.0.0.1')).toBe(true);
    expect(await a!.open('10.0.0.1')).toBe(true);
    expect(await b!.open('10.0.0.1')).toBe(false);
    await a!.stop();
    expect(store.of('10.0.0.1', 'a')).toBeUndefined();
    // Its clients reconnect elsewhere; its own sockets closing late change nothing.
    expect(await b!.open('10.0.0.1')).toBe(true);
    a!.close('10.0.0.1');
    await flush();
    expect(store.live('10.0.0.1')).toBe(1);
    expect(store.of('10.0.0.1', 'a')).toBeUndefined();
  });

  it('writes many addresses’ counts in batches, and forgets an address whose sockets all closed', async () => {
    const { nodes, store, advance } = cluster(5, ['a']);
    const a = nodes.a!;
    const addresses = Array.from({ length: REFRESH_BATCH + 5 }, (_, i) => `10.1.${i >> 8}.${i & 255}`);
    for (const address of addresses) expect(await a.open(address)).toBe(true);
    const before = store.records;
    await advance(REFRESH_MS);
    expect(store.records - before).toBe(2);
    for (const address of addresses) expect(store.live(address)).toBe(1);
    a.close(addresses[0]!);
    await flush();
    expect(store.entries.get(addresses[0]!)?.size).toBe(0);
    expect(a.count(addresses[0]!)).toBe(0);
  });
});
