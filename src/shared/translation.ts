/**
 * Reading languages (translation): which language tags mean the same language, and what the
 * server says about the languages it can translate. Pure: shared by the server, which decides,
 * and the clients, which offer only what it says.
 *
 * A speech language is a full tag (`en-US`); a reading language is a primary language subtag
 * (`es`, `fr`, `ca`), since the engines translate into a language, not a region's variety.
 * Someone who reads the language the speaker speaks (`en` for `en-US`) gets the original.
 */
import { type Infer, array, boolean, object, optional, string } from './schema';

/** A BCP 47-like tag: a 2-3 letter language, optional subtags. */
export const LANGUAGE_TAG_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The language a tag names, without region or script: `en-US` -> `en`, `ES` -> `es`. */
export function baseLanguage(tag: string): string {
  return (tag.split('-')[0] ?? tag).toLowerCase();
}

/** Whether a reader who reads `reading` can read captions spoken in `speech` as they are. */
export function sameLanguage(speech: string, reading: string): boolean {
  return baseLanguage(speech) === baseLanguage(reading);
}

/** One direction an engine translates: `from` and `to` are primary language subtags. */
export const languagePairSchema = object({ from: string(), to: string() });
export type LanguagePair = Infer<typeof languagePairSchema>;

/**
 * GET /api/v1/translation-languages answer: whether translation is on, by which engine (its id,
 * `apertium` or `libretranslate:<host>`, empty when off), why it is off (`problem`, in words),
 * the directions it serves, and (with `?from=<speech language>`, then `from` and `languages`
 * are present) the reading languages available from that speech language: its own first, then
 * every language with an installed pair from it.
 */
export const translationLanguagesResponseSchema = object({
  available: boolean(),
  engine: string(),
  problem: optional(string()),
  pairs: array(languagePairSchema),
  from: optional(string()),
  languages: optional(array(string())),
});
export type TranslationLanguagesResponse = Infer<typeof translationLanguagesResponseSchema>;

/**
 * GET's query: `from`, the speech language. Any text passes here: the route refuses one that
 * is not a language tag with its own 'invalid-language'.
 */
export const translationLanguagesQuerySchema = object({ from: optional(string()) });

/** The reading languages a speaker's captions can be read in: their own, then each pair's target. */
export function readingLanguagesFrom(speechLang: string, pairs: readonly LanguagePair[]): string[] {
  const from = baseLanguage(speechLang);
  const targets = pairs.filter((p) => p.from === from && p.to !== from).map((p) => p.to);
  return [from, ...[...new Set(targets)].sort()];
}

/** Whether captions spoken in `speechLang` can be given to someone reading `reading`. */
export function canRead(speechLang: string, reading: string, pairs: readonly LanguagePair[]): boolean {
  return readingLanguagesFrom(speechLang, pairs).includes(baseLanguage(reading));
}
