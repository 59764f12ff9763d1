import { describe, expect, it } from 'vitest';
import { emphasisReason, emphasisSegments, isEnglish } from '../../../src/shared/keyword-emphasis';

const bold = (text: string, lang = 'en-US') =>
  emphasisSegments(text, lang)
    .filter((s) => s.emphasis)
    .map((s) => s.text);

describe('keyword emphasis', () => {
  it('marks numbers, in digits or in words', () => {
    expect(bold('the train leaves at 3:30 from platform 12, about 10% late')).toEqual(['3:30', '12', '10%']);
    expect(bold('we need twenty chairs and a hundred cups')).toEqual(['twenty', 'hundred']);
    // "one" is too common a pronoun to be a keyword.
    expect(bold('no one came, not even this one')).toEqual([]);
  });

  it('marks capitalised words that do not start a sentence, but not the pronoun I', () => {
    expect(bold('Yesterday I met Sarah in Paris. Then I went home.')).toEqual(['Sarah', 'Paris']);
    expect(bold("I think I'll ask her. She knows.")).toEqual([]);
  });

  it('leaves rare words alone: the ones a recogniser knows least are its likeliest mistakes (issue 30)', () => {
    expect(bold('the photosynthesis results were surprising')).toEqual([]);
    expect(bold('a follow-up about the mitochondria at 3')).toEqual(['3']);
  });

  it('only uses the English word list for English captions', () => {
    expect(bold('nous parlons de photosynthèse avec Marie', 'fr-FR')).toEqual(['Marie']);
    expect(bold('il y a 12 personnes', 'fr')).toEqual(['12']);
    expect(isEnglish('en-GB')).toBe(true);
    expect(isEnglish('EN')).toBe(true);
    expect(isEnglish('fr-CA')).toBe(false);
  });

  it('gives back the caption exactly when the segments are joined', () => {
    const text = '  Meet Zoë at 9, near the “Tate Modern”… okay?  ';
    const segments = emphasisSegments(text, 'en');
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.emphasis).map((s) => s.text)).toEqual(['Zoë', '9', 'Tate', 'Modern']);
    expect(emphasisSegments('', 'en')).toEqual([]);
    expect(emphasisSegments('just some words', 'en')).toEqual([{ text: 'just some words', emphasis: false }]);
  });

  it('says why a word is emphasised', () => {
    expect(emphasisReason('42', true, true)).toBe('number');
    expect(emphasisReason('London', false, true)).toBe('name');
    expect(emphasisReason('London', true, true)).toBeUndefined();
    expect(emphasisReason('Hello', true, true)).toBeUndefined();
    expect(emphasisReason('algorithm', true, true)).toBeUndefined();
  });
});
