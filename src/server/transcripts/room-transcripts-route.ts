/**
 * GET a room's transcripts: its status as the caller sees it and its lines, for the transcript
 * view. Who may: the access table's row (members only), then, once the conversation has ended,
 * the host's sharing settings (transcripts/readable.ts), the same rule as its files'.
 */
import {
  API_ROUTES,
  type RoomTranscriptsResponse,
  roomIdParamsSchema,
  roomTranscriptsResponseSchema,
} from '../../shared/api';
import { type AnyRoute, routeIn } from '../http';
import type { RoomRegistry } from '../rooms';
import { readAsMember } from './readable';
import { conversationWordStats } from '../../shared/recap/word-stats';

const route = routeIn('transcripts');

export function roomTranscriptsRoute(deps: { registry: RoomRegistry }): AnyRoute {
  return route('GET', API_ROUTES.roomTranscripts, {
    summary: "A room's status and transcript lines, as the caller (a member) sees them.",
    params: roomIdParamsSchema,
    response: { 200: roomTranscriptsResponseSchema },
    handler: async (request, reply) => {
      const reading = await readAsMember(request.roomAccess!, request.principal.avaId, deps.registry);
      if (!reading.ok) return reply.code(reading.status).send(reading.body);
      const { room, viewer } = reading;
      const transcripts = room.transcripts();
      const you = request.principal.avaId;
      return {
        status: room.status(undefined, viewer),
        transcripts,
        // Someone reading by a link's token alone is nobody in it: no "You" to count.
        ...(you ? { wordStats: conversationWordStats(transcripts, you) } : {}),
      } satisfies RoomTranscriptsResponse;
    },
  });
}
