import { describe, expect, it } from 'vitest';
import {
  SendLog,
  type TimedTranscript,
  alignedIndexes,
  percentile,
  recordingLatency,
} from '../../../../scripts/lib/latency';
import type { Transcript, WordTiming } from '../../../../src/shared/entities';

/** 60 ms chunks of 960 samples, chunk i sent at 10000 + 60 i ms. */
function sendLog(chunks = 200): SendLog {
  const log = new SendLog();
  for (let i = 0; i < chunks; i++) log.record(i * 960, 10_000 + 60 * i);
  return log;
}

function msg(
  atMs: number,
  id: string,
  index: number,
  text: string,
  isFinal = false,
  words?: WordTiming[],
): TimedTranscript {
  const transcript: Transcript = {
    id,
    isFinal,
    author: 'a',
    authorShow: 'A',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    asr: { final: isFinal, timeReceivedMs: atMs, engine: 'test', ...(words ? { words } : {}) },
    usePaidASR: false,
    index,
    timestampMs: 0,
    t0: 0,
    trackName: 't',
  };
  return { atMs, transcript };
}

const word = (w: string, endMs: number): WordTiming => ({ w, startMs: Math.max(0, endMs - 200), endMs });

describe('SendLog.sentAt', () => {
  it.each([
    [-1, undefined], // before the first chunk
    [0, 10_000],
    [959, 10_000], // last sample of chunk 0
    [960, 10_060], // first sample of chunk 1
    [1919, 10_060],
    [1920, 10_120],
    [99 * 960, 10_000 + 60 * 99],
    [199 * 960 + 959, 10_000 + 60 * 199], // last sample of the last chunk
    [1_000_000, 10_000 + 60 * 199], // after the end: the last chunk sent
  ])('sample %i was sent at %s', (sample, at) => {
    expect(sendLog().sentAt(sample)).toBe(at);
  });

  it('knows nothing before a recording whose first chunk starts later, or with no chunks', () => {
    const log = new SendLog();
    log.record(480, 5000);
    log.record(1440, 5060);
    expect(log.sentAt(479)).toBeUndefined();
    expect(log.sentAt(480)).toBe(5000);
    expect(log.sentAt(1439)).toBe(5000);
    expect(log.sentAt(1440)).toBe(5060);
    expect(new SendLog().sentAt(0)).toBeUndefined();
  });

  it('agrees with a linear search on uneven chunks', () => {
    const log = new SendLog();
    const starts = [0, 100, 101, 500, 2000, 2001, 2002, 9000];
    starts.forEach((s, i) => log.record(s, i * 7));
    for (let sample = 0; sample < 10_000; sample += 1) {
      let expected = -1;
      for (let i = 0; i < starts.length; i++) if (starts[i]! <= sample) expected = i * 7;
      expect(log.sentAt(sample)).toBe(expected);
    }
  });
});

describe('recordingLatency', () => {
  /*
   * Word ends and the chunk holding each word's last sample (16 samples per ms, minus one):
   *   good     300 ms -> sample  4799 -> chunk  4 -> sent 10240
   *   morning  660 ms -> sample 10559 -> chunk 10 -> sent 10600
   *   hello   1200 ms -> sample 19199 -> chunk 19 -> sent 11140
   *   world   1500 ms -> sample 23999 -> chunk 24 -> sent 11440
   *   again   1860 ms -> sample 29759 -> chunk 30 -> sent 11800
   */
  const messages = [
    msg(10_500, 'trk.0', 0, 'good'), // good: 10500 - 10240 = 260
    msg(10_900, 'trk.0', 0, 'Good morning.', true, [word('good', 300), word('morning', 660)]), // morning: 300
    msg(11_300, 'trk.1', 1, 'hello'), // hello: 11300 - 11140 = 160
    msg(11_600, 'trk.1', 1, 'hello word'), // not "world"
    msg(11_650, 'trk.1', 1, 'world'), // world: shown, though not yet after "hello": 11650 - 11440 = 210
    msg(11_700, 'trk.1', 1, 'hello world'),
    msg(12_100, 'trk.1', 1, 'Hello world, again!', true, [
      word('Hello', 1200),
      word('world', 1500),
      word('again', 1860),
    ]), // again, only in the final: 12100 - 11800 = 300
    msg(12_500, 'trk.2', 2, 'um'),
    msg(13_000, 'trk.2', 2, '', true, [word('um', 2300)]), // an empty final: ignored entirely
  ];

  it('measures each word from the send of its last sample to its first showing', () => {
    const result = recordingLatency(messages, sendLog());
    expect([...result.wordLatenciesMs].sort((a, b) => a - b)).toEqual([160, 210, 260, 300, 300]);
  });

  it('counts a word as shown when a partial with an extra or wrong word before it shows it', () => {
    // the 660 ms -> chunk 10 -> sent 10600; cat 1200 -> 11140; sat 1500 -> 11440
    const result = recordingLatency(
      [
        msg(10_700, 'u.0', 0, 'uh the'), // the: 100 (an extra word before it)
        msg(11_300, 'u.0', 0, 'a cat'), // cat: 160 ("a" is wrong, "the" is not shown again)
        msg(11_900, 'u.0', 0, 'the cat sat', true, [word('the', 660), word('cat', 1200), word('sat', 1500)]), // sat: 460
      ],
      sendLog(),
    );
    expect(result.wordLatenciesMs).toEqual([100, 160, 460]);
  });

  it('joins non-empty finals in order and reports the arrival of the last one', () => {
    const result = recordingLatency(messages, sendLog());
    expect(result.hypothesis).toBe('Good morning. Hello world, again!');
    expect(result.lastFinalAtMs).toBe(12_100);
  });

  it('joins finals in index order, not arrival order', () => {
    const result = recordingLatency(
      [msg(1000, 'b', 2, 'second', true), msg(1100, 'a', 1, 'first', true), msg(1200, 'c', 3, 'third', true)],
      sendLog(),
    );
    expect(result.hypothesis).toBe('first second third');
    expect(result.lastFinalAtMs).toBe(1200);
    expect(result.wordLatenciesMs).toEqual([]); // no word timings
  });

  it("uses an utterance's last final when it was sent twice", () => {
    const result = recordingLatency(
      [
        msg(10_300, 'x', 0, 'cat', true, [word('cat', 300)]),
        msg(10_800, 'x', 0, 'the cat', true, [word('the', 150), word('cat', 300)]),
      ],
      sendLog(),
    );
    expect(result.hypothesis).toBe('the cat');
    expect(result.lastFinalAtMs).toBe(10_800);
    // "the" (sample 2399, chunk 2, sent 10120) first shown by the second final;
    // "cat" (sample 4799, chunk 4, sent 10240) was already shown by the first one.
    expect(result.wordLatenciesMs).toEqual([10_800 - 10_120, 10_300 - 10_240]);
  });

  it('skips a word whose audio was never logged as sent', () => {
    const log = new SendLog();
    log.record(9600, 20_000); // the log starts at 600 ms
    const result = recordingLatency(
      [msg(20_500, 'x', 0, 'early late', true, [word('early', 300), word('late', 900)])],
      log,
    );
    expect(result.wordLatenciesMs).toEqual([500]);
  });

  it('has nothing to report without finals', () => {
    expect(recordingLatency([msg(1, 'x', 0, 'partial only')], sendLog())).toEqual({
      wordLatenciesMs: [],
      hypothesis: '',
      lastFinalAtMs: undefined,
    });
  });
});

describe('alignedIndexes', () => {
  it.each([
    { shown: [], final: ['a'], expected: [] },
    { shown: ['a', 'b', 'c'], final: ['a', 'b', 'c'], expected: [0, 1, 2] },
    { shown: ['x', 'b'], final: ['a', 'b', 'c'], expected: [1] },
    { shown: ['the', 'dog'], final: ['the', 'cat', 'saw', 'the', 'dog'], expected: [0, 4] },
    { shown: ['c', 'a'], final: ['a', 'b'], expected: [0] },
    { shown: ['a', 'x', 'b', 'y', 'c'], final: ['a', 'b', 'c', 'd'], expected: [0, 1, 2] },
  ])('pairs $shown with $final at $expected', ({ shown, final, expected }) => {
    expect(alignedIndexes(shown, final)).toEqual(expected);
  });
});

describe('percentile (nearest rank)', () => {
  // The textbook example: 15, 20, 35, 40, 50.
  it.each([
    [0, 15],
    [5, 15],
    [20, 15],
    [25, 20], // rank 1.25 rounds up to 2
    [30, 20],
    [40, 20],
    [50, 35],
    [80, 40],
    [85, 50], // rank 4.25 rounds up to 5
    [95, 50],
    [100, 50],
  ])('p%i of 15 20 35 40 50 is %i, in any order', (p, expected) => {
    expect(percentile([15, 20, 35, 40, 50], p)).toBe(expected);
    expect(percentile([50, 35, 15, 40, 20], p)).toBe(expected);
  });

  it('is undefined for no values and the value itself for one', () => {
    expect(percentile([], 50)).toBeUndefined();
    expect(percentile([7], 0)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('recordingLatency with the audio position of each message', () => {
  it('does not let a message show a word that began after the audio it was computed from', () => {
    // final: "the cat saw the dog"; the second "the" starts at 1300 ms and ends at 1400 ms
    // (sample 22399 -> chunk 23 -> sent 11380).
    const early = msg(10_500, 'd.0', 0, 'the cat saw the');
    early.transcript.asr = { final: false, timeReceivedMs: 0, engine: 'test', endMs: 1000 };
    const later = msg(11_500, 'd.0', 0, 'the cat saw the dog');
    later.transcript.asr = { final: false, timeReceivedMs: 0, engine: 'test', endMs: 1800 };
    const final = msg(11_900, 'd.0', 0, 'the cat saw the dog', true, [
      word('the', 200),
      word('cat', 500),
      word('saw', 800),
      { w: 'the', startMs: 1300, endMs: 1400 },
      word('dog', 1700),
    ]);
    const result = recordingLatency([early, later, final], sendLog());
    // The second "the" is first shown by `later` (11500 - 11380), not by `early`.
    expect(result.wordLatenciesMs[3]).toBe(120);
  });
});
