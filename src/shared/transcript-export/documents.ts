/**
 * Plain text (for the clipboard and a .txt file) and Markdown exports: a heading, when it
 * started and how long it lasted, then one paragraph per line with its time from the start and
 * its speaker; typed lines say so and gaps say what was lost.
 */
import { type ExportLabels, gapSentence, startedAt } from './labels';
import { type ExportLine, type ExportSource, clockOffset } from './lines';

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
    title: source.title.trim() || labels.untitled,
    started: labels.started(startedAt(labels, source.startTimestampMs, options.timeZone)),
    length: labels.duration(clockOffset(lengthMs(source, lines))),
  };
}

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
    return `${at} ${who}: ${line.text}`;
  });
  return `${head.title}\n${head.started} · ${head.length}\n\n${body.join('\n')}\n`;
}

/**
 * Markdown's inline specials, escaped so a caption reads as written. Characters that are
 * special only at the start of a line (#, -, +, 1.) need nothing: every line here starts with
 * its time in backticks or with the heading's own mark.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>|~])/g, '\\$1');
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
    // Hard line breaks inside a typed line stay breaks.
    const text = escapeMarkdown(line.text).replace(/\n/g, '  \n');
    return `${at} **${escapeMarkdown(line.speaker)}**${typed}: ${text}`;
  });
  return `# ${escapeMarkdown(head.title)}\n\n*${escapeMarkdown(head.started)} · ${escapeMarkdown(head.length)}*\n\n${body.join('\n\n')}\n`;
}
