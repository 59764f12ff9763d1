import { describe, expect, it } from 'vitest';
import {
  ESPEAK_VARIANTS,
  espeakLanguage,
  espeakVoiceName,
  espeakWordsPerMinute,
  parseVoiceList,
} from '../../../../../src/native/tts/espeak-ng/voices';
import { TTS_VOICES } from '../../../../../src/shared/user';
import { TTS_VOICE_TABLE } from '../../../../../src/shared/tts';

const LIST = `Pty Language       Age/Gender VoiceName          File                 Other Languages
 5  af              --/M      Afrikaans          gmw/af
 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  es              --/M      Spanish_(Spain)    roa/es
 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)
 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)
`;

describe('eSpeak NG voices', () => {
  it('gives each of the six voices its own variant, of the voice’s gender where it has one', () => {
    expect(new Set(TTS_VOICES.map((v) => ESPEAK_VARIANTS[v])).size).toBe(TTS_VOICES.length);
    for (const voice of TTS_VOICES) {
      const gender = TTS_VOICE_TABLE[voice].gender;
      if (gender === 'male') expect(ESPEAK_VARIANTS[voice]).toMatch(/^m\d$/);
      if (gender === 'female') expect(ESPEAK_VARIANTS[voice]).toMatch(/^f\d$/);
    }
    expect(espeakVoiceName('fr-fr', 'nova')).toBe(`fr-fr+${ESPEAK_VARIANTS.nova}`);
  });

  it('speaks at the voice’s per-word pace', () => {
    expect(espeakWordsPerMinute('echo')).toBe(240);
    expect(espeakWordsPerMinute('fable')).toBe(222);
  });

  it('reads the languages of `espeak-ng --voices`, other languages included', () => {
    const langs = parseVoiceList(LIST);
    expect([...langs].sort()).toEqual([
      'af',
      'cmn',
      'en',
      'en-gb',
      'en-us',
      'es',
      'fr',
      'fr-fr',
      'zh',
      'zh-cmn',
    ]);
  });

  it.each([
    ['en-US', 'en-us'],
    ['en-AU', 'en'],
    ['fr-FR', 'fr-fr'],
    ['fr-CA', 'fr'],
    ['es-ES', 'es'],
    ['zh-TW', 'cmn'],
    ['EN_us', 'en-us'],
    ['de-DE', undefined],
    ['', undefined],
  ])('%s is read with %s', (lang, expected) => {
    expect(espeakLanguage(lang, parseVoiceList(LIST))).toBe(expected);
  });
});
