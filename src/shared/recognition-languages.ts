/**
 * Which recognition languages this server serves: those of the engines installed and loaded
 * (GET /api/v1/config `speech.langs` lists them). A speaker's language (`change-speaker-language`)
 * is refused with the reason when none of them recognises it. Pure.
 */
import { baseLanguage } from './translation';

/**
 * Why `language` cannot be recognised here, or undefined when an engine serves it. Engines match
 * on the language, not the region (an English model takes en-GB as en-US).
 */
export function recognitionLanguageRefusal(language: string, served: readonly string[]): string | undefined {
  const wanted = baseLanguage(language);
  if (served.some((lang) => baseLanguage(lang) === wanted)) return undefined;
  if (served.length === 0)
    return `no speech recognition is installed on this server, so ${language} cannot be recognised`;
  return `no speech recognition for ${language} is installed on this server; it recognises ${served.join(', ')}`;
}
