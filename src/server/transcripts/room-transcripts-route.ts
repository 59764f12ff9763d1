/**
 * GET a room's transcripts: its status as the caller sees it and its lines, for the transcript
 * view. Who may: the access table's row (members only), then, once the conversation has ended,
 * the host's sharing settings (transcripts/readable.ts), the same rule as its files'.
 */
import {
  API_ROUTES,
  type RoomTranscriptsResponse,
  apiError,
  apiErrorSchema,
  roomIdParamsSchema,
  roomTranscriptsResponseSchema,
} from '../../shared/api';
import { type AnyRoute, route } from '../http';
import type { RoomRegistry } from '../rooms';
import { transcriptReadable } from './readable';

export function roomTranscriptsRoute(deps: { registry: RoomRegistry }): AnyRoute {
  return route({
    method: 'GET',
    url: API_ROUTES.roomTranscripts,
    summary: "A room's status and transcript lines, as the caller (a member) sees them.",
    tag: 'transcripts',
    params: roomIdParamsSchema,
    response: { 200: roomTranscriptsResponseSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    handler: async (request, reply) => {
      const access = request.roomAccess!;
      const host = access.actor === 'host' || access.room.hostAvaId === request.principal.avaId;
      // After the conversation, the host's settings decide whether others may read it back.
      if (!transcriptReadable(access.room, access.actor, request.principal.avaId)) {
        return reply
          .code(403)
          .send(apiError('transcript-not-shared', 'The host has not shared this transcript.'));
      }
      const room = await deps.registry.find(access.room.id);
      if (!room) return reply.code(404).send(apiError('room-not-found', 'No transcript found'));
      const viewer = {
        avaId: request.principal.avaId ?? '',
        readonly: access.membership?.readonly === true && !host,
      };
      return {
        status: room.status(undefined, viewer),
        transcripts: room.transcripts(),
      } satisfies RoomTranscriptsResponse;
    },
  });
}
