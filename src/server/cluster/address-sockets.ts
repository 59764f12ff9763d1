/**
 * Open sockets per client address (HEARKEN_SOCKETS_PER_ADDRESS). It is a gauge, not a rate: a
 * socket counts while it is open, so what a node counted must stop counting when the node dies.
 *
 * One process: `SocketCounts`, a map on this node. Cluster mode: `SharedSocketCounts`, where
 * each node keeps its own count per address (the truth about its sockets) and writes it to a
 * store shared by the nodes (Redis, redis-socket-counts.ts) as "node N has n sockets of address
 * A until time T". Every write carries the node's whole count (never a +1 or -1), so a lost or
 * reordered write is corrected by the next one, and the node rewrites every count on a timer
 * well inside their expiry: a node that dies stops being counted once its entries expire, and a
 * node cut off from the store is counted again as soon as it can write. Admission asks the store
 * whether the other nodes' live entries plus this node's count stay within the limit, and the
 * store answers and records in one atomic step.
 *
 * A socket counts on the node its TCP connection reached (the front node): a relayed socket is
 * served by its room's owner without passing through the owner's count.
 *
 * Store unreachable: this node admits on its own count (as before clustering), says so once per
 * outage, and writes its counts again when the store is back.
 */

/** The count of one node, per address. */
export class SocketCounts {
  private readonly open = new Map<string, number>();

  count(address: string): number {
    return this.open.get(address) ?? 0;
  }

  /** Counts one more socket of `address`; answers the count with it. */
  add(address: string): number {
    const n = this.count(address) + 1;
    this.open.set(address, n);
    return n;
  }

  /** One socket of `address` closed (or was refused); answers the count left. */
  remove(address: string): number {
    const n = this.count(address) - 1;
    if (n <= 0) this.open.delete(address);
    else this.open.set(address, n);
    return Math.max(0, n);
  }

  entries(): [string, number][] {
    return [...this.open];
  }
}

/** Admits and uncounts sockets: synchronously in one process, through the store in a cluster. */
export interface SocketGauge {
  open(address: string): boolean | Promise<boolean>;
  close(address: string): void;
}

/** One process: the node's own count is the whole count. */
export class LocalSocketGauge implements SocketGauge {
  private readonly counts = new SocketCounts();

  constructor(private readonly limit: number) {}

  open(address: string): boolean {
    if (this.counts.count(address) >= this.limit) return false;
    this.counts.add(address);
    return true;
  }

  close(address: string): void {
    this.counts.remove(address);
  }
}

/** Where the nodes' counts meet (Redis in production, a map in the unit tests). */
export interface SocketCountStore {
  /**
   * Whether the other nodes' unexpired counts of `address` plus `count` (this node's, with the
   * new socket) are at most `limit`; if so, records `count` as this node's, in the same step.
   */
  admit(address: string, count: number, limit: number): Promise<boolean>;
  /** Records this node's counts (0 removes the node's entry), each valid for the store's expiry. */
  record(counts: [string, number][]): Promise<void>;
}

export interface SharedSocketGaugeOptions {
  store: SocketCountStore;
  limit: number;
  /** How often every count is written again; well inside the store's expiry. */
  refreshEveryMs: number;
  timers: { setInterval(fn: () => void, ms: number): unknown; clearInterval(handle: unknown): void };
  warn(message: string, extra?: object): void;
}

/** Counts written per request when refreshing (one script run per batch). */
export const REFRESH_BATCH = 200;

export class SharedSocketGauge implements SocketGauge {
  private readonly counts = new SocketCounts();
  private failing = false;
  private refreshing = false;
  private stopped = false;
  private readonly timer: unknown;

  constructor(private readonly options: SharedSocketGaugeOptions) {
    this.timer = options.timers.setInterval(() => void this.refresh(), options.refreshEveryMs);
  }

  /** This node's count of `address` (its own sockets, with those being admitted now). */
  count(address: string): number {
    return this.counts.count(address);
  }

  async open(address: string): Promise<boolean> {
    // Counted before asking: two sockets admitted at once on this node see each other.
    const n = this.counts.add(address);
    let admitted: boolean;
    try {
      admitted = await this.options.store.admit(address, n, this.options.limit);
      this.recovered();
    } catch (error) {
      this.failed(error as Error);
      admitted = n <= this.options.limit;
    }
    if (!admitted) this.close(address);
    return admitted;
  }

  close(address: string): void {
    const left = this.counts.remove(address);
    this.write([[address, left]]);
  }

  /** Writes every count again (their expiry renewed); runs on the timer. */
  async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const all = this.counts.entries();
      for (let i = 0; i < all.length; i += REFRESH_BATCH) {
        await this.options.store.record(all.slice(i, i + REFRESH_BATCH));
      }
      this.recovered();
    } catch (error) {
      this.failed(error as Error);
    } finally {
      this.refreshing = false;
    }
  }

  /**
   * The node is closing: its entries are removed at once (its clients reconnect to other nodes,
   * and must not meet this node's count there until it expires), and nothing is written after.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.options.timers.clearInterval(this.timer);
    const all = this.counts.entries().map(([address]): [string, number] => [address, 0]);
    try {
      for (let i = 0; i < all.length; i += REFRESH_BATCH)
        await this.options.store.record(all.slice(i, i + REFRESH_BATCH));
    } catch {
      // Unreachable: the entries expire by themselves.
    }
  }

  private write(counts: [string, number][]): void {
    if (this.stopped) return;
    // A write that fails is made good by the next refresh (or expires with the rest).
    this.options.store.record(counts).then(
      () => this.recovered(),
      (error: Error) => this.failed(error),
    );
  }

  private recovered(): void {
    if (!this.failing) return;
    this.failing = false;
    // Entries written before the outage may have expired: all of them again, now.
    void this.refresh();
  }

  private failed(error: Error): void {
    // A write still under way when the node stopped fails as Redis closes: nothing to say.
    if (this.stopped) return;
    if (!this.failing)
      this.options.warn('shared socket counts are unavailable; this node counts its own sockets only', {
        error: error.message,
      });
    this.failing = true;
  }
}
