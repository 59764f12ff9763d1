/**
 * Live rooms' phone calls as stored in cluster mode (migration 2026-12-21-cluster-002): what
 * the node that takes a room over needs to go on with its call (phone-calls/room-calls.ts): the
 * token the call's callbacks and stream prove themselves with, the provider's sid, who the call
 * speaks as, what was asked, and how far it got. Written by the room's owner as the call moves.
 */
import type { Kysely } from 'kysely';
import type { PhoneCallEndReason, PhoneCallStatus, StartPhoneCallRequest } from '../../shared/phone-calls';
import type { Database } from '../db';
import type { MediaParticipantStore, StoredMediaParticipant } from '../media-participants';

export interface StoredPhoneCall extends StoredMediaParticipant {
  sid: string;
  request: StartPhoneCallRequest;
  startedAtMs: number;
  answered: boolean;
  status: PhoneCallStatus;
  reason?: PhoneCallEndReason;
}

export type PhoneCallChanges = Pick<StoredPhoneCall, 'answered' | 'status' | 'reason'>;

/** What PhoneCalls writes and reads; `ofRoom`: the room's calls, in the order they were placed. */
export type PhoneCallStore = MediaParticipantStore<StoredPhoneCall, PhoneCallChanges>;

export class PhoneCallRepository implements PhoneCallStore {
  constructor(private readonly db: Kysely<Database>) {}

  async save(call: StoredPhoneCall): Promise<void> {
    await this.db
      .insertInto('cluster_room_calls')
      .values({
        token: call.token,
        room_id: call.roomId,
        sid: call.sid,
        member_ava_id: call.memberAvaId,
        request: JSON.stringify(call.request),
        started_at_ms: call.startedAtMs,
        answered: call.answered,
        status: call.status,
        reason: call.reason ?? null,
      })
      .onConflict((oc) => oc.column('token').doNothing())
      .execute();
  }

  async update(token: string, changes: PhoneCallChanges): Promise<void> {
    await this.db
      .updateTable('cluster_room_calls')
      .set({ answered: changes.answered, status: changes.status, reason: changes.reason ?? null })
      .where('token', '=', token)
      .execute();
  }

  async ofRoom(roomId: string): Promise<StoredPhoneCall[]> {
    const rows = await this.db
      .selectFrom('cluster_room_calls')
      .selectAll()
      .where('room_id', '=', roomId)
      .orderBy('started_at_ms')
      .execute();
    return rows.map((row) => ({
      token: row.token,
      roomId: row.room_id,
      sid: row.sid,
      memberAvaId: row.member_ava_id,
      request: row.request as StartPhoneCallRequest,
      startedAtMs: Number(row.started_at_ms),
      answered: row.answered,
      status: row.status as PhoneCallStatus,
      ...(row.reason ? { reason: row.reason as PhoneCallEndReason } : {}),
    }));
  }
}
