/**
 * A finished conversation as an export sees it: its lines in order, each with who said it and
 * when, relative to the conversation's start. Every export format (text, Markdown, subtitles,
 * DOCX, JSON) reads these, so they agree on order, names, timings and gaps.
 */
import type { Transcript, TranscriptGap, WordTiming } from '../entities';
import { plainLine } from '../validation';

export interface ExportSource {
  roomId: string;
  title: string;
  /** Wall-clock start of the conversation (ms since epoch, server clock). */
  startTimestampMs: number;
  /** Wall-clock end, once ended. */
  endTimestampMs?: number;
  /** The room's finals (gap markers included), in any order. */
  transcripts: readonly Transcript[];
}

export interface ExportWord {
  w: string;
  /** From the conversation's start. */
  startMs: number;
  endMs: number;
}

export interface ExportLine {
  id: string;
  index: number;
  author: string;
  /** Who said it, as one plain line (plainLine): a name never starts a line of an export. */
  speaker: string;
  /** What was said; a typed or edited line may hold line breaks (textLines splits it). */
  text: string;
  /** From the conversation's start. */
  startMs: number;
  endMs: number;
  /** The recogniser's word timings, when it gave them (typed lines have none). */
  words?: ExportWord[];
  /** Typed by a person (no `asr`), not recognised. */
  typed: boolean;
  /** A gap marker: no text, captions lost from `startMs` to `endMs`. */
  gap?: TranscriptGap;
  /**
   * Captioned late (held audio sent after a dropped connection, docs/transcripts.md): its times
   * are still when it was said; the formats say so with the same mark readers saw.
   */
  late?: boolean;
}

/**
 * How long a line without word timings is shown: a comfortable reading pace (about 15
 * characters a second, as subtitle guidelines use), within a cue's usual bounds.
 */
export const READING_CHARS_PER_SECOND = 15;
export const MIN_LINE_MS = 1000;
export const MAX_ESTIMATED_LINE_MS = 7000;

export function estimatedReadingMs(text: string): number {
  const ms = Math.round((text.length / READING_CHARS_PER_SECOND) * 1000);
  return Math.min(MAX_ESTIMATED_LINE_MS, Math.max(MIN_LINE_MS, ms));
}

/** The text a reader of `lang` gets: their language when translated, else the spoken one. */
export function lineText(transcript: Transcript, lang?: string): string {
  const texts = transcript.texts;
  const chosen = (lang && texts[lang]) || texts[transcript.speechLang];
  if (chosen !== undefined) return chosen.trim();
  const first = Object.values(texts)[0];
  return (first ?? '').trim();
}

function wordTimes(transcript: Transcript, streamStartMs: number): ExportWord[] | undefined {
  const words = transcript.asr?.words;
  if (!words || words.length === 0) return undefined;
  return words
    .filter((word: WordTiming) => word.w.trim() !== '')
    .map((word) => ({
      w: word.w,
      startMs: Math.max(0, streamStartMs + word.startMs),
      endMs: Math.max(0, streamStartMs + Math.max(word.endMs, word.startMs)),
    }));
}

/** The room's finals in the order they were said (their index, then their time): the export's order. */
export function exportOrder(transcripts: readonly Transcript[]): Transcript[] {
  return [...transcripts].sort((a, b) => a.index - b.index || a.timestampMs - b.timestampMs);
}

/**
 * One final as an export line, or undefined when it shows nothing (not final, or emptied). Made
 * one at a time so an export can read a page of lines, write it and let it go (transcript-export/
 * stream.ts).
 */
export function exportLine(
  transcript: Transcript,
  startTimestampMs: number,
  lang?: string,
): ExportLine | undefined {
  const start = startTimestampMs;
  if (!transcript.isFinal) return undefined;
  const base = {
    id: transcript.id,
    index: transcript.index,
    author: transcript.author,
    // Stored names may predate the plain-line rule: every format reads this one line.
    speaker: plainLine(transcript.authorShow),
    typed: transcript.asr === undefined && transcript.gap === undefined,
    ...(transcript.late ? { late: true } : {}),
  };
  if (transcript.gap) {
    return {
      ...base,
      text: '',
      startMs: Math.max(0, transcript.gap.fromMs - start),
      endMs: Math.max(0, transcript.gap.toMs - start),
      gap: transcript.gap,
    };
  }
  const text = lineText(transcript, lang);
  if (text === '') return undefined;
  // The stream's own clock: word timings count from the start of the speaker's audio.
  const streamStart = transcript.timestampMs - transcript.t0 - start;
  const translated = lang !== undefined && lang !== transcript.speechLang && Boolean(transcript.texts[lang]);
  // Word timings belong to the spoken words; a translation is timed as a whole line.
  const words = translated ? undefined : wordTimes(transcript, streamStart);
  const startMs = words?.[0]?.startMs ?? Math.max(0, transcript.timestampMs - start);
  const spokenEnd =
    words?.at(-1)?.endMs ??
    (transcript.asr?.endMs !== undefined ? streamStart + transcript.asr.endMs : undefined);
  const endMs =
    spokenEnd !== undefined && spokenEnd > startMs ? spokenEnd : startMs + estimatedReadingMs(text);
  return { ...base, text, startMs, endMs, ...(words ? { words } : {}) };
}

/**
 * The conversation's lines, in the order they were said (their index, which is the order of
 * first appearance), with empty finals (removals) left out and gaps kept.
 */
export function exportLines(source: ExportSource, lang?: string): ExportLine[] {
  return exportOrder(source.transcripts).flatMap((transcript) => {
    const line = exportLine(transcript, source.startTimestampMs, lang);
    return line ? [line] : [];
  });
}

/**
 * A line's text as the lines it was written in (a typed reply or an edit may hold breaks), each
 * one plain line (plainLine: no other breaks or control characters left), empty ones dropped.
 * The formats that keep breaks join these with their own, safe, mark of a continued line.
 */
export function textLines(text: string): string[] {
  return text
    .split(/\r\n?|[\n\v\f\u0085\u2028\u2029]/)
    .map(plainLine)
    .filter((line) => line !== '');
}

/** `h:mm:ss` (or `mm:ss` under an hour) from the conversation's start, for reading. */
export function clockOffset(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}
