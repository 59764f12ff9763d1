import type { Timers } from '../../src/server/rooms/throttle';

/** A manual clock for code that takes a `Timers`: time moves only when the test says so. */
export class FakeTimers implements Timers {
  private time = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  /** Every delay passed to setTimeout, in order. */
  readonly delays: number[] = [];
  cleared = 0;

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.delays.push(ms);
    this.pending.set(id, { at: this.time + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (this.pending.delete(handle as number)) this.cleared += 1;
  }

  get scheduled(): number {
    return this.pending.size;
  }

  /** Moves the clock to `time`, running every timer due by then in order of due time. */
  advanceTo(time: number): void {
    for (;;) {
      const due = [...this.pending.entries()]
        .filter(([, t]) => t.at <= time)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.time = due[1].at;
      due[1].fn();
    }
    this.time = time;
  }
}
