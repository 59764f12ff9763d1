import { describe, expect, it } from 'vitest';
import { ChunkPacer, parseSpeed, type PacerClock } from '../../../../scripts/lib/pacer';
import { MAX_AUDIO_SPEED } from '../../../../src/shared/constants';

/** A clock that only moves when slept on, or when the test moves it (a late timer, a busy loop). */
function fakeClock(): PacerClock & { t: number; slept: number[] } {
  const clock = {
    t: 1000,
    slept: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}

describe('ChunkPacer', () => {
  it('sends the first chunk at once and each next one 60 ms / speed later', async () => {
    const clock = fakeClock();
    const pacer = new ChunkPacer(2, clock);
    const times = [];
    for (let i = 0; i < 4; i++) times.push(await pacer.next());
    expect(times).toEqual([1000, 1030, 1060, 1090]);
    expect(pacer.chunks).toBe(4);
  });

  it('keeps one clock across calls: silence after speech is not sent faster than real time', async () => {
    const clock = fakeClock();
    const pacer = new ChunkPacer(1, clock);
    await pacer.next();
    await pacer.next();
    // The speech is sent; the caller checks something, then goes on with silence on the same pacer.
    const silenceChunk = await pacer.next();
    expect(silenceChunk).toBe(1120);
  });

  it('catches up after a late wake-up without drifting, as a microphone buffer would', async () => {
    const clock = fakeClock();
    const pacer = new ChunkPacer(1, clock);
    await pacer.next(); // due 1000
    clock.t += 200; // the process was busy
    expect(await pacer.next()).toBe(1200); // due 1060: late, sent at once
    expect(await pacer.next()).toBe(1200); // due 1120: also sent at once
    expect(await pacer.next()).toBe(1200); // due 1180
    expect(await pacer.next()).toBe(1240); // due 1240: back on the clock
  });
});

describe('parseSpeed', () => {
  it('accepts real time up to the fastest the server takes', () => {
    expect(parseSpeed(undefined)).toBe(1);
    expect(parseSpeed('0.5')).toBe(0.5);
    expect(parseSpeed(String(MAX_AUDIO_SPEED))).toBe(MAX_AUDIO_SPEED);
  });
  it.each(['0', '-1', 'fast', String(MAX_AUDIO_SPEED + 1)])('refuses %j, naming the limit', (raw) => {
    expect(() => parseSpeed(raw)).toThrow(`at most ${MAX_AUDIO_SPEED}`);
  });
});
