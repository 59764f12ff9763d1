import { describe, expect, it } from 'vitest';
import {
  chooseOnHalf,
  editTotals,
  parseSetting,
  pointsBetterOnBothHalves,
  scoreHalves,
  speakersByFile,
  splitBySpeaker,
  type ChoiceRule,
  type MeasuredSetting,
  type Recording,
} from '../../../../scripts/lib/decoder-cv';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('the speaker split', () => {
  it('reads each file’s speaker from its column, wherever the column is', () => {
    const tsv = 'speaker\tfile\tgender\nS1\ta.wav\tM\nS2\tb.wav\tF\n';
    expect(speakersByFile(tsv)).toEqual(
      new Map([
        ['a.wav', 'S1'],
        ['b.wav', 'S2'],
      ]),
    );
    expect(() => speakersByFile('file\tgender\na.wav\tM\n')).toThrow(/speaker/);
  });

  it('never puts one speaker in both halves, and balances their words', () => {
    const recordings: Recording[] = [
      { file: 'p1.wav', speaker: 'P', reference: words(30) },
      { file: 'p2.wav', speaker: 'P', reference: words(30) },
      { file: 'q.wav', speaker: 'Q', reference: words(50) },
      { file: 'r.wav', speaker: 'R', reference: words(20) },
      { file: 's1.wav', speaker: 'S', reference: words(5) },
      { file: 's2.wav', speaker: 'S', reference: words(5) },
    ];
    const halves = splitBySpeaker(recordings);
    // P (60 words) -> A, Q (50) -> B, R (20) -> B (50 < 60), S (10) -> A (60 < 70).
    expect(Object.fromEntries(halves)).toEqual({
      'p1.wav': 'A',
      'p2.wav': 'A',
      'q.wav': 'B',
      'r.wav': 'B',
      's1.wav': 'A',
      's2.wav': 'A',
    });
  });

  it('gives the same split whatever the order of the recordings', () => {
    const recordings: Recording[] = [
      { file: 'a.wav', speaker: 'X', reference: words(10) },
      { file: 'b.wav', speaker: 'Y', reference: words(10) },
      { file: 'c.wav', speaker: 'Z', reference: words(10) },
    ];
    const forward = Object.fromEntries(splitBySpeaker(recordings));
    expect(Object.fromEntries(splitBySpeaker([...recordings].reverse()))).toEqual(forward);
    // Ties go by name: X first to A, then Y to B, then Z to A.
    expect(forward).toEqual({ 'a.wav': 'A', 'b.wav': 'B', 'c.wav': 'A' });
  });
});

describe('scoring by half', () => {
  const recordings: Recording[] = [
    { file: 'a.wav', speaker: 'X', reference: 'one two three four' },
    { file: 'b.wav', speaker: 'Y', reference: 'five six' },
  ];
  const halves = new Map([
    ['a.wav', 'A' as const],
    ['b.wav', 'B' as const],
  ]);

  it('scores each half on its own recordings and the whole set on all words', () => {
    const scores = scoreHalves(recordings, halves, { 'a.wav': 'one two three', 'b.wav': 'five seven' });
    expect(scores).toEqual({ A: 1 / 4, B: 1 / 2, all: 2 / 6 });
  });

  it('counts a recording with no hypothesis as nothing recognised', () => {
    expect(scoreHalves(recordings, halves, { 'a.wav': 'one two three four' })).toEqual({
      A: 0,
      B: 1,
      all: 2 / 6,
    });
  });

  it('totals each kind of edit', () => {
    expect(editTotals(recordings, { 'a.wav': 'one two three four extra', 'b.wav': 'seven' })).toEqual({
      substitutions: 1,
      deletions: 1,
      insertions: 1,
      referenceWords: 6,
    });
  });
});

describe('the choice rule', () => {
  const rule: ChoiceRule = { reference: 'unbounded', current: 'current', cpuTolerance: 1.05 };
  const setting = (name: string, A: number, B: number, cpu: number): MeasuredSetting => ({
    name,
    wer: { A, B, all: (A + B) / 2 },
    cpuPerAudioSecond: cpu,
  });
  const unbounded = setting('unbounded', 0.58, 0.59, 0.2);
  const current = setting('current', 0.585, 0.58, 0.1);

  it('chooses the most accurate point on the tuning half within the CPU budget, and judges it on the other', () => {
    const settings = [
      unbounded,
      current,
      setting('better-on-A', 0.56, 0.575, 0.1),
      setting('best-on-A-too-dear', 0.5, 0.5, 0.106),
      setting('within-tolerance', 0.57, 0.57, 0.104),
    ];
    const onA = chooseOnHalf(settings, rule, 'A');
    expect(onA.chosen?.name).toBe('better-on-A');
    expect(onA.judgedOn).toBe('B');
    expect(onA.heldOut).toEqual({ chosen: 0.575, current: 0.58, reference: 0.59 });
    expect(onA.holds).toBe(true);
    const onB = chooseOnHalf(settings, rule, 'B');
    expect(onB.chosen?.name).toBe('within-tolerance');
    expect(onB.heldOut).toEqual({ chosen: 0.57, current: 0.585, reference: 0.58 });
    expect(onB.holds).toBe(true);
  });

  it('says a choice does not hold when the held-out half is worse than the current point or the reference', () => {
    const overfit = setting('overfit', 0.55, 0.6, 0.09);
    const onA = chooseOnHalf([unbounded, current, overfit], rule, 'A');
    expect(onA.chosen?.name).toBe('overfit');
    expect(onA.holds).toBe(false);
    const worseThanCurrentOnly = setting('worse-than-current', 0.55, 0.585, 0.09);
    expect(chooseOnHalf([unbounded, current, worseThanCurrentOnly], rule, 'A').holds).toBe(false);
  });

  it('never chooses a point less accurate than the unbounded decoder on the tuning half', () => {
    const worseThanReference = setting('cheap', 0.6, 0.5, 0.05);
    const onA = chooseOnHalf(
      [setting('unbounded', 0.58, 0.59, 0.2), setting('current', 0.59, 0.58, 0.1), worseThanReference],
      rule,
      'A',
    );
    expect(onA.chosen).toBeUndefined();
    expect(onA.holds).toBe(false);
  });

  it('prefers the cheaper of two equally accurate points', () => {
    const settings = [
      unbounded,
      current,
      setting('same-dearer', 0.57, 0.57, 0.1),
      setting('same-cheaper', 0.57, 0.57, 0.09),
    ];
    expect(chooseOnHalf(settings, rule, 'A').chosen?.name).toBe('same-cheaper');
  });

  it('needs the reference and the current point measured', () => {
    expect(() => chooseOnHalf([current], rule, 'A')).toThrow(/unbounded/);
  });

  it('ships only points better than the current one on both halves, no worse than the reference, within the budget', () => {
    const settings = [
      unbounded,
      current,
      setting('both', 0.58, 0.575, 0.1),
      setting('both-better-overall', 0.57, 0.575, 0.1),
      setting('one-half-only', 0.5, 0.58, 0.09),
      setting('worse-than-strict-reference-on-B', 0.57, 0.579, 0.1),
      setting('too-dear', 0.55, 0.55, 0.11),
    ];
    expect(pointsBetterOnBothHalves(settings, rule).map((s) => s.name)).toEqual([
      'both-better-overall',
      'worse-than-strict-reference-on-B',
      'both',
    ]);
    const strictReference = [setting('unbounded', 0.58, 0.576, 0.2), ...settings.slice(1)];
    expect(pointsBetterOnBothHalves(strictReference, rule).map((s) => s.name)).toEqual([
      'both-better-overall',
      'both',
    ]);
    expect(() => pointsBetterOnBothHalves([unbounded], rule)).toThrow(/current/);
  });
});

describe('settings', () => {
  it('parses decoder arguments and engine options', () => {
    expect(parseSetting('wide:beam=1e-60,maxwpf=-1,engine.endpointSilenceMs=600')).toEqual({
      name: 'wide',
      decoderArgs: { beam: '1e-60', maxwpf: '-1' },
      engineOptions: { endpointSilenceMs: 600 },
    });
    expect(parseSetting('current:')).toEqual({ name: 'current', decoderArgs: {}, engineOptions: {} });
  });

  it('refuses what is not name:k=v', () => {
    expect(() => parseSetting('lw=8')).toThrow(/name:k=v/);
    expect(() => parseSetting('x:lw')).toThrow(/not k=v/);
    expect(() => parseSetting('x:engine.endpointSilenceMs=long')).toThrow(/number/);
  });
});
