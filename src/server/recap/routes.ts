/**
 * After the conversation: its smart recap (the spec's generateSmartRecap) and its caption
 * quality report, each made once the room has ended and then kept. Who may: the transcript's
 * readers (transcripts/readable.ts), the same rule as the transcript route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../../shared/api';
import { RECAP_ROUTES, type CaptionQualityResponse, type SmartRecapResponse } from '../../shared/recap/api';
import { captionQuality, recognisedTextsOf } from '../../shared/recap/caption-quality';
import type { ConversationReportRepository } from './repository';
import type { RoomRecord } from '../rooms/repository';
import { type RecapDeps, generateSmartRecap } from './generate';
import type { RoomRegistry } from '../rooms/registry';
import { transcriptReadable } from '../transcripts/readable';

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

export function registerRecapRoutes(app: FastifyInstance, deps: RecapRouteDeps): void {
  // One recap per room even when several readers open the page at once (a hosted model is asked once).
  const making = new Map<string, Promise<SmartRecapResponse['recap']>>();

  app.post<{ Params: { roomId: string } }>(RECAP_ROUTES.generateSmartRecap, async (request, reply) => {
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
  });

  app.get<{ Params: { roomId: string } }>(RECAP_ROUTES.captionQuality, async (request, reply) => {
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
  });
}
