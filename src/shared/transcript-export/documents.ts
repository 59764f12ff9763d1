/**
 * Plain text (for the clipboard and a .txt file) and Markdown exports: a heading, when it
 * started and how long it lasted, then one paragraph per line with its time from the start and
 * its speaker; typed lines say so and gaps say what was lost.
 */
import { type ExportLabels, gapSentence, startedAt } from './labels';
import { type ExportLine, type ExportSource, clockOffset, textLines } from './lines';
import { plainLine } from '../validation';

export interface DocumentOptions {
  labels: ExportLabels;
  timeZone?: string;
}

/** The latest end of `lines`: with the conversation's end, its length. */
export function lastLineEndMs(lines: readonly ExportLine[]): number {
  return lines.reduce((end, line) => Math.max(end, line.endMs), 0);
}

function lengthMs(source: ExportSource, lastEnd: number): number {
  return source.endTimestampMs !== undefined
    ? Math.max(source.endTimestampMs - source.startTimestampMs, lastEnd)
    : lastEnd;
}

function heading(source: ExportSource, lastEnd: number, options: DocumentOptions) {
  const { labels } = options;
  return {
    title: plainLine(source.title) || labels.untitled,
    started: labels.started(startedAt(labels, source.startTimestampMs, options.timeZone)),
    length: labels.duration(clockOffset(lengthMs(source, lastEnd))),
  };
}

/**
 * How a plain text line that goes on shows it does: indented. Only a caption's first line starts
 * at the margin with its time, so a break in what someone typed cannot pass for a line of its own
 * ("[00:05] Host: ..." written by someone else).
 */
export const PLAIN_TEXT_CONTINUATION = '    ';

/**
 * A plain text document is its head, its lines joined by PLAIN_TEXT_SEPARATOR, and a last break:
 * toPlainText writes it whole, stream.ts a page of lines at a time.
 */
export const PLAIN_TEXT_SEPARATOR = '\n';

/** The title, when it started and how long it lasted (`lastEnd`: lastLineEndMs), and a blank line. */
export function plainTextHead(source: ExportSource, lastEnd: number, options: DocumentOptions): string {
  const head = heading(source, lastEnd, options);
  return `${head.title}\n${head.started} · ${head.length}\n\n`;
}

export function plainTextLine(line: ExportLine, labels: ExportLabels): string {
  const at = `[${clockOffset(line.startMs)}]`;
  if (line.gap) return `${at} ${gapSentence(labels, line)}`;
  const who = line.typed ? `${line.speaker} (${labels.typed})` : line.speaker;
  const late = line.late ? ` (${labels.late})` : '';
  return `${at} ${who}: ${textLines(line.text).join(`\n${PLAIN_TEXT_CONTINUATION}`)}${late}`;
}

export function toPlainText(
  source: ExportSource,
  lines: readonly ExportLine[],
  options: DocumentOptions,
): string {
  const body = lines.map((line) => plainTextLine(line, options.labels));
  return `${plainTextHead(source, lastLineEndMs(lines), options)}${body.join(PLAIN_TEXT_SEPARATOR)}\n`;
}

/** Markdown's inline specials, escaped so a caption reads as written. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>|~])/g, '\\$1');
}

/**
 * One line of a caption's text in Markdown: its inline specials escaped, and the marks that are
 * special at the start of a line (a heading's #, a quote's >, a list's - + or 1., a setext
 * underline's = or -) escaped too, since a typed line's second line starts one. Escaped, they
 * read the same.
 */
export function markdownTextLine(text: string): string {
  return escapeMarkdown(text)
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** Markdown's lines are paragraphs: a blank line between two (the rest as PLAIN_TEXT_SEPARATOR). */
export const MARKDOWN_SEPARATOR = '\n\n';

export function markdownHead(source: ExportSource, lastEnd: number, options: DocumentOptions): string {
  const head = heading(source, lastEnd, options);
  return `# ${escapeMarkdown(head.title)}\n\n*${escapeMarkdown(head.started)} · ${escapeMarkdown(head.length)}*\n\n`;
}

export function markdownLine(line: ExportLine, labels: ExportLabels): string {
  const at = `\`${clockOffset(line.startMs)}\``;
  if (line.gap) return `> ${at} *${escapeMarkdown(gapSentence(labels, line))}*`;
  const typed = line.typed ? ` *(${labels.typed})*` : '';
  // Breaks inside a typed line stay hard breaks, never a blank line (a new paragraph).
  const text = textLines(line.text).map(markdownTextLine).join('  \n');
  const late = line.late ? ` *(${escapeMarkdown(labels.late)})*` : '';
  return `${at} **${escapeMarkdown(line.speaker)}**${typed}: ${text}${late}`;
}

export function toMarkdown(
  source: ExportSource,
  lines: readonly ExportLine[],
  options: DocumentOptions,
): string {
  const body = lines.map((line) => markdownLine(line, options.labels));
  return `${markdownHead(source, lastLineEndMs(lines), options)}${body.join(MARKDOWN_SEPARATOR)}\n`;
}
