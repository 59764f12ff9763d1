/**
 * Read-only links to a finished transcript. The host of an ended conversation shares (or stops
 * sharing) a link carrying the room's read-only token; whoever opens it reads the transcript and
 * its exports and nothing else: no membership, no socket, no read-write token. The rule of what a
 * link opens is transcripts/shared-link.ts; every refusal is the same 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, apiErrorSchema, roomIdParamsSchema } from '../../shared/api';
import {
  RECAP_ROUTES,
  type ShareLinkResponse,
  type SharedTranscriptResponse,
  shareLinkResponseSchema,
  sharedLinkParamsSchema,
  sharedTranscriptPath,
  sharedTranscriptResponseSchema,
} from '../../shared/recap/api';
import { transcriptExportQuerySchema } from '../../shared/transcript-export/formats';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { ConversationReportRepository } from '../recap';
import type { RoomRecord, RoomRepository, RoomRegistry } from '../rooms';
import { exportTranscriptStream } from './export';
import { sharedLinkRoom, transcriptShareable } from './shared-link';
import type { ExportGate } from './export-gate';
import { EXPORT_ANSWERS, EXPORT_MEDIA_TYPES, checkExportQuery, sendGatedExport } from './export-route';

const route = routeIn('transcripts');

export interface ShareLinkRouteDeps {
  rooms: RoomRepository;
  registry: RoomRegistry;
  reports: ConversationReportRepository;
  now(): number;
  /** Exports at once (export-gate.ts), the members' exports included. */
  exports: ExportGate;
}

const LINK_NOT_VALID = apiError('link-not-valid', 'This link is not valid (or no longer).');
const HOST_ONLY = apiError('host-only', 'Only the host of the conversation shares its transcript.');
const NOT_SHAREABLE = apiError(
  'transcript-not-shareable',
  'This transcript cannot be shared: the host forbids sharing, or the conversation is not kept for others.',
);

/** A reader's view: read-only, and never the host's. */
const LINK_READER = { avaId: '', readonly: true };

export function shareLinkRoutes(deps: ShareLinkRouteDeps): AnyRoute[] {
  const linkOf = async (room: RoomRecord): Promise<ShareLinkResponse> => ({
    path:
      transcriptShareable(room) && (await deps.reports.isShared(room.id))
        ? sharedTranscriptPath(room.roToken)
        : null,
  });
  // The access table lets only members of an ended room through; of them, the host alone
  // manages the link (the table has no column for the host of an ended room).
  const isHost = (room: RoomRecord, avaId: string | undefined) =>
    avaId !== undefined && room.hostAvaId === avaId;
  /** A handler that acts on the room only for its host; other members are refused 403. */
  const hostOnly =
    (act: (room: RoomRecord, reply: FastifyReply) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { room } = request.roomAccess!;
      if (!isHost(room, request.principal.avaId)) return reply.code(403).send(HOST_ONLY);
      return act(room, reply);
    };

  /** The room a link opens, or undefined (then the same 404 whatever the reason). */
  const opened = async (token: string) => {
    const found = await deps.rooms.findByToken(token);
    const shared = found ? await deps.reports.isShared(found.room.id) : false;
    const record = sharedLinkRoom(found, shared);
    return record ? { record, room: await deps.registry.find(record.id) } : undefined;
  };

  return [
    route('GET', RECAP_ROUTES.shareLink, {
      summary: "Whether the host shares the ended conversation's read-only link, and its page path.",
      params: roomIdParamsSchema,
      response: { 200: shareLinkResponseSchema },
      handler: hostOnly((room) => linkOf(room)),
    }),
    route('POST', RECAP_ROUTES.shareLink, {
      summary: "The host shares the ended conversation's transcript by a read-only link.",
      params: roomIdParamsSchema,
      response: { 200: shareLinkResponseSchema },
      handler: hostOnly(async (room, reply) => {
        if (!transcriptShareable(room)) return reply.code(403).send(NOT_SHAREABLE);
        await deps.reports.share(room.id, deps.now());
        return linkOf(room);
      }),
    }),
    route('DELETE', RECAP_ROUTES.shareLink, {
      summary: 'The host stops sharing the read-only link: it opens nothing any more.',
      params: roomIdParamsSchema,
      response: { 200: shareLinkResponseSchema },
      handler: hostOnly(async (room) => {
        await deps.reports.unshare(room.id);
        return { path: null } satisfies ShareLinkResponse;
      }),
    }),
    route('GET', RECAP_ROUTES.sharedTranscript, {
      summary: 'The transcript a shared read-only link opens (the token is the only proof).',
      params: sharedLinkParamsSchema,
      response: { 200: sharedTranscriptResponseSchema, 404: apiErrorSchema },
      handler: async (request, reply) => {
        const link = await opened(request.params.token);
        if (!link?.room) return reply.code(404).send(LINK_NOT_VALID);
        const status = link.room.status(undefined, LINK_READER);
        return {
          status: {
            id: status.id,
            title: status.title,
            startTimestampMs: status.startTimestampMs,
            host: status.host,
            langs: status.langs,
          },
          transcripts: link.room.transcripts(),
        } satisfies SharedTranscriptResponse;
      },
    }),
    route('GET', RECAP_ROUTES.sharedTranscriptExport, {
      summary: "A shared link's transcript as a file, as a member's export (?format).",
      params: sharedLinkParamsSchema,
      query: transcriptExportQuerySchema,
      response: EXPORT_ANSWERS,
      produces: EXPORT_MEDIA_TYPES,
      handler: async (request, reply) => {
        const query = checkExportQuery(request.query);
        if (!query.ok) return reply.code(400).send(apiError('invalid-export', query.message));
        const link = await opened(request.params.token);
        const room = link?.room;
        if (!link || !room) return reply.code(404).send(LINK_NOT_VALID);
        // A link's reader may have no identity: counted by address.
        return sendGatedExport(reply, deps.exports, `address:${request.ip}`, () =>
          exportTranscriptStream(
            room.status(undefined, LINK_READER),
            room.transcripts(),
            link.record.endedAtMs ?? undefined,
            query.options,
          ),
        );
      },
    }),
  ];
}

export function registerShareLinkRoutes(app: FastifyInstance, deps: ShareLinkRouteDeps): void {
  registerDescribed(app, shareLinkRoutes(deps));
}
