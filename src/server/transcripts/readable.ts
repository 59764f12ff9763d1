/**
 * Whether a member may read a room's transcript back (the spec's Transcript access, as this
 * server applies it): during the conversation every member may; afterwards the host always
 * may, and so do the owners the host named (update-transcript-owner); others only when the
 * host has not forbidden sharing and (the conversation allows saving or the host can save). Both the transcript route and its export ask this, so they can
 * never disagree; the saved transcripts list applies the same rule in its query, and a shared
 * read-only link (transcripts/shared-link.ts) opens only what others may read.
 */
import { type ApiErrorBody, apiError } from '../../shared/api';
import type { LiveRoom, RoomRecord, RoomRegistry } from '../rooms';
import type { Actor } from '../auth';
import type { RoomAccess } from '../http';

/** After the conversation, whether anyone but the host may read it back. */
export function othersMayRead(room: RoomRecord): boolean {
  return !room.forbidSharing && (room.allowTranscriptsSaving || room.hostCanSave === true);
}

export function transcriptReadable(room: RoomRecord, actor: Actor, avaId: string | undefined): boolean {
  const host = actor === 'host' || room.hostAvaId === avaId;
  // An owner the host named keeps the transcript, whatever the settings say for others.
  const owner = avaId !== undefined && (room.transcriptOwners ?? []).includes(avaId);
  if (host || owner || room.state !== 'ended') return true;
  return othersMayRead(room);
}

/** What a member reading a room's transcript gets: the live room, and how it sees the status. */
export type MemberReading =
  | { ok: true; room: LiveRoom; viewer: { avaId: string; readonly: boolean } }
  | { ok: false; status: 403 | 404; body: ApiErrorBody };

/**
 * The transcript of the room a request's access check found, as this member may read it: the
 * one rule of the transcript route and its files (403 when the host does not share it).
 */
export async function readAsMember(
  access: RoomAccess,
  avaId: string | undefined,
  registry: Pick<RoomRegistry, 'find'>,
): Promise<MemberReading> {
  if (!transcriptReadable(access.room, access.actor, avaId)) {
    return {
      ok: false,
      status: 403,
      body: apiError('transcript-not-shared', 'The host has not shared this transcript.'),
    };
  }
  const room = await registry.find(access.room.id);
  if (!room) return { ok: false, status: 404, body: apiError('room-not-found', 'No transcript found') };
  const host = access.actor === 'host' || access.room.hostAvaId === avaId;
  return {
    ok: true,
    room,
    viewer: { avaId: avaId ?? '', readonly: access.membership?.readonly === true && !host },
  };
}
