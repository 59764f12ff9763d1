/**
 * Sends the first value at once, then at most one value per interval, always the latest:
 * partial captions reach people immediately but a fast-changing hypothesis does not flood them.
 */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class Throttle<T> {
  private lastSent = Number.NEGATIVE_INFINITY;
  private pending: T | undefined;
  private timer: unknown;

  constructor(
    private readonly intervalMs: number,
    private readonly send: (value: T) => void,
    private readonly timers: Timers = realTimers,
  ) {}

  push(value: T): void {
    const now = this.timers.now();
    if (this.timer === undefined && now - this.lastSent >= this.intervalMs) {
      this.lastSent = now;
      this.send(value);
      return;
    }
    this.pending = value;
    if (this.timer === undefined) {
      this.timer = this.timers.setTimeout(() => this.fire(), this.lastSent + this.intervalMs - now);
    }
  }

  /** Drops a value still waiting (its final has superseded it). */
  cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  private fire(): void {
    this.timer = undefined;
    if (this.pending === undefined) return;
    const value = this.pending;
    this.pending = undefined;
    this.lastSent = this.timers.now();
    this.send(value);
  }
}
