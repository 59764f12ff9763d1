import { describe, expect, it } from 'vitest';
import {
  captionQuality,
  finalDelayMs,
  percentile,
  recognisedTextsOf,
} from '../../../../src/shared/recap/caption-quality';
import type { Transcript } from '../../../../src/shared/entities';
import { spoken, typed } from '../../../helpers/transcript-fixture';

/** A spoken final that reached the server `delayMs` after its last word ended. */
function late(text: string, delayMs: number, engine = 'pocketsphinx', premium = false): Transcript {
  const t = spoken('ann', 'Ann', 0, text, 500);
  const lastEnd = t.timestampMs - t.t0 + t.asr!.words!.at(-1)!.endMs;
  return { ...t, usePaidASR: premium, asr: { ...t.asr!, engine, timeReceivedMs: lastEnd + delayMs } };
}

describe('caption delay', () => {
  it('measures from the last word’s wall-clock end to the final', () => {
    expect(finalDelayMs(late('a b c', 1_234))).toBe(1_234);
    expect(finalDelayMs(typed('a', 'A', 0, 'typed'))).toBeUndefined();
  });

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 20 }, (_, i) => (i + 1) * 100);
    expect(percentile(values, 50)).toBe(1_000);
    expect(percentile(values, 95)).toBe(1_900);
    expect(percentile([7], 95)).toBe(7);
    expect(() => percentile([], 50)).toThrow();
  });
});

describe('caption quality report', () => {
  const delays = [400, 800, 1_200, 1_600, 3_500];
  const lines = [
    ...delays.map((d, i) => late(`word${i} and more`, d)),
    late('premium words here now', 300, 'sherpa-onnx', true),
    typed('bob', 'Bob', 0, 'typed words are not recognised'),
  ];

  it('counts recognised words by engine and tier and the delay, with corrections unknown', () => {
    const report = captionQuality('room-1', lines, new Map(), 99);
    expect(report).toEqual({
      roomId: 'room-1',
      recognisedWords: 15 + 4,
      correctionsAvailable: false,
      correctedWords: 0,
      wordErrorRate: null,
      delay: { medianMs: 800, p95Ms: 3_500, lines: 6 },
      engines: [
        { engine: 'pocketsphinx', tier: 'basic', words: 15 },
        { engine: 'sherpa-onnx', tier: 'premium', words: 4 },
      ],
      createdAtMs: 99,
    });
  });

  it('fills in corrected words and the WER once the recogniser’s text of corrected lines is known', () => {
    // The line now reads "word0 and more"; the recogniser had said "word zero and more here".
    const recognised = new Map([[lines[0]!.id, 'word zero and more here']]);
    const report = captionQuality('room-1', lines, recognised, 0);
    expect(report.correctionsAvailable).toBe(true);
    // Against the 19 corrected words: 1 substitution, 2 insertions.
    expect(report.correctedWords).toBe(3);
    expect(report.wordErrorRate).toBeCloseTo(3 / 19, 6);
    expect(report.recognisedWords).toBe(21);
  });

  it('reads the recogniser’s text from the lines people corrected (asrText), and says 0% when nobody did', () => {
    const corrected = [{ ...lines[0]!, asrText: 'word zero and more here' }, ...lines.slice(1)];
    const recognised = recognisedTextsOf(corrected);
    expect([...recognised]).toEqual([[lines[0]!.id, 'word zero and more here']]);
    expect(captionQuality('room-1', corrected, recognised, 0, true).correctedWords).toBe(3);
    const untouched = captionQuality('room-1', lines, recognisedTextsOf(lines), 0, true);
    expect([untouched.correctionsAvailable, untouched.correctedWords, untouched.wordErrorRate]).toEqual([
      true,
      0,
      0,
    ]);
  });

  it('has no delay without timed finals', () => {
    expect(captionQuality('r', [typed('a', 'A', 0, 'hi')], new Map(), 0).delay).toBeNull();
  });
});
