/**
 * How long a transcript line may grow by people's corrections (issue 31, N-1): a line is one
 * utterance, and every correction of it costs the server work in proportion to its length
 * (stored, filtered, broadcast and translated again whole). Without a cap one guest grew a final
 * line past 150,000 characters with 500-character inserts and froze the server for the others.
 *
 * The server refuses a text mutation that would leave the line over its cap (the server's cap is
 * configurable: HEARKEN_MAX_LINE_CHARS, HEARKEN_MAX_LINE_WORDS); the editor stops at the default
 * before sending. Pure: the server and the client run it.
 */
import { codePointLength } from './text-ops';

/** Characters (code points) a line may hold after people's corrections: four typed lines' worth. */
export const LINE_MAX_CHARS = 2000;
/** Words a line may hold after people's corrections. */
export const LINE_MAX_WORDS = 400;

export interface LineCap {
  chars: number;
  words: number;
}

export const DEFAULT_LINE_CAP: LineCap = { chars: LINE_MAX_CHARS, words: LINE_MAX_WORDS };

/** Words in `text`: runs of non-space characters. */
export function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/**
 * Why a line whose text was `before` may not become `after` under `cap`, or undefined when it
 * may. Characters are code points (what mutation indexes count). A change that leaves the line
 * no longer than it was (a deletion) is always allowed, even on a line the recogniser made longer.
 */
export function lineCapRefusal(
  before: string,
  after: string,
  cap: LineCap = DEFAULT_LINE_CAP,
): string | undefined {
  const chars = codePointLength(after);
  if (chars <= codePointLength(before)) return undefined;
  if (chars > cap.chars)
    return `the line would hold ${chars} characters; a line holds at most ${cap.chars}: start a new line instead`;
  const words = wordCount(after);
  if (words > cap.words && words > wordCount(before))
    return `the line would hold ${words} words; a line holds at most ${cap.words}: start a new line instead`;
  return undefined;
}
