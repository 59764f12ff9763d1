/**
 * The six voices as eSpeak NG speaks them: each a distinct voice variant (its pitch and
 * formants, from espeak-ng-data/voices/!v) on the language's own voice, at the voice's pace.
 * Pure, so the mapping is tested without the engine.
 */
import { TTS_VOICE_TABLE } from '../../../shared/tts';
import type { TtsVoice } from '../../../shared/user';

/**
 * Variants chosen by the voices' descriptors: onyx the lowest male pitch (m1, 75-109 Hz), echo
 * a warm male (m3), fable the widest male range for a storyteller (m7, 75-125 Hz), alloy the
 * lowest female range, the nearest to neutral (f1), nova a bright female (f2), shimmer a soft
 * one (f4).
 */
export const ESPEAK_VARIANTS: Readonly<Record<TtsVoice, string>> = {
  alloy: 'f1',
  echo: 'm3',
  fable: 'm7',
  nova: 'f2',
  onyx: 'm1',
  shimmer: 'f4',
};

/** Languages whose BCP 47 tag eSpeak NG names otherwise. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  zh: 'cmn',
  'zh-cn': 'cmn',
  'zh-tw': 'cmn',
  'yue-hant-hk': 'yue',
  no: 'nb',
  fil: 'tl',
};

/**
 * The eSpeak NG language voice for a BCP 47 tag among those installed: the whole tag (en-us,
 * fr-fr, pt-br), else its language (es-ES -> es), else undefined.
 */
export function espeakLanguage(lang: string, installed: ReadonlySet<string>): string | undefined {
  const tag = lang.trim().toLowerCase().replace(/_/g, '-');
  const primary = tag.split('-')[0] ?? '';
  for (const candidate of [LANGUAGE_ALIASES[tag], tag, LANGUAGE_ALIASES[primary], primary]) {
    if (candidate && installed.has(candidate)) return candidate;
  }
  return undefined;
}

/** `fr-fr+f2`: a language voice and a variant, as `espeak-ng -v` takes it. */
export function espeakVoiceName(language: string, voice: TtsVoice): string {
  return `${language}+${ESPEAK_VARIANTS[voice]}`;
}

/**
 * eSpeak NG's rate (words per minute) for a voice: its per-word timing, so the audio lasts what
 * the shared estimate says (a little less, as the estimate also counts pauses) and the
 * client's mute never ends while the voice still speaks.
 */
export function espeakWordsPerMinute(voice: TtsVoice): number {
  return Math.round(60_000 / TTS_VOICE_TABLE[voice].perWordMs);
}

/**
 * The languages of `espeak-ng --voices`: each line's language column and the ones in its
 * "Other Languages" column ("(en 2)(en-gb 3)").
 */
export function parseVoiceList(output: string): Set<string> {
  const langs = new Set<string>();
  for (const line of output.split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    if (columns.length < 2 || !columns[1]) continue;
    langs.add(columns[1].toLowerCase());
    for (const match of line.matchAll(/\(([a-z0-9-]+) \d+\)/gi)) langs.add(match[1]!.toLowerCase());
  }
  return langs;
}
