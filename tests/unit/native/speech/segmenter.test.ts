import { describe, expect, it } from 'vitest';
import { Segmenter, type SegmenterAction } from '../../../../src/native/speech/segmenter';

// 16 kHz: 300 ms of pre-roll is 4800 samples, 1 s of maximum utterance 16000 samples.
const OPTIONS = { sampleRate: 16_000, preRollMs: 300, maxUtteranceMs: 1000 };
const PRE_ROLL = 4800;

/**
 * Runs VAD windows of `size` samples described by a string: 's' for speech, '.' for silence.
 * Returns the actions of every window, with the window's end sample.
 */
function run(segmenter: Segmenter, pattern: string, size: number, start = 0) {
  const out: { end: number; actions: SegmenterAction[] }[] = [];
  let end = start;
  for (const c of pattern) {
    end += size;
    out.push({ end, actions: segmenter.window(end, c === 's') });
  }
  return out;
}

const all = (windows: { actions: SegmenterAction[] }[]) => windows.flatMap((w) => w.actions);

describe('Segmenter', () => {
  it('keeps the pre-roll as its retained samples', () => {
    expect(new Segmenter(OPTIONS).retainSamples).toBe(PRE_ROLL);
    expect(new Segmenter({ sampleRate: 16_000, preRollMs: 400, maxUtteranceMs: 1000 }).retainSamples).toBe(
      6400,
    );
  });

  it('starts no utterance in silence', () => {
    const s = new Segmenter(OPTIONS);
    expect(all(run(s, '.'.repeat(200), 512))).toEqual([]);
    expect(s.active).toBe(false);
    expect(s.flush()).toEqual([]);
  });

  it('starts preRollMs before the window that detected speech, and feeds up to its end', () => {
    const s = new Segmenter(OPTIONS);
    const windows = run(s, '....................s', 512); // speech detected in window 21, ending at 10752
    expect(windows.at(-1)).toEqual({
      end: 10_752,
      actions: [
        { kind: 'start', fromSample: 10_752 - PRE_ROLL },
        { kind: 'feed', from: 10_752 - PRE_ROLL, to: 10_752 },
      ],
    });
    expect(all(windows.slice(0, -1))).toEqual([]);
    expect(s.active).toBe(true);
  });

  it.each([
    ['in the first window', 's', 512],
    ['before preRollMs of audio has been seen', '.....s', 3072],
    ['with just under preRollMs of audio seen', '........s', 4608],
  ])(
    'never starts before the oldest buffered sample, the first of the stream: speech %s',
    (_, pattern, end) => {
      const s = new Segmenter(OPTIONS);
      const windows = run(s, pattern, 512);
      expect(windows.at(-1)).toEqual({
        end,
        actions: [
          { kind: 'start', fromSample: 0 },
          { kind: 'feed', from: 0, to: end },
        ],
      });
    },
  );

  it('never starts before audio already fed to the previous utterance', () => {
    const s = new Segmenter(OPTIONS);
    const windows = run(s, 's.s', 512);
    expect(windows.map((w) => w.actions)).toEqual([
      [
        { kind: 'start', fromSample: 0 },
        { kind: 'feed', from: 0, to: 512 },
      ],
      [
        { kind: 'feed', from: 512, to: 1024 },
        { kind: 'end', reason: 'silence' },
      ],
      // 1536 - 4800 is long before 1024, which was fed already
      [
        { kind: 'start', fromSample: 1024 },
        { kind: 'feed', from: 1024, to: 1536 },
      ],
    ]);
  });

  it('feeds every window of an utterance and ends it, after feeding, on silence', () => {
    const s = new Segmenter(OPTIONS);
    const windows = run(s, '..........sss...', 512); // speech in windows 11-13
    expect(all(windows)).toEqual([
      { kind: 'start', fromSample: 5632 - PRE_ROLL },
      { kind: 'feed', from: 832, to: 5632 },
      { kind: 'feed', from: 5632, to: 6144 },
      { kind: 'feed', from: 6144, to: 6656 },
      { kind: 'feed', from: 6656, to: 7168 },
      { kind: 'end', reason: 'silence' },
    ]);
    expect(s.active).toBe(false);
  });

  it('cuts an utterance at maxUtteranceMs and starts the next at once', () => {
    const s = new Segmenter(OPTIONS);
    // Silence up to 10000, then speech: the utterance starts at 11000 - 4800 = 6200 and reaches
    // 16000 samples at 22200, so the window ending at 23000 cuts it; the next one reaches its
    // 16000 samples at the window ending at 39000.
    const windows = run(s, '..........' + 's'.repeat(30), 1000);
    const at = (end: number) => windows.find((w) => w.end === end)!.actions;
    expect(at(11_000)).toEqual([
      { kind: 'start', fromSample: 6200 },
      { kind: 'feed', from: 6200, to: 11_000 },
    ]);
    expect(at(22_000)).toEqual([{ kind: 'feed', from: 21_000, to: 22_000 }]);
    expect(at(23_000)).toEqual([
      { kind: 'feed', from: 22_000, to: 23_000 },
      { kind: 'end', reason: 'max-length' },
      { kind: 'start', fromSample: 23_000 },
    ]);
    expect(at(38_000)).toEqual([{ kind: 'feed', from: 37_000, to: 38_000 }]);
    expect(at(39_000)).toEqual([
      { kind: 'feed', from: 38_000, to: 39_000 },
      { kind: 'end', reason: 'max-length' },
      { kind: 'start', fromSample: 39_000 },
    ]);
    expect(all(windows).filter((a) => a.kind === 'end')).toHaveLength(2);
    expect(s.active).toBe(true);
  });

  it('ends only an active utterance on flush, and starts afresh after it', () => {
    const s = new Segmenter(OPTIONS);
    run(s, 'ss', 512);
    expect(s.flush()).toEqual([{ kind: 'end', reason: 'flush' }]);
    expect(s.active).toBe(false);
    expect(s.flush()).toEqual([]);
    // The next utterance does not take back audio the flushed one was given.
    expect(s.window(1536, true)).toEqual([
      { kind: 'start', fromSample: 1024 },
      { kind: 'feed', from: 1024, to: 1536 },
    ]);
  });

  it('feeds contiguous ranges with no gap or overlap over a long random stream', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const s = new Segmenter(OPTIONS);
    let end = 0;
    let speech = false;
    let lastFedTo = 0; // end of the last feed, across utterances
    let expectedNextFeed: number | undefined; // inside an utterance: where its next feed must start
    let utterances = 0;
    let cuts = 0;
    for (let i = 0; i < 5000; i++) {
      if (random() < 0.05) speech = !speech;
      end += 256 + Math.floor(random() * 512);
      for (const action of s.window(end, speech)) {
        if (action.kind === 'start') {
          expect(expectedNextFeed).toBeUndefined();
          // preRollMs before the window, unless that is before the stream or audio already fed
          expect(action.fromSample).toBe(Math.max(0, end - PRE_ROLL, lastFedTo));
          expectedNextFeed = action.fromSample;
          utterances += 1;
        } else if (action.kind === 'feed') {
          expect(action.from).toBe(expectedNextFeed);
          expect(action.to).toBe(end);
          expect(action.to).toBeGreaterThan(action.from);
          expectedNextFeed = action.to;
          lastFedTo = action.to;
        } else {
          expect(expectedNextFeed).toBe(end); // an utterance ends only after all of its audio was fed
          expectedNextFeed = undefined;
          if (action.reason === 'max-length') cuts += 1;
        }
      }
      expect(s.active).toBe(expectedNextFeed !== undefined);
    }
    expect(utterances).toBeGreaterThan(50);
    expect(cuts).toBeGreaterThan(0);
  });
});
