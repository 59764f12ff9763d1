/**
 * Keyword emphasis: which words of a caption to show in bold, since caption research found that
 * marking names and numbers helps deaf readers skim. Pure, so the rules are tested apart from
 * the screen; the renderer draws the segments.
 *
 *  - numbers: any word with a digit ("3", "2024", "10%", "3:30"), and number words from "two"
 *    up ("one" is left alone: "no one", "this one");
 *  - names: a capitalised word that does not start a sentence (and is not the pronoun "I").
 *
 * Rare words are not emphasised (issue 30): the words a recogniser knows least are the ones it
 * gets wrong most, so bolding them put the eye on its mistakes. The engines give no word
 * confidence to go by (WordTiming has none), so names and numbers only.
 */
export interface TextSegment {
  text: string;
  emphasis: boolean;
}

export type EmphasisReason = 'number' | 'name';

const NUMBER_WORDS: ReadonlySet<string> = new Set(
  (
    'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ' +
    'seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred ' +
    'thousand million billion trillion half quarter dozen first second third fourth fifth sixth ' +
    'seventh eighth ninth tenth percent'
  ).split(' '),
);

/** Words (letters, digits, inner apostrophes, hyphens, and number punctuation) and what lies between. */
const TOKEN = /[\p{L}\p{N}]+(?:['’.,:%-][\p{L}\p{N}]+)*%?/gu;

const isCapitalised = (word: string) => /^\p{Lu}/u.test(word) && word !== word.toLowerCase();

/**
 * Why `word` is emphasised, if it is. `sentenceStart`: it opens a sentence (its capital says
 * nothing); `english`: the caption is English, where number words apply.
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
  return undefined;
}

/** Whether `lang` (a BCP 47 tag) is English, the language of the number words. */
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
