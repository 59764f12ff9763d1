import { describe, expect, it } from 'vitest';
import { corpusWordErrorRate, editCounts, normalizeWords, wordErrorRate } from '../../../src/shared/wer';

const words = (s: string) => (s ? s.split(' ') : []);

describe('normalizeWords', () => {
  it.each([
    ['Hello, World!', ['hello', 'world']],
    ['ONE  two\nThree\t', ['one', 'two', 'three']],
    ["Don't stop", ["don't", 'stop']],
    ['Don\u2019t stop', ["don't", 'stop']], // curly apostrophe
    ['it`s', ["it's"]],
    ['\u2018quoted\u2019 words', ['quoted', 'words']], // curly single quotes around a word
    ['\u201cHi,\u201d she said.', ['hi', 'she', 'said']], // curly double quotes
    ["'single' quotes", ['single', 'quotes']],
    ["the dogs' bones", ['the', 'dogs', 'bones']],
    ["rock 'n' roll", ['rock', 'n', 'roll']],
    ['well-known', ['well', 'known']],
    ['state-of-the-art', ['state', 'of', 'the', 'art']],
    ['5:30 p.m.', ['5', '30', 'p', 'm']],
    ['Café 42', ['café', '42']],
    ['', []],
    ['  ... !? ', []],
    ["''", []],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeWords(input)).toEqual(expected);
  });
});

describe('editCounts', () => {
  // Each example has one optimal alignment, worked out by hand.
  it.each([
    ['a b c', 'a b c', 0, 0, 0],
    ['a b c', 'a x c', 1, 0, 0],
    ['a b c', 'a c', 0, 1, 0],
    ['a b c', 'a b x c', 0, 0, 1],
    ['', 'a b', 0, 0, 2],
    ['a b', '', 0, 2, 0],
    // sat -> sit, the second "the" deleted
    ['the cat sat on the mat', 'the cat sit on mat', 1, 1, 0],
    // "please" and "right" inserted
    ['turn left here', 'please turn left right here', 0, 0, 2],
    // "well" deleted, "ten" and "today" inserted
    ['well the meeting starts at noon', 'the meeting starts at ten noon today', 0, 1, 2],
    // w deleted, c -> x, z inserted
    ['w a b c d e', 'a b x d e z', 1, 1, 1],
  ])('%j vs %j: S=%i D=%i I=%i', (ref, hyp, s, d, i) => {
    expect(editCounts(words(ref), words(hyp))).toEqual({
      substitutions: s,
      deletions: d,
      insertions: i,
      referenceWords: words(ref).length,
    });
  });

  it('finds the minimum number of edits when several alignments tie', () => {
    // a->x b c->d d->e (3 substitutions) or a->x, c deleted, e inserted: 3 edits either way.
    const c = editCounts(words('a b c d'), words('x b d e'));
    expect(c.substitutions + c.deletions + c.insertions).toBe(3);
    expect(c.referenceWords).toBe(4);
  });
});

describe('wordErrorRate', () => {
  it.each([
    ['the cat sat on the mat', 'the cat sit on mat', 2 / 6],
    ['Hello, world!', 'hello world', 0],
    ["I don't know", 'I don\u2019t know', 0],
    ['I do not know', "I don't know", 2 / 4],
    ['a b c d', '', 1],
    ['a', 'b c d', 3],
    ['', '', 0],
    ['', 'extra words', 1],
  ])('%j vs %j = %s', (ref, hyp, rate) => {
    expect(wordErrorRate(ref, hyp)).toBeCloseTo(rate, 12);
  });
});

describe('corpusWordErrorRate', () => {
  it('is total edits over total reference words, not the mean of per-pair rates', () => {
    const pairs = [
      { reference: 'one', hypothesis: 'two' }, // 1 edit / 1 word: 100%
      { reference: 'a b c d e f g h i', hypothesis: 'a b c d e f g h i' }, // 0 / 9
    ];
    // The mean of the rates would be 50%; the corpus rate is 1 / 10.
    expect(corpusWordErrorRate(pairs)).toBeCloseTo(0.1, 12);
  });

  it('counts insertions against an empty reference in the total', () => {
    expect(
      corpusWordErrorRate([
        { reference: '', hypothesis: 'noise' },
        { reference: 'good morning', hypothesis: 'Good morning!' },
      ]),
    ).toBeCloseTo(1 / 2, 12);
  });

  it('normalises each pair like wordErrorRate', () => {
    expect(
      corpusWordErrorRate([
        { reference: 'The cat sat on the mat.', hypothesis: 'the cat sit on mat' },
        { reference: 'Well-known', hypothesis: 'well known' },
      ]),
    ).toBeCloseTo(2 / 8, 12);
  });

  it('is 0 for no pairs', () => {
    expect(corpusWordErrorRate([])).toBe(0);
  });
});
