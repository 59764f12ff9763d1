/**
 * A Scribe's dashboard (GET /api/v1/scribe-requests, docs/scribes.md "Dashboard"): the requests
 * waiting for a Scribe (never one in a room they host: a request cannot target oneself), and the
 * ones they serve with the chat so far. A request whose room has ended is ended on the way.
 */
import type { ScribeChatMessage, ScribeDashboardResponse, ScribeRequestView } from '../../shared/scribe/api';
import type { RoomRepository } from '../rooms';
import { type OpenRequest, dashboardPlace } from './open-requests';

export interface DashboardDeps {
  rooms: Pick<RoomRepository, 'find'>;
  chatOf(requestId: string): Promise<ScribeChatMessage[]>;
  /** The request's room is over: the request moves on (stored, its room told) and is not listed. */
  roomEnded(request: OpenRequest): Promise<unknown>;
  view(request: OpenRequest, chat: ScribeChatMessage[], roomTitle: string): ScribeRequestView;
  now(): number;
}

/** `requests`: every open request the dashboard lists (request-book.ts `onDashboard`). */
export async function scribeDashboard(
  requests: OpenRequest[],
  scribeAvaId: string,
  deps: DashboardDeps,
): Promise<ScribeDashboardResponse> {
  const waiting: ScribeRequestView[] = [];
  const serving: ScribeRequestView[] = [];
  for (const request of requests) {
    const room = await deps.rooms.find(request.record.roomId);
    if (!room || room.state !== 'ongoing') {
      await deps.roomEnded(request);
      continue;
    }
    const place = dashboardPlace(request.record, room.hostAvaId, scribeAvaId);
    if (place === 'waiting') waiting.push(deps.view(request, [], room.title));
    else if (place === 'serving')
      serving.push(deps.view(request, await deps.chatOf(request.record.id), room.title));
  }
  return { nowMs: deps.now(), waiting, serving };
}
