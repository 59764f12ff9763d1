import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../../src/server/token-bucket';

function setup(ratePerSecond: number, burst: number) {
  /** `stalled`: how long the server has been stalled in all. */
  const clock = { t: 1_000_000, stalled: 0 };
  const bucket = new TokenBucket(
    ratePerSecond,
    burst,
    () => clock.t,
    () => clock.stalled,
  );
  const takeN = (n: number, cost = 1) => Array.from({ length: n }, () => bucket.take(cost));
  return { clock, bucket, takeN };
}

describe('TokenBucket', () => {
  it('allows a burst, then refuses', () => {
    const { takeN } = setup(10, 5);
    expect(takeN(7)).toEqual([true, true, true, true, true, false, false]);
  });

  it.each([
    // 10 tokens per second: one every 100 ms
    [99, [false]],
    [100, [true, false]],
    [250, [true, true, false]],
    [500, [true, true, true, true, true, false]],
    // never more than the burst, however long the wait
    [60_000, [true, true, true, true, true, false]],
  ])('refills at the rate: %i ms after emptying gives %j', (waitMs, expected) => {
    const { clock, takeN } = setup(10, 5);
    takeN(5);
    clock.t += waitMs;
    expect(takeN(expected.length)).toEqual(expected);
  });

  it('adds up partial refills', () => {
    const { clock, bucket, takeN } = setup(10, 5);
    takeN(5);
    clock.t += 50;
    expect(bucket.take()).toBe(false);
    clock.t += 50;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('takes nothing when it refuses', () => {
    const { bucket } = setup(10, 5);
    expect(bucket.take(2)).toBe(true); // 3 left
    expect(bucket.take(4)).toBe(false);
    expect(bucket.take(4)).toBe(false);
    expect(bucket.take(3)).toBe(true); // the refused takes left all 3
    expect(bucket.take(1)).toBe(false);
  });

  it('charges by cost', () => {
    const { clock, bucket } = setup(1000, 2000);
    expect(bucket.take(1920)).toBe(true);
    expect(bucket.take(1920)).toBe(false);
    clock.t += 1840; // 80 + 1840 = 1920 tokens
    expect(bucket.take(1920)).toBe(true);
  });

  it('refuses a cost larger than the burst even when full', () => {
    const { bucket } = setup(10, 5);
    expect(bucket.take(6)).toBe(false);
    expect(bucket.take(5)).toBe(true);
  });

  describe('through a stall of the server', () => {
    /** The server stalls `ms`: its clock moves on and so does the stall it has noted. */
    const stall = (clock: { t: number; stalled: number }, ms: number) => {
      clock.t += ms;
      clock.stalled += ms;
    };

    it('fills without its cap: what the client sent meanwhile is taken when it arrives all at once', () => {
      const { clock, takeN } = setup(10, 5);
      stall(clock, 3_000);
      expect(takeN(36).filter(Boolean)).toHaveLength(35);
    });

    it('keeps its cap for a client that was only quiet that long', () => {
      const { clock, takeN } = setup(10, 5);
      clock.t += 3_000;
      expect(takeN(6)).toEqual([true, true, true, true, true, false]);
    });

    it('gives back only the stall, not the quiet time around it', () => {
      const { clock, takeN } = setup(10, 5);
      takeN(5);
      clock.t += 60_000;
      stall(clock, 1_000);
      // The quiet minute fills up to the burst (5), the stall's second adds 10 above it.
      expect(takeN(16).filter(Boolean)).toHaveLength(15);
    });

    it('lets what a stall gave drain away at the rate once the server runs again', () => {
      const { clock, takeN } = setup(10, 5);
      stall(clock, 2_000);
      expect(takeN(1)).toEqual([true]); // 5 + 20 - 1
      clock.t += 1_000; // 19 above the burst, less 10
      expect(takeN(15).filter(Boolean)).toHaveLength(14);
      clock.t += 10_000;
      expect(takeN(6).filter(Boolean)).toHaveLength(5);
    });
  });
});
