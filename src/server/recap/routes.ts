/**
 * After the conversation: its smart recap (the spec's generateSmartRecap) and its caption
 * quality report, each made once the room has ended and then kept. Who may: the transcript's
 * readers (transcripts/readable.ts), the same rule as the transcript route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, apiErrorSchema, roomIdParamsSchema } from '../../shared/api';
import {
  RECAP_ROUTES,
  type CaptionQualityResponse,
  type SmartRecapResponse,
  captionQualityResponseSchema,
  smartRecapResponseSchema,
} from '../../shared/recap/api';
import { captionQuality, recognisedTextsOf } from '../../shared/recap/caption-quality';
import type { ConversationReportRepository } from './repository';
import type { RoomRecord, RoomRegistry } from '../rooms';
import { type RecapDeps, generateSmartRecap } from './generate';
import { transcriptReadable } from '../transcripts';
import { type AnyRoute, registerDescribed, routeIn } from '../http';

const route = routeIn('recap');

export interface RecapRouteDeps {
  registry: RoomRegistry;
  reports: ConversationReportRepository;
  recap: RecapDeps;
  now(): number;
}

/** The ended room the caller may read, or the reply already sent saying why not. */
async function readableEndedRoom(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RoomRecord | undefined> {
  const access = request.roomAccess!;
  if (!transcriptReadable(access.room, access.actor, request.principal.avaId)) {
    await reply.code(403).send(apiError('transcript-not-shared', 'The host has not shared this transcript.'));
    return undefined;
  }
  if (access.room.state !== 'ended') {
    await reply
      .code(409)
      .send(apiError('conversation-not-ended', 'This is made once the conversation has ended.'));
    return undefined;
  }
  return access.room;
}

/** Refusals of readableEndedRoom, for the document. */
const REFUSALS = { 403: apiErrorSchema, 409: apiErrorSchema } as const;

export function recapRoutes(deps: RecapRouteDeps): AnyRoute[] {
  // One recap per room even when several readers open the page at once (a hosted model is asked once).
  const making = new Map<string, Promise<SmartRecapResponse['recap']>>();
  return [
    route('POST', RECAP_ROUTES.generateSmartRecap, {
      summary:
        'The smart recap of an ended conversation: made once (by this server or a hosted model), then kept.',
      params: roomIdParamsSchema,
      response: { 200: smartRecapResponseSchema, ...REFUSALS },
      handler: async (request, reply) => {
        const record = await readableEndedRoom(request, reply);
        if (!record) return reply;
        const stored = await deps.reports.findRecap(record.id);
        if (stored) return { recap: stored } satisfies SmartRecapResponse;
        let pending = making.get(record.id);
        if (!pending) {
          pending = (async () => {
            const room = await deps.registry.find(record.id);
            const made = await generateSmartRecap(record.id, room?.transcripts() ?? [], deps.recap);
            return deps.reports.keepRecap(made);
          })().finally(() => making.delete(record.id));
          making.set(record.id, pending);
        }
        return { recap: await pending } satisfies SmartRecapResponse;
      },
    }),
    route('GET', RECAP_ROUTES.captionQuality, {
      summary: 'The caption quality report of an ended conversation (made once, then kept).',
      params: roomIdParamsSchema,
      response: { 200: captionQualityResponseSchema, ...REFUSALS },
      handler: async (request, reply) => {
        const record = await readableEndedRoom(request, reply);
        if (!record) return reply;
        const stored = await deps.reports.findQuality(record.id);
        if (stored) return { report: stored } satisfies CaptionQualityResponse;
        const room = await deps.registry.find(record.id);
        // People's corrections (issue 12) keep the recogniser's own text of each line they changed
        // (asrText): the word error rate is the recogniser's text against the corrected one.
        const lines = room?.transcripts() ?? [];
        const report = captionQuality(record.id, lines, recognisedTextsOf(lines), deps.now(), true);
        return { report: await deps.reports.keepQuality(report) } satisfies CaptionQualityResponse;
      },
    }),
  ];
}

export function registerRecapRoutes(app: FastifyInstance, deps: RecapRouteDeps): void {
  registerDescribed(app, recapRoutes(deps));
}
