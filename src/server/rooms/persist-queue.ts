/**
 * The road from a final caption to the people in the room: stored first, shown second, in the
 * order the finals were made. Pure (it is given its clock and its writer), so the retry and
 * ordering rules are tested without a database.
 *
 * Why it exists: a final that is shown but never stored is a caption a deaf person read in the
 * meeting and cannot find afterwards, and one that is shown to some people and not stored can be
 * missing for whoever joins later. So nothing is announced before it is stored; a write that
 * fails is tried again, with a growing pause, until the database takes it. The head of the queue
 * blocks the rest: a later final never overtakes an earlier one, so the room's sequence numbers
 * stay gapless and in storage order. While the database is down people still see the words as
 * partials (those are never stored and go out at once); only the "final" comes late.
 *
 * Memory is bounded: a database that stays down for very long fills the queue to `maxPending`,
 * after which new finals are refused (the caller logs the loss) rather than growing without end.
 */
import type { Timers } from './throttle';

export type PersistLog = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

export interface PersistQueueOptions<T> {
  /** Writes one item; rejects if it could not (it is tried again later, unchanged). */
  store(item: T): Promise<void>;
  /** Called once per item, in push order, right after it was stored. */
  stored(item: T): void;
  timers: Timers;
  log: PersistLog;
  /** Pause after the first failure; it doubles after each further one, up to `retryMaxMs`. */
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** Items waiting (the one being written included) beyond which `push` refuses. */
  maxPending?: number;
  /** While failing, how often the log says so again (a first failure is always logged). */
  reportEveryMs?: number;
  /** What the logs call an item (say, its id), so a lost one can be named. */
  describe?(item: T): object;
  /** A write failed and will be tried again (metrics: hearken_persist_retries_total). */
  retrying?(): void;
}

export const PERSIST_RETRY_INITIAL_MS = 250;
export const PERSIST_RETRY_MAX_MS = 5000;
/** About an hour of one person speaking without pause: far beyond any outage worth riding out. */
export const PERSIST_MAX_PENDING = 1000;
export const PERSIST_REPORT_EVERY_MS = 30_000;

/** The pause before attempt `failures + 1`: doubling from `initialMs`, capped at `maxMs`. */
export function retryDelayMs(failures: number, initialMs: number, maxMs: number): number {
  if (failures <= 0) return 0;
  return Math.min(maxMs, initialMs * 2 ** Math.min(failures - 1, 30));
}

export class PersistQueue<T> {
  private readonly items: T[] = [];
  private readonly waiters: { target: number; resolve: () => void }[] = [];
  /** Items ever pushed and accepted, and of those, how many are stored (or given up at stop). */
  private accepted = 0;
  private finished = 0;
  private running = false;
  private stopped = false;
  private timer: unknown;
  private wake: (() => void) | undefined;
  /** Consecutive failures of the head item, when the current outage began, when it was last reported. */
  private failures = 0;
  private failingSinceMs: number | undefined;
  private reportedAtMs = 0;
  private warnedHalfFull = false;

  constructor(private readonly options: PersistQueueOptions<T>) {}

  /** Items not yet stored, the one being written included. */
  get pending(): number {
    return this.items.length;
  }

  /** True while writes are failing (the current head has failed at least once). */
  get failing(): boolean {
    return this.failures > 0;
  }

  /**
   * Queues an item to be stored then announced. Returns false, and keeps nothing, when the
   * queue is full or stopped: the caller decides what the loss means and says so.
   */
  push(item: T): boolean {
    const max = this.options.maxPending ?? PERSIST_MAX_PENDING;
    if (this.stopped || this.items.length >= max) {
      this.options.log('error', 'a final could not be queued for storage and is lost', {
        reason: this.stopped ? 'stopped' : `${max} finals already wait for the database`,
        ...this.options.describe?.(item),
      });
      return false;
    }
    this.items.push(item);
    this.accepted += 1;
    if (!this.warnedHalfFull && this.items.length >= max / 2) {
      this.warnedHalfFull = true;
      this.options.log('error', 'finals are piling up while the database is unreachable', {
        pending: this.items.length,
        max,
      });
    }
    void this.run();
    return true;
  }

  /** Resolves once everything pushed before this call is stored (or the queue was stopped). */
  settled(): Promise<void> {
    if (this.finished >= this.accepted || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ target: this.accepted, resolve }));
  }

  /**
   * Gives up: no more attempts, and every waiter is released. Returns what was never stored,
   * so the caller can name the loss (the server is going away while the database is down).
   */
  stop(): T[] {
    this.stopped = true;
    if (this.timer !== undefined) this.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.wake?.();
    const lost = this.items.splice(0);
    this.finished = this.accepted;
    this.release();
    return lost;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.items.length > 0 && !this.stopped) {
        const item = this.items[0] as T;
        try {
          await this.options.store(item);
        } catch (error) {
          if (this.stopped) break;
          this.failed(error as Error);
          this.options.retrying?.();
          await this.pause(
            retryDelayMs(
              this.failures,
              this.options.retryInitialMs ?? PERSIST_RETRY_INITIAL_MS,
              this.options.retryMaxMs ?? PERSIST_RETRY_MAX_MS,
            ),
          );
          continue;
        }
        if (this.stopped) break;
        this.items.shift();
        this.recovered();
        try {
          this.options.stored(item);
        } catch (error) {
          // Announcing is the caller's business; a failure there must not stall storage.
          this.options.log('error', 'announcing a stored final failed', { error: (error as Error).message });
        }
        this.finished += 1;
        this.release();
      }
    } finally {
      this.running = false;
    }
  }

  private failed(error: Error): void {
    const now = this.options.timers.now();
    this.failures += 1;
    if (this.failingSinceMs === undefined) {
      this.failingSinceMs = now;
      this.reportedAtMs = now;
      this.options.log('warn', 'could not store a final; it is kept and tried again until it is stored', {
        error: error.message,
        pending: this.items.length,
      });
      return;
    }
    if (now - this.reportedAtMs >= (this.options.reportEveryMs ?? PERSIST_REPORT_EVERY_MS)) {
      this.reportedAtMs = now;
      this.options.log('error', 'finals are still not being stored; people see them once they are', {
        error: error.message,
        failingForMs: now - this.failingSinceMs,
        attempts: this.failures,
        pending: this.items.length,
      });
    }
  }

  private recovered(): void {
    if (this.failingSinceMs === undefined) {
      this.failures = 0;
      return;
    }
    this.options.log('info', 'finals are being stored again', {
      failedForMs: this.options.timers.now() - this.failingSinceMs,
      attempts: this.failures,
      pending: this.items.length,
    });
    this.failures = 0;
    this.failingSinceMs = undefined;
    this.warnedHalfFull = false;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = undefined;
        resolve();
      };
      this.timer = this.options.timers.setTimeout(() => {
        this.timer = undefined;
        this.wake?.();
      }, ms);
    });
  }

  private release(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (this.finished >= waiter.target) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }
}
