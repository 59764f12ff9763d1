/**
 * The words of a caption line as the editor moves through them: runs of non-space characters,
 * with where they start and how long they are in code points (what mutations count), and
 * whether people corrected any of their characters (the line's `highlighted`).
 */
import type { HighlightRange } from '../../../shared/transcript-edit/text-ops';
import type { Cursor } from '../../../shared/transcript-edit/mutation';

export interface EditorWord {
  text: string;
  /** Code point index of its first character in the line. */
  start: number;
  /** Length in code points. */
  length: number;
  corrected: boolean;
}

export function wordsOf(text: string, highlighted: readonly HighlightRange[] = []): EditorWord[] {
  const points = Array.from(text);
  const words: EditorWord[] = [];
  let i = 0;
  while (i < points.length) {
    if (/\s/u.test(points[i]!)) {
      i++;
      continue;
    }
    const start = i;
    while (i < points.length && !/\s/u.test(points[i]!)) i++;
    const end = i;
    words.push({
      text: points.slice(start, end).join(''),
      start,
      length: end - start,
      corrected: highlighted.some((r) => r.index < end && r.index + r.length > start),
    });
  }
  return words;
}

/** Where a new word goes at the end of a line: after its text and one space. */
export function appendPoint(text: string): { index: number; prefix: string } {
  const length = Array.from(text).length;
  return { index: length, prefix: length === 0 || /\s$/u.test(text) ? '' : ' ' };
}

/** The word each cursor is in (or just after), by word position. */
export function cursorsByWord(
  words: readonly EditorWord[],
  cursors: readonly Cursor[],
): Map<number, Cursor[]> {
  const out = new Map<number, Cursor[]>();
  for (const cursor of cursors) {
    let at = words.findIndex((w) => cursor.index >= w.start && cursor.index <= w.start + w.length);
    if (at < 0) at = words.length - 1;
    if (at < 0) continue;
    out.set(at, [...(out.get(at) ?? []), cursor]);
  }
  return out;
}

/**
 * Where the keyboard goes from word `word` of line `line` by `step` (-1, +1): the previous or next
 * word, across lines at the edges; past the last word of the last line, the slot for a new word
 * (`word === count`) unless appending is suppressed. Undefined: nowhere further.
 */
export function moveSelection(
  counts: readonly number[],
  at: { line: number; word: number },
  step: -1 | 1,
  allowAppend: boolean,
): { line: number; word: number } | undefined {
  let { line, word } = at;
  word += step;
  while (line >= 0 && line < counts.length) {
    const count = counts[line]!;
    if (word >= 0 && word < count) return { line, word };
    if (step > 0 && word >= count) {
      if (line === counts.length - 1) return allowAppend && word === count ? { line, word } : undefined;
      line++;
      word = 0;
    } else if (step < 0 && word < 0) {
      line--;
      if (line < 0) return undefined;
      word = counts[line]! - 1;
    } else return undefined;
  }
  return undefined;
}
