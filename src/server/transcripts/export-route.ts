/**
 * GET a room's transcript as a file (text, Markdown, SRT, WebVTT, DOCX, JSON), for the
 * transcript page's download and share. Who may: the transcript route's row and rule
 * (transcripts/readable.ts); the file is the same lines the page shows.
 */
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_ROUTES, apiError, apiErrorSchema, fileAnswerSchema, roomIdParamsSchema } from '../../shared/api';
import {
  EXPORT_FORMATS,
  EXPORT_FORMAT_IDS,
  type TranscriptExportQuery,
  isExportFormat,
  transcriptExportQuerySchema,
} from '../../shared/transcript-export/formats';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { RoomRegistry } from '../rooms';
import type { exportTranscript } from './export';
import { type ExportedFile, type StreamedExport, exportTranscriptStream } from './export';
import type { ExportGate } from './export-gate';
import { readAsMember } from './readable';
import { roomTranscriptsRoute } from './room-transcripts-route';

const route = routeIn('transcripts');

const LANG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

function validTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `attachment` with an ASCII fallback name and the real one (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii || 'transcript'}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** What an export answers: one of the files (EXPORT_FORMATS), or an error in JSON. */
export const EXPORT_MEDIA_TYPES = [
  ...new Set([...Object.values(EXPORT_FORMATS).map((f) => f.contentType.split(';')[0]!), 'application/json']),
];

/** What an export answers, by status: the file, or an error (JSON, apiErrorSchema). */
export const EXPORT_ANSWERS = {
  200: fileAnswerSchema,
  400: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
} as const;

/** The export's options from its query, or the 400 message saying what is wrong. */
export function checkExportQuery(
  query: TranscriptExportQuery,
): { ok: true; options: Parameters<typeof exportTranscript>[3] } | { ok: false; message: string } {
  const { format, lang, ui, timeZone } = query;
  if (!isExportFormat(format))
    return { ok: false, message: `format: one of ${EXPORT_FORMAT_IDS.join(', ')}` };
  for (const [name, value] of [
    ['lang', lang],
    ['ui', ui],
  ] as const) {
    if (value !== undefined && !LANG.test(value)) {
      return { ok: false, message: `${name}: a language tag such as en or es` };
    }
  }
  if (timeZone !== undefined && !validTimeZone(timeZone)) {
    return { ok: false, message: 'timeZone: an IANA time zone such as Europe/Paris' };
  }
  return {
    ok: true,
    options: {
      format,
      ...(lang ? { lang } : {}),
      ...(ui ? { ui } : {}),
      ...(timeZone ? { timeZone } : {}),
    },
  };
}

/** The answer when an export cannot be made now (export-gate.ts). */
function sendExportBusy(reply: FastifyReply) {
  return reply
    .code(429)
    .header('Retry-After', '2')
    .send(apiError('rate-limited', 'An export is already being made: try again in a moment.'));
}

/** Sends the file an export made (or is writing), as a download nobody caches. */
export function sendExportFile(reply: FastifyReply, file: ExportedFile | StreamedExport) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);
}

export interface TranscriptExportDeps {
  registry: RoomRegistry;
  /** Exports at once, per identity and on the server (export-gate.ts). */
  exports: ExportGate;
}

export function transcriptExportRoutes(deps: TranscriptExportDeps): AnyRoute[] {
  return [
    route('GET', API_ROUTES.roomTranscriptExport, {
      summary: "A room's transcript as a file: text, Markdown, SRT, WebVTT, DOCX or JSON (?format).",
      params: roomIdParamsSchema,
      query: transcriptExportQuerySchema,
      response: { ...EXPORT_ANSWERS },
      produces: EXPORT_MEDIA_TYPES,
      handler: async (request, reply) => {
        const query = checkExportQuery(request.query);
        if (!query.ok) return reply.code(400).send(apiError('invalid-export', query.message));
        const access = request.roomAccess!;
        const reading = await readAsMember(access, request.principal.avaId, deps.registry);
        if (!reading.ok) return reply.code(reading.status).send(reading.body);
        const { room, viewer } = reading;
        return sendGatedExport(reply, deps.exports, `identity:${request.principal.avaId ?? request.ip}`, () =>
          exportTranscriptStream(
            room.status(undefined, viewer),
            room.transcripts(),
            access.room.endedAtMs ?? undefined,
            query.options,
          ),
        );
      },
    }),
  ];
}

/**
 * How long a streamed export may take to be read: a reader slower than this (a 2 MB file at
 * under 300 kbit/s) is cut off, so nobody holds one of the server's few export places by
 * reading slowly.
 */
export const EXPORT_SEND_DEADLINE_MS = 60_000;

/**
 * Makes an export through the gate (one per `who`, a few on the server) and sends the file, or
 * 429 when there is no place for it now: members' and shared links' exports alike. A streamed
 * export is written while it is sent, so its place is held until its last byte is (or its reader
 * went away, or the deadline passed).
 */
export async function sendGatedExport(
  reply: FastifyReply,
  exports: ExportGate,
  who: string,
  make: () => Promise<ExportedFile | StreamedExport>,
) {
  const made = await exports.run(who, async () => {
    const file = await make();
    void sendExportFile(reply, file);
    if (file.body instanceof Readable) {
      const body = file.body;
      const deadline = setTimeout(
        () => body.destroy(new Error('export read too slowly')),
        EXPORT_SEND_DEADLINE_MS,
      );
      await finished(reply.raw).catch(() => undefined);
      clearTimeout(deadline);
      // A reader that went away leaves the rest of the file unwritten.
      body.destroy();
    }
  });
  return made.ok ? reply : sendExportBusy(reply);
}

/** A room's transcript routes: its lines, for the transcript view, and its files. */
export function registerTranscriptExportRoute(app: FastifyInstance, deps: TranscriptExportDeps): void {
  registerDescribed(app, [roomTranscriptsRoute(deps), ...transcriptExportRoutes(deps)]);
}
