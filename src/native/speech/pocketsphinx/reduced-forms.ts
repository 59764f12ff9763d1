/**
 * Weak forms of common function words, added to the pronunciation dictionary. In connected
 * speech "and" is mostly [ən], "of" [ə], "you" [jə], "had" and "have" lose their vowel: cmudict
 * has most of these words only in their citation form, so the decoder had to pay an acoustic
 * mismatch on some of the most frequent words of every sentence, and often chose a different
 * short word instead. The list was written from English phonetics, not tuned on the dev set, and
 * then measured once by cross-validation (docs/measurements.md, "Cross-validated decoder
 * settings (issue 25)"): fewer errors on both halves of the dev set, for no more CPU.
 */
import { dictionaryHeadword } from './dictionary-words';

/** Word and its weak form, in the dictionary's phone set. */
export const REDUCED_FORMS: ReadonlyArray<readonly [word: string, phones: string]> = [
  ['and', 'AH N'],
  ['of', 'AH'],
  ['you', 'Y AH'],
  ['at', 'AH T'],
  ['as', 'AH Z'],
  ['had', 'HH AH D'],
  ['have', 'HH AH V'],
  ['her', 'ER'],
  ['his', 'IH Z'],
  ['from', 'F ER M'],
  ['he', 'IY'],
];

/**
 * `dictText` with each weak form added as the word's next alternative (`word(N)`, N one past the
 * word's last), for words the dictionary has and whose forms it lacks, so that it does not
 * matter which cmudict is installed or whether the forms were already added.
 */
export function withReducedForms(dictText: string, forms = REDUCED_FORMS): string {
  const entries = new Map<string, { count: number; pronunciations: Set<string> }>();
  for (const line of dictText.split('\n')) {
    const word = dictionaryHeadword(line);
    if (word === undefined) continue;
    const entry = entries.get(word) ?? { count: 0, pronunciations: new Set<string>() };
    entry.count += 1;
    entry.pronunciations.add(line.trim().split(/\s+/).slice(1).join(' '));
    entries.set(word, entry);
  }
  const added: string[] = [];
  for (const [word, phones] of forms) {
    const entry = entries.get(word);
    if (!entry || entry.pronunciations.has(phones)) continue;
    entry.count += 1;
    entry.pronunciations.add(phones);
    added.push(`${word}(${entry.count}) ${phones}\n`);
  }
  if (added.length === 0) return dictText;
  const base = dictText === '' || dictText.endsWith('\n') ? dictText : `${dictText}\n`;
  return base + added.join('');
}
