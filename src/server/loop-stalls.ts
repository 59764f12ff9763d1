/**
 * How long this process's event loop has been held up, in all: a timer that should run every
 * LOOP_TICK_MS notes how late it ran. While the loop is held up (a long garbage collection, a
 * slow handler, another room's attack) nothing is read from the sockets; the frames an honest
 * speaker sent meanwhile are read together once it runs again. The audio limits
 * (socket/audio-intake.ts) and the idle check (socket/connection.ts) give that time back, so the
 * server never takes its own stall for a client's flood or silence.
 */

/** How often the loop is expected to come round to the timer. */
export const LOOP_TICK_MS = 100;
/**
 * Lateness below this is not given back: the limits' own burst (8 s of audio) already absorbs
 * it, and a busy machine makes the loop a few hundred milliseconds late often, which must not
 * add up to a flooder's allowance.
 */
export const LOOP_STALL_MIN_MS = 1000;

export interface LoopClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realLoopClock: LoopClock = {
  // Monotonic: lateness is a duration, and the wall clock may be set back or forward.
  now: () => performance.now(),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export class LoopStalls {
  /** Stalls the timer has already noted. */
  private noted = 0;
  private lastTick: number;
  private readonly handle: unknown;

  constructor(private readonly clock: LoopClock = realLoopClock) {
    this.lastTick = clock.now();
    this.handle = clock.setInterval(() => this.tick(), LOOP_TICK_MS);
  }

  /**
   * Milliseconds the loop has been stalled since this started, never decreasing. It includes the
   * stall that has just ended: sockets are read before the late timer runs, and their frames
   * must already see it.
   */
  stalledMs(): number {
    return this.noted + this.lateness(this.clock.now());
  }

  stop(): void {
    this.clock.clearInterval(this.handle);
  }

  private tick(): void {
    const now = this.clock.now();
    this.noted += this.lateness(now);
    this.lastTick = now;
  }

  private lateness(now: number): number {
    const late = now - this.lastTick - LOOP_TICK_MS;
    return late >= LOOP_STALL_MIN_MS ? late : 0;
  }
}
