/**
 * One transcript export, in the format asked for: the lines (shared/transcript-export) written
 * as text, Markdown, SRT, WebVTT, DOCX or the spec's JSON. `lang` is the language to read the
 * lines in (a translation when the room has one), `ui` the language of the file's own words.
 */
import type { ConversationStatus, Transcript } from '../../shared/entities';
import { subtitleCues } from '../../shared/transcript-export/cues';
import { toMarkdown, toPlainText } from '../../shared/transcript-export/documents';
import { toExportJson } from '../../shared/transcript-export/export-json';
import { EXPORT_FORMATS, type ExportFormat, exportFileName } from '../../shared/transcript-export/formats';
import { exportLabels, gapSentence } from '../../shared/transcript-export/labels';
import { type ExportSource, exportLines } from '../../shared/transcript-export/lines';
import { toSrt, toVtt } from '../../shared/transcript-export/subtitles';
import { toDocx } from './export-docx';

export interface ExportRequest {
  format: ExportFormat;
  lang?: string;
  ui?: string;
  timeZone?: string;
}

export interface ExportedFile {
  body: string | Buffer;
  contentType: string;
  fileName: string;
}

export async function exportTranscript(
  status: ConversationStatus,
  transcripts: readonly Transcript[],
  endTimestampMs: number | undefined,
  request: ExportRequest,
): Promise<ExportedFile> {
  const source: ExportSource = {
    roomId: status.id,
    title: status.title,
    startTimestampMs: status.startTimestampMs,
    ...(endTimestampMs !== undefined ? { endTimestampMs } : {}),
    transcripts,
  };
  const labels = exportLabels(request.ui);
  const options = { labels, ...(request.timeZone ? { timeZone: request.timeZone } : {}) };
  const lines = exportLines(source, request.lang);
  const { contentType } = EXPORT_FORMATS[request.format];
  const fileName = exportFileName(source.title || labels.untitled, source.startTimestampMs, request.format);
  const cues = () => subtitleCues(lines, (line) => gapSentence(labels, line));
  const body = await (async (): Promise<string | Buffer> => {
    switch (request.format) {
      case 'txt':
        return toPlainText(source, lines, options);
      case 'md':
        return toMarkdown(source, lines, options);
      case 'srt':
        return toSrt(cues());
      case 'vtt':
        return toVtt(cues(), source.title || labels.untitled);
      case 'docx':
        return toDocx(source, lines, options);
      case 'json':
        return `${JSON.stringify(toExportJson(status, transcripts, { ...(endTimestampMs !== undefined ? { endTimestampMs } : {}), customTitle: status.title.trim() !== '' }), null, 2)}\n`;
    }
  })();
  return { body, contentType, fileName };
}
