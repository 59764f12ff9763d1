/**
 * A Word document of a conversation (with the `docx` package): the title as a heading, when it
 * started and how long it lasted, then a paragraph per line with its time and speaker, so it
 * can be edited, printed or shared like any document. Gaps are said in italics.
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { type ExportLabels, gapSentence, startedAt } from '../../shared/transcript-export/labels';
import {
  type ExportLine,
  type ExportSource,
  clockOffset,
  textLines,
} from '../../shared/transcript-export/lines';
import { plainLine } from '../../shared/validation';

export async function toDocx(
  source: ExportSource,
  lines: readonly ExportLine[],
  options: { labels: ExportLabels; timeZone?: string },
): Promise<Buffer> {
  const { labels } = options;
  const title = plainLine(source.title) || labels.untitled;
  const lastEnd = lines.reduce((end, line) => Math.max(end, line.endMs), 0);
  const length =
    source.endTimestampMs !== undefined
      ? Math.max(source.endTimestampMs - source.startTimestampMs, lastEnd)
      : lastEnd;
  const paragraphs = lines.map((line) => {
    const time = new TextRun({ text: `${clockOffset(line.startMs)}  `, color: '666666' });
    if (line.gap) {
      return new Paragraph({
        children: [time, new TextRun({ text: gapSentence(labels, line), italics: true })],
      });
    }
    const speaker = new TextRun({
      text: `${line.speaker}${line.typed ? ` (${labels.typed})` : ''}: `,
      bold: true,
    });
    // A typed line's own line breaks stay breaks; control characters (which XML cannot hold) go.
    const parts = textLines(line.text).map(
      (text, i) => new TextRun({ text, ...(i > 0 ? { break: 1 } : {}) }),
    );
    // Captioned late: the quiet mark readers saw after the line (its time is when it was said).
    const late = line.late
      ? [new TextRun({ text: ` (${labels.late})`, italics: true, color: '666666' })]
      : [];
    return new Paragraph({ children: [time, speaker, ...parts, ...late], spacing: { after: 120 } });
  });
  const document = new Document({
    title,
    creator: 'Hearken',
    styles: { default: { document: { run: { font: 'Arial', size: 24 } } } },
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun({
                text: `${labels.started(startedAt(labels, source.startTimestampMs, options.timeZone))} · ${labels.duration(clockOffset(length))}`,
                italics: true,
              }),
            ],
            spacing: { after: 240 },
          }),
          ...paragraphs,
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
