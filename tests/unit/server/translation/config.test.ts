import { describe, expect, it } from 'vitest';
import { loadTranslationConfig } from '../../../../src/server/translation/config';

describe('loadTranslationConfig', () => {
  it("uses Apertium with Debian's modes folder by default", () => {
    expect(loadTranslationConfig({})).toEqual({
      engine: 'apertium',
      modesDir: '/usr/share/apertium/modes',
      timeoutMs: 5000,
    });
    expect(loadTranslationConfig({ HEARKEN_APERTIUM_MODES_DIR: '/opt/modes' })).toMatchObject({
      modesDir: '/opt/modes',
    });
  });

  it('chooses the hosted service when its URL is given, with its key', () => {
    expect(
      loadTranslationConfig({
        HEARKEN_TRANSLATION_URL: 'https://translate.example.org',
        HEARKEN_TRANSLATION_API_KEY: 'k1',
        HEARKEN_TRANSLATION_TIMEOUT_MS: '2000',
      }),
    ).toEqual({
      engine: 'libretranslate',
      url: 'https://translate.example.org',
      apiKey: 'k1',
      timeoutMs: 2000,
    });
  });

  it('can be turned off', () => {
    expect(loadTranslationConfig({ HEARKEN_TRANSLATION_ENGINE: 'off' })).toEqual({ engine: 'off' });
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => loadTranslationConfig({ HEARKEN_TRANSLATION_ENGINE: 'google' })).toThrow(
      /HEARKEN_TRANSLATION_ENGINE must be one of apertium, libretranslate, off/,
    );
    expect(() => loadTranslationConfig({ HEARKEN_TRANSLATION_ENGINE: 'libretranslate' })).toThrow(
      /needs HEARKEN_TRANSLATION_URL/,
    );
    expect(() => loadTranslationConfig({ HEARKEN_TRANSLATION_URL: 'ftp://x' })).toThrow(/http\(s\) URL/);
    expect(() => loadTranslationConfig({ HEARKEN_TRANSLATION_TIMEOUT_MS: 'soon' })).toThrow(
      /HEARKEN_TRANSLATION_TIMEOUT_MS/,
    );
  });
});
