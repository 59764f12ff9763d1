import type { MeterClock } from '../../src/server/credits/premium-meter';

/**
 * A manual clock with intervals (the credit meters' MeterClock): time moves only when the test
 * says so, each interval firing once per period passed, in order of due time.
 */
export class FakeIntervalClock implements MeterClock {
  private nextId = 1;
  private readonly intervals = new Map<number, { every: number; next: number; fn: () => void }>();

  constructor(private time = 0) {}

  now(): number {
    return this.time;
  }

  setInterval(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.intervals.set(id, { every: ms, next: this.time + ms, fn });
    return id;
  }

  clearInterval(handle: unknown): void {
    this.intervals.delete(handle as number);
  }

  get running(): number {
    return this.intervals.size;
  }

  /** Moves the clock on by `ms`, firing every interval due meanwhile at its due time. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.intervals.entries()]
        .filter(([, t]) => t.next <= until)
        .sort((a, b) => a[1].next - b[1].next || a[0] - b[0])[0];
      if (!due) break;
      const [, interval] = due;
      this.time = interval.next;
      interval.next += interval.every;
      interval.fn();
    }
    this.time = until;
  }
}
