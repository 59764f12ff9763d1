import { describe, expect, it } from 'vitest';
import { playbackEndMs, silenceEndMs } from '../../../../../src/renderer/features/voiced-replies/lifecycle';

const RATE = 22_050;

/** `loudMs` of a loud tone, then `quietMs` of near-silence (level under 10). */
function voice(loudMs: number, quietMs: number, quietAmplitude = 1): Int16Array {
  const loud = Math.round((RATE * loudMs) / 1000);
  const out = new Int16Array(loud + Math.round((RATE * quietMs) / 1000));
  for (let i = 0; i < out.length; i++) {
    const a = i < loud ? 9000 : quietAmplitude;
    out[i] = i % 2 === 0 ? a : -a;
  }
  return out;
}

describe('silenceEndMs', () => {
  it('is where the trailing silence has lasted 500 ms', () => {
    const end = silenceEndMs(voice(1000, 1200), RATE)!;
    expect(end).toBeGreaterThanOrEqual(1480);
    expect(end).toBeLessThanOrEqual(1520);
  });

  it('is undefined when the audio does not end in 500 ms of silence', () => {
    expect(silenceEndMs(voice(1000, 300), RATE)).toBeUndefined();
    expect(silenceEndMs(voice(1000, 0), RATE)).toBeUndefined();
  });

  it('counts quiet but not silent audio (level 10 or more) as voice', () => {
    // Amplitude 4 is level 1 (silence); amplitude 400 is level 10.
    expect(silenceEndMs(voice(1000, 1200, 4), RATE)).toBeDefined();
    expect(silenceEndMs(voice(1000, 1200, 400), RATE)).toBeUndefined();
  });
});

describe('playbackEndMs', () => {
  it('ends at the first of the estimate, the track’s end and the silence', () => {
    // Silence after 1 s: ends 500 ms into it.
    expect(playbackEndMs(voice(1000, 2000), RATE, 10_000)).toBeCloseTo(1500, -2);
    // Track shorter than the estimate, no trailing silence: the track's end.
    expect(playbackEndMs(voice(3000, 0), RATE, 10_000)).toBeCloseTo(3000, 0);
    // The estimate first.
    expect(playbackEndMs(voice(3000, 0), RATE, 2000)).toBe(2000);
  });
});
