import { describe, expect, it } from 'vitest';
import { firmText, firmWordCount, firmWordsAfterEdits, splitFirm } from '../../../src/shared/firm-words';

describe('splitFirm', () => {
  it('cuts after the n-th word, the tail keeping its leading space', () => {
    expect(splitFirm('The cat sat on', 2)).toEqual({ firm: 'The cat', tail: ' sat on', firmChars: 7 });
  });

  it('gives all or nothing at the ends', () => {
    expect(splitFirm('The cat', 0)).toEqual({ firm: '', tail: 'The cat', firmChars: 0 });
    expect(splitFirm('The cat', 5)).toEqual({ firm: 'The cat', tail: '', firmChars: 7 });
  });
});

describe('firmWordCount', () => {
  const line = { speechLang: 'en-US', texts: { 'en-US': 'One two three' } };
  it('counts every word of a final or of a line that does not say', () => {
    expect(firmWordCount({ ...line, isFinal: true, firmWords: 1 })).toBe(3);
    expect(firmWordCount({ ...line, isFinal: false })).toBe(3);
  });

  it("takes a partial's own count, within the words it has", () => {
    expect(firmWordCount({ ...line, isFinal: false, firmWords: 2 })).toBe(2);
    expect(firmWordCount({ ...line, isFinal: false, firmWords: 9 })).toBe(3);
    expect(firmText({ ...line, isFinal: false, firmWords: 1 })).toBe('One');
  });
});

describe('firmWordsAfterEdits', () => {
  it('keeps the tail as the last words of the corrected text', () => {
    // "the cat sat on" with "sat on" tentative; a person wrote "the black cat" for "the cat".
    expect(firmWordsAfterEdits(2, 'the cat sat on', 'the black cat sat on')).toBe(3);
    expect(firmWordsAfterEdits(0, 'the cat', 'the cat')).toBe(0);
    expect(firmWordsAfterEdits(4, 'the cat sat on', 'the cat sat on')).toBe(4);
  });
});
