/**
 * The loop's stalls on a manual clock: ticks on time add nothing, a late tick adds its lateness,
 * jitter is not a stall, and the stall that has just ended counts before the late tick runs
 * (sockets are read first).
 */
import { describe, expect, it } from 'vitest';
import { LOOP_STALL_MIN_MS, LOOP_TICK_MS, LoopStalls } from '../../../src/server/loop-stalls';

function setup() {
  let t = 5_000;
  let tick: (() => void) | undefined;
  let cleared = false;
  const stalls = new LoopStalls({
    now: () => t,
    setInterval: (fn, ms) => {
      expect(ms).toBe(LOOP_TICK_MS);
      tick = fn;
      return 'handle';
    },
    clearInterval: (handle) => {
      expect(handle).toBe('handle');
      cleared = true;
    },
  });
  return {
    stalls,
    /** The clock moves on by `ms`; the timer then runs, unless `timerRuns` is false. */
    pass(ms: number, timerRuns = true) {
      t += ms;
      if (timerRuns) tick!();
    },
    cleared: () => cleared,
  };
}

describe('LoopStalls', () => {
  it('counts nothing while the timer runs on time or nearly', () => {
    const { stalls, pass } = setup();
    for (let i = 0; i < 50; i += 1) pass(LOOP_TICK_MS);
    pass(LOOP_TICK_MS + LOOP_STALL_MIN_MS - 1);
    expect(stalls.stalledMs()).toBe(0);
  });

  it('adds up how late the timer ran, once per stall', () => {
    const { stalls, pass } = setup();
    pass(LOOP_TICK_MS + 3_000);
    pass(LOOP_TICK_MS);
    pass(LOOP_TICK_MS + LOOP_STALL_MIN_MS);
    expect(stalls.stalledMs()).toBe(3_000 + LOOP_STALL_MIN_MS);
  });

  it('counts the stall that has just ended before the late timer has run', () => {
    const { stalls, pass } = setup();
    pass(LOOP_TICK_MS + 12_000, false);
    expect(stalls.stalledMs()).toBe(12_000);
    // When the timer runs it notes the same stall, not a second one.
    pass(0);
    expect(stalls.stalledMs()).toBe(12_000);
  });

  it('stops its timer', () => {
    const { stalls, cleared } = setup();
    stalls.stop();
    expect(cleared()).toBe(true);
  });
});
