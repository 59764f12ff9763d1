/**
 * Room ownership from this node's side: which rooms it holds, renewing each lease on a timer,
 * and giving a room up the moment its lease can no longer be trusted. Pure (store and clock are
 * given), so the timing rules are tested on a fake clock.
 *
 * The rule that keeps two nodes from serving one room: a lease counts as held only until
 * `ttlMs - marginMs` after the last renewal was *sent* (the store extends it from a later time
 * of its own, so the node's view always ends first). A renewal that is late, lost or refused
 * ends the lease here; a paused process that wakes finds its leases ended before it handles
 * anything else of the room. The fencing token (checked by the store on every transcript
 * write) guards the moment between.
 */

export type AcquireResult = { held: true; token: string } | { held: false; holder?: string };

/** Where leases live (PostgreSQL: lease-store.ts; a map in the tests). */
export interface LeaseStore {
  /** Takes the room's lease if it is free or expired; a new token each time it is taken. */
  acquire(roomId: string): Promise<AcquireResult>;
  /**
   * Extends held leases, all in one round trip (a node renews every room it owns several times
   * per lease); answers the rooms whose lease was extended: the others expired or were taken.
   */
  renewAll(leases: { roomId: string; token: string }[]): Promise<Set<string>>;
  /** Gives the lease up (only if still ours). */
  release(roomId: string, token: string): Promise<void>;
}

export interface LeaseClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface LeaseKeeperOptions {
  store: LeaseStore;
  clock: LeaseClock;
  ttlMs: number;
  renewEveryMs: number;
  /** Kept between the node's view and the store's: clock rates and delivery delay. */
  marginMs: number;
  /** A lease this node held is gone (expired unrenewed, or taken): stop serving the room now. */
  onLost(roomId: string, token: string): void;
  /** Whether the node still wants a room (anyone in it); unwanted leases are given up. */
  wanted(roomId: string): boolean;
  log(level: 'info' | 'warn', message: string, extra?: object): void;
}

interface Held {
  token: string;
  /** When the last successful renewal (or the acquisition) was sent. */
  confirmedSentAt: number;
  renewing: boolean;
}

export class LeaseKeeper {
  private readonly held = new Map<string, Held>();
  private readonly acquiring = new Map<
    string,
    Promise<{ token: string; acquired: boolean } | { holder?: string }>
  >();
  private readonly timer: unknown;

  constructor(private readonly options: LeaseKeeperOptions) {
    this.timer = options.clock.setInterval(() => this.tick(), options.renewEveryMs);
  }

  /** The token of a lease this node may act on now, or undefined. */
  tokenOf(roomId: string): string | undefined {
    const lease = this.held.get(roomId);
    if (!lease) return undefined;
    if (!this.trusted(lease)) {
      this.lose(roomId, lease, 'not renewed in time');
      return undefined;
    }
    return lease.token;
  }

  get rooms(): string[] {
    return [...this.held.keys()];
  }

  /** Takes the room's lease; `acquired: true` when it is new (anything loaded before is stale). */
  acquire(roomId: string): Promise<{ token: string; acquired: boolean } | { holder?: string }> {
    const current = this.tokenOf(roomId);
    if (current) return Promise.resolve({ token: current, acquired: false });
    // Joins arriving together share one attempt: the store would refuse the second.
    let pending = this.acquiring.get(roomId);
    if (!pending) {
      pending = this.take(roomId).finally(() => this.acquiring.delete(roomId));
      this.acquiring.set(roomId, pending);
    }
    return pending;
  }

  private async take(roomId: string): Promise<{ token: string; acquired: boolean } | { holder?: string }> {
    const sentAt = this.options.clock.now();
    const result = await this.options.store.acquire(roomId);
    if (!result.held) return result.holder ? { holder: result.holder } : {};
    this.held.set(roomId, { token: result.token, confirmedSentAt: sentAt, renewing: false });
    return { token: result.token, acquired: true };
  }

  private trusted(lease: Held): boolean {
    return this.options.clock.now() < lease.confirmedSentAt + this.options.ttlMs - this.options.marginMs;
  }

  private lose(roomId: string, lease: Held, reason: string): void {
    if (this.held.get(roomId) !== lease) return;
    this.held.delete(roomId);
    this.options.log('warn', 'lost a room lease', { roomId, reason });
    this.options.onLost(roomId, lease.token);
  }

  /** Renews every lease still wanted, in one request; gives up the rest. Runs every `renewEveryMs`. */
  tick(): void {
    const batch: { roomId: string; lease: Held }[] = [];
    for (const [roomId, lease] of [...this.held]) {
      if (!this.trusted(lease)) {
        this.lose(roomId, lease, 'not renewed in time');
        continue;
      }
      if (!this.options.wanted(roomId)) {
        this.held.delete(roomId);
        void this.options.store.release(roomId, lease.token).catch(() => {});
        continue;
      }
      if (!lease.renewing) batch.push({ roomId, lease });
    }
    if (batch.length === 0) return;
    for (const { lease } of batch) lease.renewing = true;
    const sentAt = this.options.clock.now();
    this.options.store.renewAll(batch.map(({ roomId, lease }) => ({ roomId, token: lease.token }))).then(
      (renewed) => {
        for (const { roomId, lease } of batch) {
          lease.renewing = false;
          if (!renewed.has(roomId)) {
            this.lose(roomId, lease, 'the store refused the renewal (expired or taken)');
            continue;
          }
          // Only a renewal sent while the lease was still trusted extends it.
          if (sentAt < lease.confirmedSentAt + this.options.ttlMs - this.options.marginMs)
            lease.confirmedSentAt = Math.max(lease.confirmedSentAt, sentAt);
        }
      },
      (error: Error) => {
        // A store that cannot be reached is not a refusal: the next tick tries again, and the
        // leases end here on time if none succeeds.
        for (const { lease } of batch) lease.renewing = false;
        this.options.log('warn', 'could not renew room leases', {
          rooms: batch.length,
          error: error.message,
        });
      },
    );
  }

  /** Gives every lease up (the node is shutting down cleanly: others may take them at once). */
  async close(): Promise<void> {
    this.options.clock.clearInterval(this.timer);
    const all = [...this.held];
    this.held.clear();
    await Promise.all(
      all.map(([roomId, lease]) => this.options.store.release(roomId, lease.token).catch(() => {})),
    );
  }
}
