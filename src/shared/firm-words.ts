/**
 * Firm words (issue 25): a caption still being spoken is a firm prefix, words the recogniser
 * will never take back, and a tentative tail that may still change. The server decides the split
 * (server/rooms/local-agreement.ts) and sends it as `firmWords` on the transcript; every reader of
 * a line (the captions, the caption windows, translation, the Scribe view, screen readers, the
 * benchmarks) cuts the text here, so they all agree where the firm words end.
 *
 * Words are the runs of the text between spaces: the recogniser's words joined by one space
 * (readableCaption keeps that), so the n-th word of the text is the recogniser's n-th word.
 */
import type { Transcript } from './entities';

export interface FirmSplit {
  /** The firm prefix, as it is in the text (no trailing space). */
  firm: string;
  /** The rest, with the space that leads into it ('' when the whole line is firm). */
  tail: string;
  /** Characters (UTF-16 code units) of the text in the firm prefix. */
  firmChars: number;
}

/** How many of the line's words are firm: all of a final or a typed line, else what the server said. */
export function firmWordCount(t: Pick<Transcript, 'isFinal' | 'firmWords' | 'texts' | 'speechLang'>): number {
  const words = wordsIn(t.texts[t.speechLang] ?? '');
  if (t.isFinal || t.firmWords === undefined) return words;
  return Math.max(0, Math.min(t.firmWords, words));
}

/** The text cut after its first `firmWords` words. */
export function splitFirm(text: string, firmWords: number): FirmSplit {
  if (firmWords <= 0) return { firm: '', tail: text, firmChars: 0 };
  const word = /\S+/g;
  let seen = 0;
  let end = 0;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    seen += 1;
    end = m.index + m[0].length;
    if (seen === firmWords) break;
  }
  if (seen < firmWords) return { firm: text, tail: '', firmChars: text.length };
  return { firm: text.slice(0, end), tail: text.slice(end), firmChars: end };
}

/** The firm text of a line in its own language (all of it once final). */
export function firmText(t: Pick<Transcript, 'isFinal' | 'firmWords' | 'texts' | 'speechLang'>): string {
  return splitFirm(t.texts[t.speechLang] ?? '', firmWordCount(t)).firm;
}

/**
 * The firm count of a line people corrected while it was spoken: the recogniser's tail is the
 * last words of its text and stays the last words of the corrected text (people correct what they
 * have read: the firm words), so the firm words are the corrected text's words before that tail.
 */
export function firmWordsAfterEdits(firmWords: number, asrText: string, shownText: string): number {
  const tailWords = Math.max(0, wordsIn(asrText) - firmWords);
  return Math.max(0, wordsIn(shownText) - tailWords);
}

function wordsIn(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}
