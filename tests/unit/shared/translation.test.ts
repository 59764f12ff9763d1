import { describe, expect, it } from 'vitest';
import { baseLanguage, canRead, readingLanguagesFrom, sameLanguage } from '../../../src/shared/translation';

const PAIRS = [
  { from: 'en', to: 'es' },
  { from: 'en', to: 'ca' },
  { from: 'es', to: 'en' },
  { from: 'fr', to: 'es' },
];

describe('reading languages', () => {
  it('compares languages, not regions', () => {
    expect(baseLanguage('en-US')).toBe('en');
    expect(baseLanguage('ES')).toBe('es');
    expect(sameLanguage('en-US', 'en')).toBe(true);
    expect(sameLanguage('en-GB', 'es')).toBe(false);
  });

  it("offers the speaker's own language first, then every installed pair's target", () => {
    expect(readingLanguagesFrom('en-US', PAIRS)).toEqual(['en', 'ca', 'es']);
    expect(readingLanguagesFrom('fr-FR', PAIRS)).toEqual(['fr', 'es']);
    expect(readingLanguagesFrom('de-DE', PAIRS)).toEqual(['de']);
  });

  it('says whether a reader can be served', () => {
    expect(canRead('en-US', 'es', PAIRS)).toBe(true);
    expect(canRead('en-US', 'en', PAIRS)).toBe(true);
    expect(canRead('en-US', 'fr', PAIRS)).toBe(false);
  });
});
