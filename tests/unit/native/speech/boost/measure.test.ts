import { describe, expect, it } from 'vitest';
import { boostWordErrorRate, rarestWords } from '../../../../../src/native/speech/boost/measure';

describe('rarestWords', () => {
  const probs: Record<string, number> = { there: -2, margaret: -5.5, thornton: -6, said: -2.5 };
  it('picks missing words first, then the least likely, skipping short words', () => {
    const refs = ['MARGARET SAID THERE', 'Mr Thornton, Zarathustra and Kyiv said so'];
    expect(rarestWords(refs, (w) => probs[w], 3)).toEqual(['zarathustra', 'kyiv', 'thornton']);
  });
});

describe('boostWordErrorRate', () => {
  it('is the share of boost-word occurrences the hypotheses miss', () => {
    const pairs = [
      { reference: 'Helstone and Helstone again', hypothesis: 'hell stone and helstone again' },
      { reference: 'KINE in the field', hypothesis: 'kine in the field' },
      { reference: 'nothing here', hypothesis: 'nothing here helstone' },
    ];
    expect(boostWordErrorRate(pairs, ['helstone', 'kine'])).toBeCloseTo(1 / 3);
  });

  it('is 0 when the references hold no boost word', () => {
    expect(boostWordErrorRate([{ reference: 'a b', hypothesis: '' }], ['zz'])).toBe(0);
  });
});
