import { describe, expect, it } from 'vitest';
import {
  CAPTION_DELAY_WARNING_MS,
  clockOffsetFromPong,
  delaysOf,
  isDelayTooLong,
  newDelayTracker,
  quantile,
  recordCaption,
  summarizeDelays,
} from '../../../src/shared/caption-delay';
import type { Transcript } from '../../../src/shared/entities';

/** A stream that began at server time 1_000_000; an utterance 2 s into it. */
const STREAM_START = 1_000_000;

function caption(over: Partial<Transcript> & { asr?: Transcript['asr'] }): Transcript {
  return {
    id: 'track.0',
    isFinal: false,
    author: 'a',
    authorShow: 'Ada',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': 'Hello there' },
    usePaidASR: false,
    index: 0,
    timestampMs: STREAM_START + 2000,
    t0: 2000,
    trackName: 'track',
    asr: { final: false, timeReceivedMs: STREAM_START + 3000, engine: 'pocketsphinx:en-us', endMs: 2900 },
    ...over,
  };
}

describe('clockOffsetFromPong', () => {
  it('places the server clock at the midpoint of the round trip', () => {
    // Sent at 100, received at 300 (client); the server said 5200: it is 5000 ahead.
    expect(clockOffsetFromPong(100, 5200, 300)).toBe(5000);
    expect(clockOffsetFromPong(100, 100, 100)).toBe(0);
    // A server behind the client gives a negative offset.
    expect(clockOffsetFromPong(10_000, 7050, 10_100)).toBe(-3000);
  });
});

describe('delaysOf', () => {
  it('measures a partial without word timings from the end of the audio it covers', () => {
    const tracker = newDelayTracker();
    // Client clock is 500 ms behind the server: offset +500. Shown at client 1_002_900 = server 1_003_400.
    const samples = delaysOf(tracker, caption({}), 1_002_900, 500);
    expect(samples).toEqual([{ atServerMs: 1_003_400, delayMs: 3400 - 2900 }]);
  });

  it('counts each word once, the first time it reaches the screen', () => {
    const tracker = newDelayTracker();
    const words1 = [
      { w: 'hello', startMs: 2000, endMs: 2400 },
      { w: 'there', startMs: 2450, endMs: 2800 },
    ];
    const first = delaysOf(
      tracker,
      caption({ asr: { final: false, timeReceivedMs: STREAM_START + 3000, engine: 'e', words: words1 } }),
      STREAM_START + 3000,
      0,
    );
    expect(first.map((s) => s.delayMs)).toEqual([600, 200]);
    const words2 = [...words1, { w: 'friend', startMs: 2900, endMs: 3300 }];
    const final = caption({
      isFinal: true,
      asr: { final: true, timeReceivedMs: STREAM_START + 4000, engine: 'e', endMs: 3500, words: words2 },
    });
    // Only the new word: the first two were already on screen.
    expect(delaysOf(tracker, final, STREAM_START + 4100, 0).map((s) => s.delayMs)).toEqual([800]);
    // The same final again adds nothing.
    expect(delaysOf(tracker, final, STREAM_START + 4200, 0)).toEqual([]);
  });

  it('does not count again words a timing-less partial already covered', () => {
    const tracker = newDelayTracker();
    expect(delaysOf(tracker, caption({}), STREAM_START + 3000, 0)).toHaveLength(1);
    const final = caption({
      isFinal: true,
      asr: {
        final: true,
        timeReceivedMs: STREAM_START + 3500,
        engine: 'e',
        endMs: 3400,
        words: [
          { w: 'hello', startMs: 2000, endMs: 2400 },
          { w: 'there', startMs: 2450, endMs: 3100 },
        ],
      },
    });
    expect(delaysOf(tracker, final, STREAM_START + 3600, 0).map((s) => s.delayMs)).toEqual([500]);
  });

  it('ignores typed lines, gap markers, removals and stale re-sent lines', () => {
    const tracker = newDelayTracker();
    const { asr: _asr, ...typedBase } = caption({ origin: 'human' });
    expect(delaysOf(tracker, typedBase as Transcript, STREAM_START + 3000, 0)).toEqual([]);
    expect(
      delaysOf(
        tracker,
        caption({ gap: { fromMs: 1, toMs: 2, reason: 'connection-lost' } }),
        STREAM_START + 3000,
        0,
      ),
    ).toEqual([]);
    expect(
      delaysOf(tracker, caption({ texts: { 'en-US': '' }, isFinal: true }), STREAM_START + 3000, 0),
    ).toEqual([]);
    // Re-sent a minute after the server made it.
    expect(delaysOf(tracker, caption({ id: 'old' }), STREAM_START + 63_000, 0)).toEqual([]);
  });

  it('never reports a negative delay when the clock estimate is a little off', () => {
    const tracker = newDelayTracker();
    expect(delaysOf(tracker, caption({}), STREAM_START + 2800, 0)[0]?.delayMs).toBe(0);
  });
});

describe('quantile and summarizeDelays', () => {
  it('takes nearest-rank quantiles', () => {
    const sorted = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000];
    expect(quantile(sorted, 0.5)).toBe(500);
    expect(quantile(sorted, 0.95)).toBe(1000);
    expect(quantile([42], 0.95)).toBe(42);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('summarises only the last minute', () => {
    const samples = [
      { atServerMs: 0, delayMs: 9000 },
      ...Array.from({ length: 20 }, (_, i) => ({ atServerMs: 60_000 + i * 1000, delayMs: (i + 1) * 100 })),
    ];
    const summary = summarizeDelays(samples, 80_000);
    expect(summary).toEqual({ medianMs: 1000, p95Ms: 1900, count: 20 });
    expect(summarizeDelays(samples, 200_000)).toBeUndefined();
  });

  it('warns only past the recommended maximum', () => {
    expect(isDelayTooLong(undefined)).toBe(false);
    expect(isDelayTooLong({ medianMs: CAPTION_DELAY_WARNING_MS, p95Ms: 5000, count: 3 })).toBe(false);
    expect(isDelayTooLong({ medianMs: CAPTION_DELAY_WARNING_MS + 1, p95Ms: 5000, count: 3 })).toBe(true);
  });

  it('recordCaption keeps a minute of samples', () => {
    const tracker = newDelayTracker();
    recordCaption(tracker, caption({ id: 'a' }), STREAM_START + 3000, 0);
    recordCaption(
      tracker,
      caption({
        id: 'b',
        timestampMs: STREAM_START + 70_000,
        t0: 70_000,
        asr: { final: false, timeReceivedMs: STREAM_START + 71_000, engine: 'e', endMs: 71_000 },
      }),
      STREAM_START + 71_200,
      0,
    );
    expect(tracker.samples).toEqual([{ atServerMs: STREAM_START + 71_200, delayMs: 200 }]);
  });
});
