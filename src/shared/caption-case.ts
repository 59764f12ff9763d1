/**
 * Captions that read like sentences. PocketSphinx gives lowercase words without punctuation and
 * sherpa-onnx's English models give capitals only; deaf readers rely on a capital to see where
 * a line starts and on a full stop to see where it ends. A partial (still growing) gets its
 * first capital; a final also gets its end mark. Text that already has both cases is left as the
 * engine wrote it (a model that punctuates knows better than these rules).
 */

/** English words that, first in a line, make it a question. */
const ENGLISH_QUESTION_STARTS = new Set([
  'what',
  'why',
  'how',
  'who',
  'whom',
  'whose',
  'where',
  'when',
  'which',
  'is',
  'are',
  'am',
  'was',
  'were',
  'do',
  'does',
  'did',
  'can',
  'could',
  'would',
  'will',
  'should',
  'shall',
  'may',
  'might',
  'have',
  'has',
  'had',
  "isn't",
  "aren't",
  "don't",
  "doesn't",
  "didn't",
  "can't",
  "couldn't",
  "won't",
  "wouldn't",
  "shouldn't",
]);

/** French: the usual ways a spoken question starts (word order alone is too rare to guess from). */
const FRENCH_QUESTION_STARTS = new Set([
  'est-ce',
  "qu'est-ce",
  'pourquoi',
  'comment',
  'où',
  'quand',
  'qui',
  'quel',
  'quelle',
  'quels',
  'quelles',
  'combien',
]);

/** How a question ends, by language: French puts a narrow no-break space before the mark. */
function questionMark(lang: string, firstWord: string): string | undefined {
  const base = lang.toLowerCase().slice(0, 2);
  if (base === 'en' && ENGLISH_QUESTION_STARTS.has(firstWord)) return '?';
  if (base === 'fr' && FRENCH_QUESTION_STARTS.has(firstWord.replace(/’/g, "'"))) return '\u202f?';
  return undefined;
}

const END_MARK = /[.!?…。？！]["'”’)\]]*$/u;

function isEnglish(lang: string): boolean {
  return lang.toLowerCase().startsWith('en');
}

/** Upper-cases the first letter, wherever the first letter is (after a quote, say). */
function capitalizeFirst(text: string, lang: string): string {
  return text.replace(/\p{L}/u, (letter) => letter.toLocaleUpperCase(lang));
}

export function readableCaption(text: string, lang: string, final: boolean): string {
  let line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return line;
  const hasLower = /\p{Ll}/u.test(line);
  const hasUpper = /\p{Lu}/u.test(line);
  if (hasLower && hasUpper) return line;
  if (hasUpper) line = line.toLocaleLowerCase(lang);
  if (isEnglish(lang)) line = line.replace(/(^|[^\p{L}'])i(?=$|[^\p{L}]|'(?:m|ll|ve|d)\b)/gu, '$1I');
  line = capitalizeFirst(line, lang);
  if (final && !END_MARK.test(line) && /[\p{L}\p{N}]$/u.test(line)) {
    const first = line.split(' ')[0]!.toLocaleLowerCase(lang);
    line += questionMark(lang, first) ?? '.';
  }
  return line;
}
