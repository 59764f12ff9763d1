/**
 * Subtitle cues from a conversation's lines, following common subtitle guidelines (BBC,
 * Netflix): at most two lines of 42 characters, shown 1 to 7 seconds, in time order and never
 * overlapping (SRT players show one cue at a time; two people talking at once become
 * consecutive cues). Where the recogniser gave word timings a cue starts with its first word and
 * ends with its last; typed lines are timed at a reading pace. A cue's words are the line's text
 * as readers and the other exports have it (capitals, punctuation, people's corrections), on the
 * recogniser's timings when the two have the same words.
 *
 * Every cue is shown long enough to be read: CUE_READING_CHARS_PER_SECOND (15 characters a
 * second, the BBC's subtitle guideline of 160 to 180 words a minute, and Netflix's 17 for
 * children's programmes rounded down for a deaf reader following live speech), never under
 * CUE_MIN_MS nor over CUE_MAX_MS. When the next cue starts sooner, it waits for it (cues never
 * overlap, and SRT players show one at a time); a cue is cut short only by the cue after it, and
 * only down to its own readable time.
 */
import type { ExportLine } from './lines';
import { plainLine } from '../validation';

export const CUE_LINE_MAX_CHARS = 42;
export const CUE_MAX_LINES = 2;
export const CUE_MIN_MS = 1000;
export const CUE_MAX_MS = 7000;
export const CUE_READING_CHARS_PER_SECOND = 15;

/** How long `chars` characters take to read: at CUE_READING_CHARS_PER_SECOND, within CUE_MIN_MS and CUE_MAX_MS. */
export function readableMs(chars: number): number {
  return Math.min(
    CUE_MAX_MS,
    Math.max(CUE_MIN_MS, Math.round((chars * 1000) / CUE_READING_CHARS_PER_SECOND)),
  );
}

export interface Cue {
  startMs: number;
  endMs: number;
  author: string;
  speaker: string;
  /** The cue's text, wrapped into at most CUE_MAX_LINES lines (a longer single word stays whole). */
  lines: string[];
  /** The first cue of a speaker's turn: where a visible name belongs. */
  turnStart: boolean;
  /** A gap marker's cue. */
  gap: boolean;
  /** Its line was captioned late (held audio); its times are when it was said. */
  late: boolean;
  /** Characters of its text: how long it takes to read (readableMs). */
  chars: number;
}

export interface Chunk {
  startMs: number;
  endMs: number;
  text: string;
}

const CUE_MAX_CHARS = CUE_LINE_MAX_CHARS * CUE_MAX_LINES;

/**
 * One line of subtitle text: one plain line (plainLine: no break, so never a blank line that
 * would end the cue), and no `-->`, which SRT and WebVTT read as a cue's timing. Folded first, so
 * a control character removed from inside `-- >` cannot make one.
 */
export function cueText(text: string): string {
  return plainLine(text).replace(/-->/g, '→');
}

/** Splits a cue's text into at most two lines, breaking at the space nearest the middle. */
export function wrapCueText(text: string): string[] {
  if (text.length <= CUE_LINE_MAX_CHARS) return [text];
  const middle = text.length / 2;
  let best = -1;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) {
    const fits = i <= CUE_LINE_MAX_CHARS && text.length - i - 1 <= CUE_LINE_MAX_CHARS;
    const bestFits =
      best !== -1 && best <= CUE_LINE_MAX_CHARS && text.length - best - 1 <= CUE_LINE_MAX_CHARS;
    if (
      best === -1 ||
      (fits && !bestFits) ||
      (fits === bestFits && Math.abs(i - middle) < Math.abs(best - middle))
    )
      best = i;
  }
  return best === -1 ? [text] : [text.slice(0, best), text.slice(best + 1)];
}

/**
 * Word-timed chunks: words gathered while the text fits a cue and lasts at most CUE_MAX_MS. The
 * words are the line's text (capitalised, punctuated, corrected) when it has as many words as
 * the timings; otherwise (a correction changed how many) the text is timed as untimed text is,
 * over the span the words were said in.
 */
function timedChunks(line: ExportLine): Chunk[] {
  const words = (line.words ?? []).filter((word) => cueText(word.w) !== '');
  const shown = cueText(line.text)
    .split(' ')
    .filter((w) => w !== '');
  if (shown.length !== words.length) return untimedChunks(line);
  const chunks: Chunk[] = [];
  let current: Chunk | undefined;
  for (const [i, word] of words.entries()) {
    const w = shown[i]!;
    if (w === '') continue;
    if (
      current &&
      current.text.length + 1 + w.length <= CUE_MAX_CHARS &&
      word.endMs - current.startMs <= CUE_MAX_MS
    ) {
      current.text += ` ${w}`;
      current.endMs = Math.max(current.endMs, word.endMs);
    } else {
      current = { startMs: word.startMs, endMs: word.endMs, text: w };
      chunks.push(current);
    }
  }
  return chunks;
}

/** Untimed text: split at word boundaries into cue-sized pieces, sharing the line's time by length. */
function untimedChunks(line: ExportLine): Chunk[] {
  const pieces: string[] = [];
  for (const word of cueText(line.text).split(' ')) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= CUE_MAX_CHARS)
      pieces[pieces.length - 1] = `${last} ${word}`;
    else pieces.push(word);
  }
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0) || 1;
  const span = Math.max(line.endMs - line.startMs, CUE_MIN_MS * pieces.length);
  let at = line.startMs;
  return pieces.map((text) => {
    const startMs = at;
    at += Math.round((span * text.length) / total);
    return { startMs, endMs: at, text };
  });
}

/**
 * A line's cue texts and times before they are put in order: its chunks, or, for a gap marker,
 * one chunk saying what was lost (`gapText`, in the reader's language).
 */
export function lineChunks(line: ExportLine, gapText: (line: ExportLine) => string): Chunk[] {
  if (line.gap) return [{ startMs: line.startMs, endMs: line.endMs, text: cueText(gapText(line)) }];
  return line.words && line.words.length > 0 ? timedChunks(line) : untimedChunks(line);
}

/** What putting cues in order reads: their times, who, whether a gap, and their length (never their text). */
export interface CueTiming {
  startMs: number;
  endMs: number;
  author: string;
  speaker: string;
  turnStart: boolean;
  gap: boolean;
  chars: number;
}

/**
 * The cues of a conversation. `gapText` words a gap marker's cue in the reader's language (the
 * line carries its speaker and times).
 */
export function subtitleCues(lines: readonly ExportLine[], gapText: (line: ExportLine) => string): Cue[] {
  const cues: Cue[] = [];
  for (const line of lines) {
    const base = {
      author: line.author,
      speaker: line.speaker,
      turnStart: false,
      gap: line.gap !== undefined,
      late: line.late === true,
    };
    for (const chunk of lineChunks(line, gapText))
      cues.push({
        ...base,
        startMs: chunk.startMs,
        endMs: chunk.endMs,
        chars: chunk.text.length,
        lines: wrapCueText(chunk.text),
      });
  }
  return orderCues(cues);
}

/**
 * Cues (or their timings alone) in time order, never overlapping, each with its turnStart.
 * Stable: cues that start together keep the conversation's order.
 */
export function orderCues<T extends CueTiming>(cues: T[]): T[] {
  cues.sort((a, b) => a.startMs - b.startMs);
  return settle(cues);
}

/**
 * Time order without overlaps, each cue shown for at least its readable time (readableMs): a
 * cue longer than that gives way to the next at the next's start; a cue that would be cut
 * shorter makes the next wait until it has been read.
 */
function settle<T extends CueTiming>(cues: T[]): T[] {
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const readEnd = (c: T) => c.startMs + readableMs(c.chars);
    const previous = cues[i - 1];
    if (previous && cue.startMs < previous.endMs) {
      // The previous cue keeps its readable time; past that, it ends where this one starts.
      const previousRead = readEnd(previous);
      if (cue.startMs < previousRead) cue.startMs = previousRead;
      previous.endMs = cue.startMs;
    }
    cue.endMs = Math.max(cue.endMs, readEnd(cue));
    cue.turnStart = !previous || previous.author !== cue.author || previous.gap || cue.gap;
  }
  return cues;
}

/** `HH:MM:SS<sep>mmm`, as both SRT (`,`) and WebVTT (`.`) write times. */
export function subtitleTime(ms: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(ms));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  return `${two(hours)}:${two(minutes)}:${two(seconds)}${separator}${String(total % 1000).padStart(3, '0')}`;
}
