/**
 * Whether a member may read a room's transcript back (the spec's Transcript access, as this
 * server applies it): during the conversation every member may; afterwards the host always
 * may, and others only when the host has not forbidden sharing and (the conversation allows
 * saving or the host can save). Both the transcript route and its export ask this, so they can
 * never disagree; the saved transcripts list applies the same rule in its query, and a shared
 * read-only link (transcripts/shared-link.ts) opens only what others may read.
 */
import type { RoomRecord } from '../rooms';
import type { Actor } from '../auth';

/** After the conversation, whether anyone but the host may read it back. */
export function othersMayRead(room: RoomRecord): boolean {
  return !room.forbidSharing && (room.allowTranscriptsSaving || room.hostCanSave === true);
}

export function transcriptReadable(room: RoomRecord, actor: Actor, avaId: string | undefined): boolean {
  const host = actor === 'host' || room.hostAvaId === avaId;
  if (host || room.state !== 'ended') return true;
  return othersMayRead(room);
}
