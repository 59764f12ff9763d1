/**
 * Read-only links to a finished transcript (the trust issue's read-only links): the one rule for
 * what such a link opens. A link carries the room's read-only token; it opens the transcript only
 * when the room has ended, its host chose to share it, and the host's settings let others read
 * it back (readable.ts). A read-write token, a live room, a link the host stopped sharing, a
 * conversation whose host forbids sharing, and a deleted conversation all open nothing, and are
 * told the same thing so that a token cannot be probed.
 */
import type { RoomRecord } from '../rooms';
import { othersMayRead } from './readable';

/** Whether the host may hand out a read-only link now (the room ended, others may read it). */
export function transcriptShareable(room: RoomRecord): boolean {
  return room.state === 'ended' && othersMayRead(room);
}

/**
 * The room a shared link opens, or undefined. `found` is the room whose token this is (and
 * whether it is the read-only one); `shared` whether the host shares this room's link.
 */
export function sharedLinkRoom(
  found: { room: RoomRecord; readonly: boolean } | undefined,
  shared: boolean,
): RoomRecord | undefined {
  if (!found || !found.readonly || !shared) return undefined;
  return transcriptShareable(found.room) ? found.room : undefined;
}
