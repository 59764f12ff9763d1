/**
 * The text exports written a page of lines at a time, as chunks whose concatenation is, byte for
 * byte, the document the whole-file writers (documents.ts, subtitles.ts, export-json.ts) make.
 *
 * Why: an export made whole held every line's export object, every cue and the whole string at
 * once, and made them in one turn of the main thread; four exports of a 3,600-line room at once
 * took 0.46 GB and delayed another room's captions from 0.21 s to 1.69 s (issue 29, F-13). Written
 * a page at a time, an export holds one page of lines and one chunk of text beside the room's own
 * finals (which it only reads), and the server (transcripts/export-stream.ts) hands the main thread
 * back between pages, so captions are sent in between and a slow reader slows only its own export.
 *
 * Two things need the whole conversation before the first byte, and are read in a first pass
 * that keeps only numbers: a text or Markdown document's length (the latest line end), and the
 * subtitle cues' order (cues are sorted by time and never overlap, so a cue's times depend on its
 * neighbours): that pass keeps each cue's times and which line it came from, never its text,
 * which is made again from its line as the cue is written.
 */
import { type Chunk, type Cue, type CueTiming, lineChunks, orderCues, wrapCueText } from './cues';
import {
  type DocumentOptions,
  MARKDOWN_SEPARATOR,
  PLAIN_TEXT_SEPARATOR,
  markdownHead,
  markdownLine,
  plainTextHead,
  plainTextLine,
} from './documents';
import { type ExportJsonOptions, exportJsonBlocs, exportJsonDetails } from './export-json';
import type { ConversationStatus, Transcript } from '../entities';
import { type ExportLine, type ExportSource, exportLine, exportOrder } from './lines';
import { CUE_SEPARATOR, srtBlock, vttBlock, vttHeader } from './subtitles';

/** Lines (or cues, or blocs) a chunk holds: a chunk of long lines is about 100 KB. */
export const EXPORT_PAGE_SIZE = 200;

/** `items` a page at a time. */
function* pages<T>(items: readonly T[], size: number): Generator<readonly T[]> {
  for (let at = 0; at < items.length; at += size) yield items.slice(at, at + size);
}

/** Reads a page of the room's finals (in exportOrder) as its export lines. */
function linesOf(source: ExportSource, lang: string | undefined) {
  return (page: readonly Transcript[]): ExportLine[] =>
    page.flatMap((t) => {
      const line = exportLine(t, source.startTimestampMs, lang);
      return line ? [line] : [];
    });
}

/** What makes a text document: its head (given the latest line end), a line, what joins two lines. */
interface ProseFormat {
  head(source: ExportSource, lastEnd: number, options: DocumentOptions): string;
  line(line: ExportLine, labels: DocumentOptions['labels']): string;
  separator: string;
}

const PLAIN_TEXT: ProseFormat = { head: plainTextHead, line: plainTextLine, separator: PLAIN_TEXT_SEPARATOR };
const MARKDOWN: ProseFormat = { head: markdownHead, line: markdownLine, separator: MARKDOWN_SEPARATOR };

/**
 * A document of a head and its lines joined by the format's separator, then a last break
 * (toPlainText, toMarkdown); the head needs the latest line end, read in a first pass.
 */
function* documentChunks(
  format: ProseFormat,
  source: ExportSource,
  options: DocumentOptions & { lang?: string },
  pageSize: number,
): Generator<string> {
  const order = exportOrder(source.transcripts);
  const read = linesOf(source, options.lang);
  let lastEnd = 0;
  for (const page of pages(order, pageSize)) for (const l of read(page)) lastEnd = Math.max(lastEnd, l.endMs);
  yield format.head(source, lastEnd, options);
  let first = true;
  for (const page of pages(order, pageSize)) {
    const lines = read(page);
    if (lines.length === 0) continue;
    const text = lines.map((line) => format.line(line, options.labels)).join(format.separator);
    yield `${first ? '' : format.separator}${text}`;
    first = false;
  }
  yield '\n';
}

export function plainTextChunks(
  source: ExportSource,
  options: DocumentOptions & { lang?: string },
  pageSize = EXPORT_PAGE_SIZE,
): Generator<string> {
  return documentChunks(PLAIN_TEXT, source, options, pageSize);
}

export function markdownChunks(
  source: ExportSource,
  options: DocumentOptions & { lang?: string },
  pageSize = EXPORT_PAGE_SIZE,
): Generator<string> {
  return documentChunks(MARKDOWN, source, options, pageSize);
}

/** A cue's place in the order without its text: its line (in exportOrder) and its chunk of it. */
interface CuePlace extends CueTiming {
  late: boolean;
  at: number;
  chunk: number;
}

/**
 * The subtitle cues (subtitleCues), a page at a time: their order from a first pass of times
 * only, their text made again from their line as they are written.
 */
function* cuePages(
  source: ExportSource,
  lang: string | undefined,
  gapText: (line: ExportLine) => string,
  pageSize: number,
): Generator<Cue[]> {
  const order = exportOrder(source.transcripts);
  const lineAt = (at: number) => exportLine(order[at]!, source.startTimestampMs, lang);
  const places: CuePlace[] = [];
  for (const [at, transcript] of order.entries()) {
    const line = exportLine(transcript, source.startTimestampMs, lang);
    if (!line) continue;
    const base = {
      author: line.author,
      speaker: line.speaker,
      turnStart: false,
      gap: line.gap !== undefined,
      late: line.late === true,
    };
    for (const [chunk, { startMs, endMs, text }] of lineChunks(line, gapText).entries())
      places.push({ ...base, startMs, endMs, chars: text.length, at, chunk });
  }
  orderCues(places);
  // Cues of one line mostly follow each other: its chunks are made once for them.
  let cached: { at: number; chunks: Chunk[] } | undefined;
  const chunkText = (place: CuePlace) => {
    if (cached?.at !== place.at) cached = { at: place.at, chunks: lineChunks(lineAt(place.at)!, gapText) };
    return cached.chunks[place.chunk]!.text;
  };
  for (const page of pages(places, pageSize)) {
    yield page.map((place) => ({
      startMs: place.startMs,
      endMs: place.endMs,
      author: place.author,
      speaker: place.speaker,
      turnStart: place.turnStart,
      gap: place.gap,
      late: place.late,
      chars: place.chars,
      lines: wrapCueText(chunkText(place)),
    }));
  }
}

export interface SubtitleStreamOptions {
  lang?: string;
  gapText: (line: ExportLine) => string;
  /**
   * The mark of a cue captioned late, in the reader's language: SRT ends the cue's text with
   * it in brackets, WebVTT writes it as a NOTE.
   */
  late?: string;
}

/** toSrt(subtitleCues(...)), a page of cues at a time. */
export function* srtChunks(
  source: ExportSource,
  options: SubtitleStreamOptions,
  pageSize = EXPORT_PAGE_SIZE,
): Generator<string> {
  let number = 0;
  for (const cues of cuePages(source, options.lang, options.gapText, pageSize)) {
    const blocks = cues.map((cue) => srtBlock(cue, (number += 1), options.late));
    yield `${number > cues.length ? CUE_SEPARATOR : ''}${blocks.join(CUE_SEPARATOR)}`;
  }
}

/** toVtt(subtitleCues(...), title), a page of cues at a time. */
export function* vttChunks(
  source: ExportSource,
  title: string,
  options: SubtitleStreamOptions,
  pageSize = EXPORT_PAGE_SIZE,
): Generator<string> {
  yield vttHeader(title);
  for (const cues of cuePages(source, options.lang, options.gapText, pageSize))
    yield `${CUE_SEPARATOR}${cues.map((cue) => vttBlock(cue, options.late)).join(CUE_SEPARATOR)}`;
}

/** How JSON.stringify(value, null, 2) writes a value two levels in (an element of `blocs`). */
function nested(value: unknown): string {
  // A JSON string never holds a raw line break (it is escaped): every break is indentation.
  return `\n    ${JSON.stringify(value, null, 2).replace(/\n/g, '\n    ')}`;
}

/** `${JSON.stringify(toExportJson(...), null, 2)}\n`, a page of blocs at a time. */
export function* exportJsonChunks(
  status: ConversationStatus,
  transcripts: readonly Transcript[],
  options: ExportJsonOptions,
  pageSize = EXPORT_PAGE_SIZE,
): Generator<string> {
  const blocs = exportJsonBlocs(transcripts);
  const details = exportJsonDetails(status, blocs, options);
  if (blocs.length === 0) {
    yield `${JSON.stringify({ blocs, ...details }, null, 2)}\n`;
    return;
  }
  yield '{\n  "blocs": [';
  let first = true;
  for (const page of pages(blocs, pageSize)) {
    yield `${first ? '' : ','}${page.map(nested).join(',')}`;
    first = false;
  }
  // The details as their own object, without its opening brace: `,` then the same members.
  yield `\n  ],${JSON.stringify(details, null, 2).slice(1)}\n`;
}
