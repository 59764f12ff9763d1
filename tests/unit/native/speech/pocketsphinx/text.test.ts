import { describe, expect, it } from 'vitest';
import { cleanHypothesis, cleanWord } from '../../../../../src/native/speech/pocketsphinx/text';

describe('cleanWord', () => {
  it.each([
    ['hello', 'hello'],
    ["don't", "don't"],
    ['that(2)', 'that'],
    ['read(10)', 'read'],
    ['<s>', undefined],
    ['</s>', undefined],
    ['<sil>', undefined],
    ['[NOISE]', undefined],
    ['[SPEECH]', undefined],
    ['++UH++', undefined],
    ['++BREATH++', undefined],
    ['(2)', undefined],
    // A boost alias of a word the dictionary has is shown as the word (docs/boost.md).
    ['thornton~boost', 'thornton'],
  ])('%j -> %j', (word, expected) => {
    expect(cleanWord(word)).toBe(expected);
  });
});

describe('cleanHypothesis', () => {
  it.each([
    ['<s> hello that(2) [NOISE] world ++UH++ </s>', 'hello that world'],
    ['<sil> <sil>', ''],
    ['', ''],
    ['  the   cat(3)  ', 'the cat'],
    ['one\ttwo\nthree', 'one two three'],
  ])('%j -> %j', (hyp, expected) => {
    expect(cleanHypothesis(hyp)).toBe(expected);
  });
});
