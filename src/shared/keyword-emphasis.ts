/**
 * Keyword emphasis: which words of a caption to show in bold, since caption research found that
 * marking names, numbers and rare words helps deaf readers skim. Pure, so the rules are tested
 * apart from the screen; the renderer draws the segments.
 *
 *  - numbers: any word with a digit ("3", "2024", "10%", "3:30"), and number words from "two"
 *    up ("one" is left alone: "no one", "this one");
 *  - names: a capitalised word that does not start a sentence (and is not the pronoun "I");
 *  - rare words (English only): a word of four letters or more whose form, and whose stem without
 *    a common ending (-s, -ed, -ing, -ly...), are not in the common-word list.
 */
import { COMMON_ENGLISH_WORDS } from './data/common-english-words';

export interface TextSegment {
  text: string;
  emphasis: boolean;
}

export type EmphasisReason = 'number' | 'name' | 'rare';

const NUMBER_WORDS: ReadonlySet<string> = new Set(
  (
    'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ' +
    'seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred ' +
    'thousand million billion trillion half quarter dozen first second third fourth fifth sixth ' +
    'seventh eighth ninth tenth percent'
  ).split(' '),
);

/** Rare words shorter than this are usually fillers or mis-recognitions, not keywords. */
export const RARE_WORD_MIN_LENGTH = 4;

/** Words (letters, digits, inner apostrophes, hyphens, and number punctuation) and what lies between. */
const TOKEN = /[\p{L}\p{N}]+(?:['’.,:%-][\p{L}\p{N}]+)*%?/gu;

/** Endings taken off to find a listed stem ("meetings" -> "meeting", "studied" -> "study"). */
const ENDINGS: ReadonlyArray<[string, string]> = [
  ["'s", ''],
  ['’s', ''],
  ['ies', 'y'],
  ['ied', 'y'],
  ['ier', 'y'],
  ['iest', 'y'],
  ['ily', 'y'],
  ['es', ''],
  ['s', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['ly', ''],
  ['er', ''],
  ['er', 'e'],
  ['est', ''],
  ['ness', ''],
  ['ment', ''],
  ['ful', ''],
  ['less', ''],
];

function isCommon(word: string): boolean {
  if (COMMON_ENGLISH_WORDS.has(word)) return true;
  for (const [ending, replacement] of ENDINGS) {
    if (word.length > ending.length + 2 && word.endsWith(ending)) {
      const stem = word.slice(0, -ending.length) + replacement;
      if (COMMON_ENGLISH_WORDS.has(stem)) return true;
      // Doubled consonants: "stopped" -> "stop", "running" -> "run".
      if (stem.length > 2 && stem.at(-1) === stem.at(-2) && COMMON_ENGLISH_WORDS.has(stem.slice(0, -1)))
        return true;
    }
  }
  // Hyphenated words are common when each part is ("follow-up").
  return word.includes('-') && word.split('-').every((part) => part === '' || isCommon(part));
}

const isCapitalised = (word: string) => /^\p{Lu}/u.test(word) && word !== word.toLowerCase();

/**
 * Why `word` is emphasised, if it is. `sentenceStart`: it opens a sentence (its capital says
 * nothing); `english`: the caption is English, where the common-word list applies.
 */
export function emphasisReason(
  word: string,
  sentenceStart: boolean,
  english: boolean,
): EmphasisReason | undefined {
  if (/\p{N}/u.test(word)) return 'number';
  const lower = word.toLowerCase();
  if (english && NUMBER_WORDS.has(lower)) return 'number';
  const pronounI = /^i(?:['’][a-z]+)?$/.test(lower);
  if (!sentenceStart && !pronounI && isCapitalised(word)) return 'name';
  if (
    english &&
    !pronounI &&
    lower.replace(/['’-]/g, '').length >= RARE_WORD_MIN_LENGTH &&
    /^[\p{L}'’-]+$/u.test(lower) &&
    !isCommon(lower)
  )
    return 'rare';
  return undefined;
}

/** Whether `lang` (a BCP 47 tag) is English, the language of the common-word list. */
export function isEnglish(lang: string | undefined): boolean {
  return (
    lang === undefined || lang === '' || lang.toLowerCase() === 'en' || lang.toLowerCase().startsWith('en-')
  );
}

/**
 * The caption cut into plain and emphasised runs, which joined give back `text` exactly.
 * Consecutive plain text (words and what lies between) is one segment.
 */
export function emphasisSegments(text: string, lang?: string): TextSegment[] {
  const english = isEnglish(lang);
  const segments: TextSegment[] = [];
  const push = (piece: string, emphasis: boolean) => {
    if (piece === '') return;
    const last = segments.at(-1);
    if (last && last.emphasis === emphasis && !emphasis) last.text += piece;
    else segments.push({ text: piece, emphasis });
  };
  let at = 0;
  let sentenceStart = true;
  for (const match of text.matchAll(TOKEN)) {
    const between = text.slice(at, match.index);
    if (/[.!?…]/.test(between)) sentenceStart = true;
    push(between, false);
    const word = match[0];
    push(word, emphasisReason(word, sentenceStart, english) !== undefined);
    // Sentence ends are in the text between words (tokens never end with a full stop).
    sentenceStart = false;
    at = match.index + word.length;
  }
  push(text.slice(at), false);
  return segments;
}
