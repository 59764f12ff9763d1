/**
 * Whether a speaker's recognition language is served by the engines installed: by language,
 * whatever the region; otherwise the reason names the languages that are.
 */
import { describe, expect, it } from 'vitest';
import { recognitionLanguageRefusal } from '../../../src/shared/recognition-languages';

const ENGLISH_ONLY = ['en-US', 'en-GB', 'en-AU', 'en-CA', 'en'];

describe('recognitionLanguageRefusal', () => {
  it('takes any region of an installed language', () => {
    expect(recognitionLanguageRefusal('en-GB', ENGLISH_ONLY)).toBeUndefined();
    expect(recognitionLanguageRefusal('en-IE', ENGLISH_ONLY)).toBeUndefined();
    expect(recognitionLanguageRefusal('EN', ENGLISH_ONLY)).toBeUndefined();
  });

  it('refuses another language, naming those installed', () => {
    expect(recognitionLanguageRefusal('fr-FR', ENGLISH_ONLY)).toBe(
      'no speech recognition for fr-FR is installed on this server; it recognises en-US, en-GB, en-AU, en-CA, en',
    );
  });

  it('says so when no engine is installed at all', () => {
    expect(recognitionLanguageRefusal('en-US', [])).toBe(
      'no speech recognition is installed on this server, so en-US cannot be recognised',
    );
  });
});
