import { describe, expect, it } from 'vitest';
import { frameLevelsDb, speechEndSample } from '../../../../scripts/lib/speech-end';

const RATE = 16_000;
const FRAME = 160; // 10 ms

/** A recording built from parts: [ms, amplitude] of a 200 Hz tone (0 = digital silence). */
function recording(parts: Array<[number, number]>, noise = 0): Int16Array {
  const total = parts.reduce((n, [ms]) => n + (ms * RATE) / 1000, 0);
  const out = new Int16Array(total);
  let i = 0;
  let seed = 1;
  for (const [ms, amplitude] of parts) {
    for (let k = 0; k < (ms * RATE) / 1000; k++, i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const hiss = noise * ((seed / 0x7fffffff) * 2 - 1);
      out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * 200 * i) / RATE) + hiss);
    }
  }
  return out;
}

describe('frameLevelsDb', () => {
  it('gives the RMS level of each whole frame, full scale as 0 dB', () => {
    const square = new Int16Array(FRAME * 2 + 10);
    square.fill(32767, 0, FRAME); // full scale: about 0 dB
    square.fill(3277, FRAME, FRAME * 2); // a tenth: about -20 dB
    const levels = frameLevelsDb(square, FRAME);
    expect(levels).toHaveLength(2); // the partial frame at the end is not a frame
    expect(levels[0]).toBeCloseTo(0, 1);
    expect(levels[1]).toBeCloseTo(-20, 1);
  });

  it('says -Infinity for digital silence', () => {
    expect(frameLevelsDb(new Int16Array(FRAME), FRAME)).toEqual([Number.NEGATIVE_INFINITY]);
  });
});

describe('speechEndSample', () => {
  it('ends speech at the last loud frame, not at the end of a file with trailing silence', () => {
    // 300 ms quiet, 1 s of "speech", 1.5 s quiet: speech ends at 1.3 s.
    const audio = recording(
      [
        [300, 0],
        [1000, 8000],
        [1500, 0],
      ],
      30,
    );
    expect(speechEndSample(audio, { sampleRate: RATE })).toBe(1.3 * RATE);
  });

  it('keeps a quiet last sound that is well above the noise floor (a trailing "s")', () => {
    // Loud vowel, then 200 ms at -30 dB relative to it, then silence with hiss far below.
    const audio = recording(
      [
        [200, 0],
        [800, 10_000],
        [200, 320],
        [1000, 0],
      ],
      3,
    );
    expect(speechEndSample(audio, { sampleRate: RATE })).toBe(1.2 * RATE);
  });

  it('ignores a click shorter than three frames in the silence after speech', () => {
    const audio = recording(
      [
        [200, 0],
        [500, 8000],
        [600, 0],
        [20, 20_000],
        [500, 0],
      ],
      30,
    );
    expect(speechEndSample(audio, { sampleRate: RATE })).toBe(0.7 * RATE);
  });

  it('ends at the last sample when speech runs to the end of the file', () => {
    const audio = recording(
      [
        [300, 0],
        [700, 8000],
      ],
      30,
    );
    const cut = audio.subarray(0, audio.length - 37); // not a whole number of frames
    expect(speechEndSample(cut, { sampleRate: RATE })).toBe(cut.length);
  });

  it('finds speech in a slice of continuous talk with no pause (its floor is speech)', () => {
    const audio = recording([
      [400, 6000],
      [100, 3000],
      [400, 7000],
    ]);
    expect(speechEndSample(audio, { sampleRate: RATE })).toBe(audio.length);
  });

  it('finds nothing in digital silence or an empty recording', () => {
    expect(speechEndSample(new Int16Array(RATE), { sampleRate: RATE })).toBeUndefined();
    expect(speechEndSample(new Int16Array(0), { sampleRate: RATE })).toBeUndefined();
  });
});
