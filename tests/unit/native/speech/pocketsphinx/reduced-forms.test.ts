import { describe, expect, it } from 'vitest';
import { REDUCED_FORMS, withReducedForms } from '../../../../../src/native/speech/pocketsphinx/reduced-forms';

describe('weak forms of common words in the dictionary', () => {
  it("adds each form as the word's next alternative pronunciation", () => {
    const dict = ['and AH N D', 'and(2) AE N D', 'of AH V', 'zebra Z IY B R AH', ''].join('\n');
    expect(
      withReducedForms(dict, [
        ['and', 'AH N'],
        ['of', 'AH'],
      ]),
    ).toBe(`${dict}and(3) AH N\nof(2) AH\n`);
  });

  it('adds nothing for a word the dictionary lacks or a form it already has, so adding twice changes nothing', () => {
    const dict = 'and AH N D\nand(2) AH N\n';
    expect(
      withReducedForms(dict, [
        ['and', 'AH N'],
        ['of', 'AH'],
      ]),
    ).toBe(dict);
    const once = withReducedForms('you Y UW\nhe HH IY');
    expect(once).toBe('you Y UW\nhe HH IY\nyou(2) Y AH\nhe(2) IY\n');
    expect(withReducedForms(once)).toBe(once);
  });

  it('lists each word once, in the phone set of the US English model', () => {
    const words = REDUCED_FORMS.map(([word]) => word);
    expect(new Set(words).size).toBe(words.length);
    const phones = new Set(
      'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(
        ' ',
      ),
    );
    for (const [, pronunciation] of REDUCED_FORMS) {
      for (const phone of pronunciation.split(' ')) expect(phones.has(phone), phone).toBe(true);
    }
  });
});
