/**
 * Text-to-speech voices and timing (conversation.md: TTS voice, Text-to-speech, the TTS
 * constants of section 9), read by the server (which voice speaks, the voice list) and the
 * client (how long the voice is expected to speak, so the microphone stays muted meanwhile).
 * Pure: no engine here; each engine maps these voices to its own (native/tts/).
 */
import { type Infer, array, boolean, object, oneOf, optional, string } from './schema';
import { TTS_GENDERS, TTS_VOICES, type TtsGender, type TtsVoice } from './user';

// The genders are the profile's (user.ts holds them, so the profile's schema needs nothing from here).
export { TTS_GENDERS, type TtsGender };

/** The spec's provider of the six voices; voice ids carry it as a prefix ("openai-echo"). */
export const TTS_VOICE_PROVIDER = 'openai';

export interface TtsVoiceInfo {
  voice: TtsVoice;
  gender: TtsGender;
  /** A few words on how it sounds (the spec's descriptor), as a key of the interface strings. */
  descriptor: string;
  /** The spec's per-word timing: the voice's pace, which the engines speak at. */
  perWordMs: number;
}

/** The six voices: the one table every part reads. */
export const TTS_VOICE_TABLE: Readonly<Record<TtsVoice, TtsVoiceInfo>> = {
  alloy: { voice: 'alloy', gender: 'neutral', descriptor: 'neutral and even', perWordMs: 230 },
  echo: { voice: 'echo', gender: 'male', descriptor: 'warm and low', perWordMs: 250 },
  fable: { voice: 'fable', gender: 'male', descriptor: 'expressive, a storyteller', perWordMs: 270 },
  nova: { voice: 'nova', gender: 'female', descriptor: 'bright and friendly', perWordMs: 230 },
  onyx: { voice: 'onyx', gender: 'male', descriptor: 'deep and calm', perWordMs: 230 },
  shimmer: { voice: 'shimmer', gender: 'female', descriptor: 'soft and clear', perWordMs: 230 },
};

/** The spec's estimate floor: a voiced reply is expected to last at least this long. */
export const TTS_ESTIMATE_MIN_MS = 2000;
/** With no voice data: text length / 5 is the word count, 0.4 s each. */
export const TTS_DEFAULT_CHARS_PER_WORD = 5;
export const TTS_DEFAULT_WORD_MS = 400;
/**
 * The spec's track timeout: a voiced reply whose audio has not started playing this long after
 * the request is given up (the mute ends), so a lost answer never leaves the microphone muted.
 */
export const TTS_TRACK_TIMEOUT_MS = 5000;
/** The end of the voice is heard as this long under this level (0 to 100) on its track. */
export const TTS_SILENCE_LEVEL = 10;
export const TTS_SILENCE_MS = 500;
/** TTS errors are shown this long. */
export const TTS_ERROR_DISPLAY_MS = 2000;
/** The spec's speech-synthesis rate, for a browser's own speechSynthesis (not used by the engines). */
export const TTS_SPEECH_SYNTHESIS_RATE = 0.7;
export const DEFAULT_TTS_GENDER: TtsGender = 'male';
export const DEFAULT_TTS_VOICE_ID = `${TTS_VOICE_PROVIDER}-echo`;
/**
 * Voiced-reply audio travels in chunks of at most this many samples (32 KB, under a second at
 * eSpeak NG's 22 050 Hz), the first smaller so it leaves as soon as the engine starts.
 */
export const TTS_CHUNK_MAX_SAMPLES = 16_384;
export const TTS_FIRST_CHUNK_MAX_SAMPLES = 2048;
/** A request's id, echoed on its answers. */
export const TTS_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Displayed TTS items, by default. */
export const TTS_DISPLAYED_ITEMS_DEFAULT = 2;

/**
 * Pauses at punctuation, per language (the spec: English longer than French; a period 1000 ms
 * in English, 400 in French). Languages without their own row use English's, the longer: an
 * estimate too long only keeps the microphone muted a little longer, one too short unmutes it
 * while the voice still speaks.
 */
export const TTS_PUNCTUATION_PAUSES_MS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  en: { '.': 1000, '!': 1000, '?': 1000, ';': 500, ':': 500, ',': 300 },
  fr: { '.': 400, '!': 400, '?': 400, ';': 250, ':': 250, ',': 150 },
};

/** The voice an id names: "echo", or with its provider's prefix "openai-echo". */
export function voiceFromId(voiceId: string | undefined): TtsVoice | undefined {
  if (!voiceId) return undefined;
  return TTS_VOICES.find((v) => voiceId === v || voiceId === `${TTS_VOICE_PROVIDER}-${v}`);
}

export function voiceIdOf(voice: TtsVoice): string {
  return `${TTS_VOICE_PROVIDER}-${voice}`;
}

/** The first voice of a gender (the spec's default gender is male, whose first is echo). */
export function defaultVoiceFor(gender: TtsGender): TtsVoice {
  if (gender === DEFAULT_TTS_GENDER) return voiceFromId(DEFAULT_TTS_VOICE_ID)!;
  return TTS_VOICES.find((v) => TTS_VOICE_TABLE[v].gender === gender)!;
}

/** The voice to speak with: the one chosen, else the default of the preferred gender. */
export function resolveVoice(voiceId: string | undefined, gender?: TtsGender): TtsVoice {
  return voiceFromId(voiceId) ?? defaultVoiceFor(gender ?? DEFAULT_TTS_GENDER);
}

function pausesFor(lang: string): Readonly<Record<string, number>> {
  const primary = lang.toLowerCase().split(/[-_]/)[0] ?? '';
  return TTS_PUNCTUATION_PAUSES_MS[primary] ?? TTS_PUNCTUATION_PAUSES_MS.en!;
}

/**
 * How long a voice is expected to speak `text`, in ms: its per-word timing for each word plus
 * the language's punctuation pauses, at least TTS_ESTIMATE_MIN_MS. Without a voice, the spec's
 * default (length / 5 words, 0.4 s each). A run of punctuation ("?!", "...") pauses once.
 */
export function estimateTtsDurationMs(text: string, lang: string, voice?: TtsVoice): number {
  const trimmed = text.trim();
  if (!voice) {
    const words = trimmed.length / TTS_DEFAULT_CHARS_PER_WORD;
    return Math.max(TTS_ESTIMATE_MIN_MS, Math.round(words * TTS_DEFAULT_WORD_MS));
  }
  const words = trimmed.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const pauses = pausesFor(lang);
  let pauseMs = 0;
  for (const run of trimmed.match(/[.!?;:,]+/g) ?? [])
    pauseMs += Math.max(...[...run].map((c) => pauses[c] ?? 0));
  return Math.max(TTS_ESTIMATE_MIN_MS, words * TTS_VOICE_TABLE[voice].perWordMs + pauseMs);
}

/** One entry of the voice list (the spec's TTS voice entity). */
export const ttsVoiceEntrySchema = object({
  name: string(),
  gender: oneOf(TTS_GENDERS),
  provider: string(),
  tones: array(string()),
  voiceId: string(),
  voiceProviderId: oneOf(TTS_VOICES),
  /** A sample to listen to (POST tts-voices-sample answers it; absent in the built-in set). */
  urlAudio: optional(string()),
  availableInUserLanguage: boolean(),
  selected: boolean(),
  lang: string(),
});
export type TtsVoiceEntry = Infer<typeof ttsVoiceEntrySchema>;

/**
 * The voice list for a language: the six voices, the selected one marked. It is also the
 * built-in fallback the client shows when the list cannot be fetched (then `available` is
 * unknown and assumed true).
 */
export function ttsVoiceList(
  lang: string,
  selected: TtsVoice | undefined,
  available = true,
): TtsVoiceEntry[] {
  return TTS_VOICES.map((voice) => {
    const info = TTS_VOICE_TABLE[voice];
    return {
      name: voice.charAt(0).toUpperCase() + voice.slice(1),
      gender: info.gender,
      provider: TTS_VOICE_PROVIDER,
      tones: info.descriptor.split(/,\s*|\s+and\s+/),
      voiceId: voiceIdOf(voice),
      voiceProviderId: voice,
      availableInUserLanguage: available,
      selected: voice === selected,
      lang,
    };
  });
}
