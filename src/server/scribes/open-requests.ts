/**
 * The desk's rules about open Scribe requests as records (scribes/desk.ts), apart from where they
 * come from: the desk's memory on one server, or the database in a cluster, where a request lives
 * in the memory of its room's owner only and every other node reads it from what is stored.
 */
import type { ScribeRequestRecord } from './repository';

/** An open request as the desk keeps it while it owns its room. */
export interface OpenRequest {
  record: ScribeRequestRecord;
  /** When the serving Scribe's last connection to the room closed (leaving). */
  leavingSinceMs?: number;
  /** Seconds counted since they were last stored. */
  unsavedSeconds: number;
  /**
   * Accepted, their connection not open yet: shown ongoing (they are on their way), not
   * counted, and ended like a leaving Scribe if they never arrive.
   */
  arriving?: boolean;
  /**
   * Cluster mode: the room's lease under which this node took the request up. Another token (or
   * none) means the room moved: this copy is dropped and the stored request is the truth.
   */
  lease?: string;
}

/**
 * A stored request taken up by a server that starts, or by the node that takes its room over:
 * a Scribe who was connected is leaving until they come back (their connection was elsewhere or
 * is gone), so no second is counted before they are seen in the room.
 */
export function resumedRequest(record: ScribeRequestRecord, nowMs: number, lease?: string): OpenRequest {
  return {
    record,
    unsavedSeconds: 0,
    ...(record.state === 'connected' ? { leavingSinceMs: nowMs } : {}),
    ...(lease !== undefined ? { lease } : {}),
  };
}

/**
 * Where a request goes on `scribeAvaId`'s dashboard: waiting (pending, and not in a room they
 * host: a request cannot target oneself), serving (the one they serve), or not shown.
 */
export function dashboardPlace(
  record: Pick<ScribeRequestRecord, 'state' | 'scribeAvaId'>,
  roomHostAvaId: string,
  scribeAvaId: string,
): 'waiting' | 'serving' | undefined {
  if (record.state === 'pending' && roomHostAvaId !== scribeAvaId) return 'waiting';
  if (record.state === 'connected' && record.scribeAvaId === scribeAvaId) return 'serving';
  return undefined;
}

/** How many rooms `scribeAvaId` serves now (model.ts caps it). */
export function servingCount(
  records: Iterable<Pick<ScribeRequestRecord, 'state' | 'scribeAvaId'>>,
  scribeAvaId: string,
): number {
  let count = 0;
  for (const record of records)
    if (record.state === 'connected' && record.scribeAvaId === scribeAvaId) count += 1;
  return count;
}

/** The request a Scribe's beginChat to `requesterAvaId` is about: one waiting, or one they serve. */
export function chatRequestOf<
  R extends Pick<ScribeRequestRecord, 'state' | 'scribeAvaId' | 'requesterAvaId'>,
>(records: Iterable<R>, scribeAvaId: string, requesterAvaId: string): R | undefined {
  for (const record of records)
    if (
      record.requesterAvaId === requesterAvaId &&
      (record.state === 'pending' || record.scribeAvaId === scribeAvaId)
    )
      return record;
  return undefined;
}
