import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TTS_VOICE_ID,
  TTS_ESTIMATE_MIN_MS,
  TTS_VOICE_TABLE,
  defaultVoiceFor,
  estimateTtsDurationMs,
  resolveVoice,
  ttsVoiceList,
  voiceFromId,
} from '../../../src/shared/tts';
import { TTS_VOICES } from '../../../src/shared/user';

const TWENTY_WORDS =
  'The meeting starts at ten tomorrow morning and I will bring the printed reports for everyone who asked for them';

describe('estimateTtsDurationMs', () => {
  it('counts each word at the voice’s pace', () => {
    expect(estimateTtsDurationMs(TWENTY_WORDS, 'en-US', 'echo')).toBe(20 * 250);
    expect(estimateTtsDurationMs(TWENTY_WORDS, 'en-US', 'fable')).toBe(20 * 270);
    expect(estimateTtsDurationMs(TWENTY_WORDS, 'en-US', 'nova')).toBe(20 * 230);
  });

  it('adds punctuation pauses, longer in English than in French', () => {
    const text = 'one two three four five six seven eight nine ten. Eleven, twelve?';
    // 12 words; English: period 1000, comma 300, question 1000.
    expect(estimateTtsDurationMs(text, 'en-GB', 'onyx')).toBe(12 * 230 + 1000 + 300 + 1000);
    // French: period 400, comma 150, question 400.
    expect(estimateTtsDurationMs(text, 'fr-FR', 'onyx')).toBe(12 * 230 + 400 + 150 + 400);
    // A language without its own pauses takes English's, the longer.
    expect(estimateTtsDurationMs(text, 'de', 'onyx')).toBe(estimateTtsDurationMs(text, 'en', 'onyx'));
  });

  it('pauses once for a run of punctuation and ignores words that are only punctuation', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve?! - ...';
    expect(estimateTtsDurationMs(text, 'en', 'alloy')).toBe(12 * 230 + 1000 + 1000);
  });

  it('never estimates less than the minimum', () => {
    expect(estimateTtsDurationMs('Yes.', 'en', 'echo')).toBe(TTS_ESTIMATE_MIN_MS);
    expect(estimateTtsDurationMs('', 'en')).toBe(TTS_ESTIMATE_MIN_MS);
  });

  it('without voice data: length / 5 words, 0.4 s each', () => {
    const text = 'x'.repeat(100); // 20 "words"
    expect(estimateTtsDurationMs(text, 'en')).toBe(8000);
  });
});

describe('voices', () => {
  it('has the six voices of the spec, each with a gender and a descriptor', () => {
    expect(Object.keys(TTS_VOICE_TABLE).sort()).toEqual([...TTS_VOICES].sort());
    for (const voice of TTS_VOICES) {
      expect(['male', 'female', 'neutral']).toContain(TTS_VOICE_TABLE[voice].gender);
      expect(TTS_VOICE_TABLE[voice].descriptor.length).toBeGreaterThan(3);
    }
  });

  it('reads voice ids with or without the provider prefix, and nothing else', () => {
    expect(voiceFromId('openai-echo')).toBe('echo');
    expect(voiceFromId('nova')).toBe('nova');
    expect(voiceFromId('other-nova')).toBeUndefined();
    expect(voiceFromId('bogus')).toBeUndefined();
    expect(voiceFromId(undefined)).toBeUndefined();
  });

  it('defaults to the spec’s voice (openai-echo, male), else the first of the preferred gender', () => {
    expect(resolveVoice(undefined)).toBe(voiceFromId(DEFAULT_TTS_VOICE_ID));
    expect(defaultVoiceFor('male')).toBe('echo');
    expect(TTS_VOICE_TABLE[defaultVoiceFor('female')].gender).toBe('female');
    expect(TTS_VOICE_TABLE[defaultVoiceFor('neutral')].gender).toBe('neutral');
    expect(resolveVoice(undefined, 'female')).toBe(defaultVoiceFor('female'));
    expect(resolveVoice('openai-onyx', 'female')).toBe('onyx');
  });

  it('lists the six voices for a language with the chosen one selected', () => {
    const list = ttsVoiceList('fr-FR', 'shimmer');
    expect(list.map((v) => v.voiceProviderId)).toEqual([...TTS_VOICES]);
    expect(list.filter((v) => v.selected).map((v) => v.voiceId)).toEqual(['openai-shimmer']);
    expect(list.every((v) => v.lang === 'fr-FR' && v.provider === 'openai')).toBe(true);
  });
});
