import { type Infer, object, optional, string } from '../schema';

/** The formats a transcript can be exported in: one table for the route, the client and the tests. */
export const EXPORT_FORMATS = {
  txt: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  md: { extension: 'md', contentType: 'text/markdown; charset=utf-8' },
  srt: { extension: 'srt', contentType: 'application/x-subrip; charset=utf-8' },
  vtt: { extension: 'vtt', contentType: 'text/vtt; charset=utf-8' },
  docx: {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;
export const EXPORT_FORMAT_IDS = Object.keys(EXPORT_FORMATS) as ExportFormat[];

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && Object.hasOwn(EXPORT_FORMATS, value);
}

/**
 * GET a transcript as a file (a member's or a shared link's): `format` (EXPORT_FORMAT_IDS),
 * `lang` (the language to read it in), `ui` (the file's own words), `timeZone` (an IANA name).
 * Any text passes here: the route refuses a bad one with 'invalid-export' and what is wrong,
 * the words the transcript page shows.
 */
export const transcriptExportQuerySchema = object({
  format: optional(string()),
  lang: optional(string()),
  ui: optional(string()),
  timeZone: optional(string()),
});
export type TranscriptExportQuery = Infer<typeof transcriptExportQuerySchema>;

/**
 * A file name from the title: letters, digits and dashes (any script), never empty, never a
 * path, at most 80 characters before the extension.
 */
export function exportFileName(title: string, startTimestampMs: number, format: ExportFormat): string {
  const day = new Date(startTimestampMs).toISOString().slice(0, 10);
  const slug = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'conversation'}-${day}.${EXPORT_FORMATS[format].extension}`;
}
