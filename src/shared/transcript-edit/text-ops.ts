/**
 * The line text as operational transformation sees it: ot-text-unicode ops (ShareDB's plain text
 * type: retain a count, insert a string, delete `{d}`; positions in Unicode code points), and the
 * two things a caption line adds to plain text: which characters people typed (`highlighted`) and
 * the recogniser's own changes, made as a diff of its last text and its new one.
 *
 * Everything here is pure: the server's sequencer (server/rooms/line-edits.ts), the client's
 * replica (replica.ts) and the convergence fuzz run the same functions.
 */
import { type TextOp, remove, insert, type as textType } from 'ot-text-unicode';
import type { TextMutation } from './mutation';

export type { TextOp };

/** A run of characters a person typed, in code points: marked for every reader. */
export interface HighlightRange {
  index: number;
  length: number;
}

/** A line's text at one version: what the server sequences and every replica converges on. */
export interface LineText {
  version: number;
  text: string;
  highlighted: HighlightRange[];
}

/** Length in code points (what mutation indexes count). */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The length a delete component removes (ot-text-unicode keeps a count, or the deleted text). */
const dlen = (d: number | string): number => (typeof d === 'number' ? d : codePointLength(d));

/** The code points of a string, one per element. */
export const codePoints = (text: string): string[] => Array.from(text);

/** Why a mutation cannot apply to a text of `length` code points, or undefined when it can. */
export function outOfRange(mutation: TextMutation, length: number): string | undefined {
  if (mutation.index > length) return `mutation.index: the line has ${length} characters`;
  if (mutation.type === 'delete' && mutation.index + mutation.length > length)
    return `mutation.length: the line has ${length} characters, ${length - mutation.index} after index ${mutation.index}`;
  return undefined;
}

/** The op of a text mutation (its range already checked against the text it was made on). */
export function opOfMutation(mutation: TextMutation): TextOp {
  return mutation.type === 'insert'
    ? insert(mutation.index, mutation.text)
    : remove(mutation.index, mutation.length);
}

export const applyOp = (text: string, op: TextOp): string => textType.apply(text, op);

/**
 * `op` made concurrently with `other` (both against the same text), rewritten to apply after it.
 * `side` breaks the tie of two inserts at one place: the op already sequenced is 'right', the
 * one arriving 'left', on the server and in every replica alike (as ShareDB does).
 */
export const transformOp = (op: TextOp, other: TextOp, side: 'left' | 'right'): TextOp =>
  textType.transform(op, other, side);

export const transformPosition = (index: number, op: TextOp): number => textType.transformPosition(index, op);

export const isNoop = (op: TextOp): boolean => textType.normalize(op).length === 0;

/**
 * The smallest single change from `from` to `to` (common prefix and suffix kept): how the
 * recogniser's new text becomes an op, and how a replica catches up with a state it was sent whole.
 */
export function diffOp(from: string, to: string): TextOp {
  const a = codePoints(from);
  const b = codePoints(to);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const op: TextOp = [];
  if (start > 0) op.push(start);
  if (endA > start) op.push({ d: endA - start });
  if (endB > start) op.push(b.slice(start, endB).join(''));
  return textType.normalize(op);
}

/**
 * Splits an op into single changes applied one after the other (retain then insert, or retain
 * then delete): what the spec's insert and delete mutations can express. A delete that a
 * concurrent insert cut in two becomes two deletes.
 */
export function splitOp(op: TextOp): TextOp[] {
  const pieces: TextOp[] = [];
  let pos = 0;
  for (const c of textType.normalize(op)) {
    if (typeof c === 'number') pos += c;
    else if (typeof c === 'string') {
      pieces.push(textType.normalize([pos, c]));
      pos += codePointLength(c);
    } else pieces.push(textType.normalize([pos, { d: dlen(c.d) }]));
  }
  return pieces;
}

/** The mutation of a single-change op (splitOp's pieces), or undefined for a no-op. */
export function mutationFieldsOfOp(
  op: TextOp,
):
  | { type: 'insert'; index: number; text: string }
  | { type: 'delete'; index: number; length: number }
  | undefined {
  let index = 0;
  for (const c of textType.normalize(op)) {
    if (typeof c === 'number') index += c;
    else if (typeof c === 'string') return { type: 'insert', index, text: c };
    else return { type: 'delete', index, length: dlen(c.d) };
  }
  return undefined;
}

/**
 * The highlighted runs after `op`: characters a person inserts are marked (`human`), the
 * recogniser's are not, deleted ones go with their marks, the rest keep theirs.
 */
export function applyToHighlights(
  ranges: readonly HighlightRange[],
  textLength: number,
  op: TextOp,
  human: boolean,
): HighlightRange[] {
  const before: boolean[] = new Array<boolean>(textLength).fill(false);
  for (const r of ranges)
    for (let i = r.index; i < r.index + r.length && i < textLength; i++) before[i] = true;
  const after: boolean[] = [];
  let pos = 0;
  for (const c of textType.normalize(op)) {
    if (typeof c === 'number') {
      for (let i = 0; i < c; i++) after.push(before[pos++] ?? false);
    } else if (typeof c === 'string') {
      for (let i = codePointLength(c); i > 0; i--) after.push(human);
    } else pos += dlen(c.d);
  }
  while (pos < textLength) after.push(before[pos++] ?? false);
  return rangesOf(after);
}

function rangesOf(marks: readonly boolean[]): HighlightRange[] {
  const out: HighlightRange[] = [];
  for (let i = 0; i < marks.length; i++) {
    if (!marks[i]) continue;
    const start = i;
    while (i + 1 < marks.length && marks[i + 1]) i++;
    out.push({ index: start, length: i - start + 1 });
  }
  return out;
}

/** A line text after one change: the text, its marks, and the next version. */
export function applyChange(line: LineText, op: TextOp, human: boolean): LineText {
  return {
    version: line.version + 1,
    text: applyOp(line.text, op),
    highlighted: applyToHighlights(line.highlighted, codePointLength(line.text), op, human),
  };
}

export function sameLineText(a: LineText, b: LineText): boolean {
  return (
    a.version === b.version &&
    a.text === b.text &&
    JSON.stringify(a.highlighted) === JSON.stringify(b.highlighted)
  );
}
