/**
 * PocketSphinx's words carry decoder markup: alternate pronunciations (`that(2)`), sentence
 * and silence markers (`<s>`, `</s>`, `<sil>`), and fillers (`[NOISE]`, `++UH++`). Captions
 * show only the words.
 */
/** Marks a boost alias of a word the dictionary has (pocketsphinx/engine.ts): shown as the word. */
export const BOOST_ALIAS_SUFFIX = '~boost';

export function cleanWord(word: string): string | undefined {
  if (word.startsWith('<') || word.startsWith('[') || word.startsWith('++')) return undefined;
  const base = word.replace(/\(\d+\)$/, '').replace(/~boost$/, '');
  return base.length > 0 ? base : undefined;
}

export function cleanHypothesis(hyp: string): string {
  return hyp
    .split(/\s+/)
    .map((w) => (w ? cleanWord(w) : undefined))
    .filter((w): w is string => w !== undefined)
    .join(' ');
}
