/**
 * One transcript export, in the format asked for: the lines (shared/transcript-export) written
 * as text, Markdown, SRT, WebVTT, DOCX or the spec's JSON. `lang` is the language to read the
 * lines in (a translation when the room has one), `ui` the language of the file's own words.
 */
import { Readable } from 'node:stream';
import type { ConversationStatus, Transcript } from '../../shared/entities';
import { EXPORT_FORMATS, type ExportFormat, exportFileName } from '../../shared/transcript-export/formats';
import { exportLabels, gapSentence } from '../../shared/transcript-export/labels';
import { type ExportLine, type ExportSource, exportLines } from '../../shared/transcript-export/lines';
import {
  exportJsonChunks,
  markdownChunks,
  plainTextChunks,
  srtChunks,
  vttChunks,
} from '../../shared/transcript-export/stream';
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

/** An export being written as it is sent (export-stream.ts). */
export interface StreamedExport {
  body: Readable;
  contentType: string;
  fileName: string;
}

/**
 * What an export writes: its text a page of lines at a time (shared/transcript-export/stream.ts),
 * or, for DOCX, the whole file: the `docx` package builds the document in memory and zips it, so
 * a Word file is made whole (and is the one export still held whole while it is sent).
 */
function exportBody(
  status: ConversationStatus,
  transcripts: readonly Transcript[],
  endTimestampMs: number | undefined,
  request: ExportRequest,
): { chunks: Iterable<string> } | { whole: Promise<Buffer> } {
  const source: ExportSource = {
    roomId: status.id,
    title: status.title,
    startTimestampMs: status.startTimestampMs,
    ...(endTimestampMs !== undefined ? { endTimestampMs } : {}),
    transcripts,
  };
  const labels = exportLabels(request.ui);
  const options = {
    labels,
    ...(request.timeZone ? { timeZone: request.timeZone } : {}),
    ...(request.lang ? { lang: request.lang } : {}),
  };
  const subtitles = {
    gapText: (line: ExportLine) => gapSentence(labels, line),
    lang: request.lang,
    late: labels.late,
  };
  switch (request.format) {
    case 'txt':
      return { chunks: plainTextChunks(source, options) };
    case 'md':
      return { chunks: markdownChunks(source, options) };
    case 'srt':
      return { chunks: srtChunks(source, subtitles) };
    case 'vtt':
      return { chunks: vttChunks(source, source.title || labels.untitled, subtitles) };
    case 'docx':
      return { whole: toDocx(source, exportLines(source, request.lang), options) };
    case 'json':
      return {
        chunks: exportJsonChunks(status, transcripts, {
          ...(endTimestampMs !== undefined ? { endTimestampMs } : {}),
          customTitle: status.title.trim() !== '',
        }),
      };
  }
}

function fileOf(status: ConversationStatus, request: ExportRequest) {
  const labels = exportLabels(request.ui);
  return {
    contentType: EXPORT_FORMATS[request.format].contentType,
    fileName: exportFileName(status.title || labels.untitled, status.startTimestampMs, request.format),
  };
}

/** The whole file (the same bytes a streamed export sends). */
export async function exportTranscript(
  status: ConversationStatus,
  transcripts: readonly Transcript[],
  endTimestampMs: number | undefined,
  request: ExportRequest,
): Promise<ExportedFile> {
  const body = exportBody(status, transcripts, endTimestampMs, request);
  return {
    body: 'whole' in body ? await body.whole : [...body.chunks].join(''),
    ...fileOf(status, request),
  };
}

/**
 * The file as it is written, a page of lines a chunk, the main thread handed back between
 * chunks (so other rooms' captions go out in between) and the next page written only once the
 * reader has taken the last (a slow reader holds one page, not the file); DOCX whole.
 */
export async function exportTranscriptStream(
  status: ConversationStatus,
  transcripts: readonly Transcript[],
  endTimestampMs: number | undefined,
  request: ExportRequest,
): Promise<ExportedFile | StreamedExport> {
  const body = exportBody(status, transcripts, endTimestampMs, request);
  const file = fileOf(status, request);
  if ('whole' in body) return { body: await body.whole, ...file };
  return { body: Readable.from(handingBack(body.chunks), { objectMode: false }), ...file };
}

/** Each chunk, then a turn of the event loop before the next is written. */
async function* handingBack(chunks: Iterable<string>): AsyncGenerator<Buffer> {
  for (const chunk of chunks) {
    yield Buffer.from(chunk, 'utf8');
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
