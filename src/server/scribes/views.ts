/**
 * How an open Scribe request is shown (pure): in its room's status (`scribe`: status, mode, who
 * asked, the Scribe as a hash and a name, never their avaId) and on a Scribe's dashboard.
 */
import { createHash } from 'node:crypto';
import type { ScribeChatMessage, ScribeRequestView } from '../../shared/scribe/api';
import { type RoomScribe, scribeStatusOf } from '../../shared/scribe/model';
import type { RoomMember } from '../rooms';
import type { OpenRequest } from './open-requests';

/** A Scribe as the room shows them: a hash, never their avaId. */
export function scribeHash(requestId: string, avaId: string): string {
  return createHash('sha256').update(`${requestId}:${avaId}`).digest('hex').slice(0, 16);
}

/**
 * The room's `scribe`: ongoing while the Scribe is connected (or on their way after accepting),
 * leaving while their connection is lost.
 */
export function roomScribeOf(
  request: OpenRequest,
  room: { membersOf(avaId: string): Pick<RoomMember, 'role'>[] },
): RoomScribe {
  const { record } = request;
  const connected =
    record.scribeAvaId !== undefined && room.membersOf(record.scribeAvaId).some((m) => m.role === 'scribe');
  return {
    status: scribeStatusOf(
      record.state,
      request.arriving === true || (connected && request.leavingSinceMs === undefined),
    ),
    requestId: record.id,
    correctionMode: record.correctionMode,
    requestor: record.requesterAvaId,
    scribes: record.scribeAvaId
      ? [{ hash: scribeHash(record.id, record.scribeAvaId), userName: record.scribeName ?? '' }]
      : [],
  };
}

/**
 * A request on the dashboard. `lastCaptionAtMs`: when the room's captions last changed, known
 * only where the room is in memory (its owner).
 */
export function requestViewOf(
  request: OpenRequest,
  chat: ScribeChatMessage[],
  roomTitle: string,
  lastCaptionAtMs: number | undefined,
): ScribeRequestView {
  const { record } = request;
  return {
    id: record.id,
    roomId: record.roomId,
    roomTitle,
    requester: { avaId: record.requesterAvaId, userName: record.requesterName },
    correctionMode: record.correctionMode,
    state: record.state,
    createdAtMs: record.createdAtMs,
    ...(record.acceptedAtMs !== undefined ? { acceptedAtMs: record.acceptedAtMs } : {}),
    ...(lastCaptionAtMs !== undefined ? { lastCaptionAtMs } : {}),
    scribeSeconds: record.scribeSeconds,
    scribeConnected: record.state === 'connected' && request.leavingSinceMs === undefined,
    chat,
  };
}
