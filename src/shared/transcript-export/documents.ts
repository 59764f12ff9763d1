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

function lengthMs(source: ExportSource, lines: readonly ExportLine[]): number {
  const lastEnd = lines.reduce((end, line) => Math.max(end, line.endMs), 0);
  return source.endTimestampMs !== undefined
    ? Math.max(source.endTimestampMs - source.startTimestampMs, lastEnd)
    : lastEnd;
}

function heading(source: ExportSource, lines: readonly ExportLine[], options: DocumentOptions) {
  const { labels } = options;
  return {
    title: plainLine(source.title) || labels.untitled,
    started: labels.started(startedAt(labels, source.startTimestampMs, options.timeZone)),
    length: labels.duration(clockOffset(lengthMs(source, lines))),
  };
}

/**
 * How a plain text line that goes on shows it does: indented. Only a caption's first line starts
 * at the margin with its time, so a break in what someone typed cannot pass for a line of its own
 * ("[00:05] Host: ..." written by someone else).
 */
export const PLAIN_TEXT_CONTINUATION = '    ';

export function toPlainText(
  source: ExportSource,
  lines: readonly ExportLine[],
  options: DocumentOptions,
): string {
  const head = heading(source, lines, options);
  const body = lines.map((line) => {
    const at = `[${clockOffset(line.startMs)}]`;
    if (line.gap) return `${at} ${gapSentence(options.labels, line)}`;
    const who = line.typed ? `${line.speaker} (${options.labels.typed})` : line.speaker;
    return `${at} ${who}: ${textLines(line.text).join(`\n${PLAIN_TEXT_CONTINUATION}`)}`;
  });
  return `${head.title}\n${head.started} · ${head.length}\n\n${body.join('\n')}\n`;
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

export function toMarkdown(
  source: ExportSource,
  lines: readonly ExportLine[],
  options: DocumentOptions,
): string {
  const head = heading(source, lines, options);
  const body = lines.map((line) => {
    const at = `\`${clockOffset(line.startMs)}\``;
    if (line.gap) return `> ${at} *${escapeMarkdown(gapSentence(options.labels, line))}*`;
    const typed = line.typed ? ` *(${options.labels.typed})*` : '';
    // Breaks inside a typed line stay hard breaks, never a blank line (a new paragraph).
    const text = textLines(line.text).map(markdownTextLine).join('  \n');
    return `${at} **${escapeMarkdown(line.speaker)}**${typed}: ${text}`;
  });
  return `# ${escapeMarkdown(head.title)}\n\n*${escapeMarkdown(head.started)} · ${escapeMarkdown(head.length)}*\n\n${body.join('\n\n')}\n`;
}
