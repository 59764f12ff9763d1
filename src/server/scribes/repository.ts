/**
 * Scribe requests and their chat, as stored (migration 2026-11-30-001). The desk
 * (server/scribes/desk.ts) keeps the live ones in memory and writes every change here first, so
 * a restart (or, in a cluster, the node that takes a room over) knows which requests still wait
 * and how much Scribe time was counted; in a cluster, every node's dashboard reads them here.
 */
import type { Kysely } from 'kysely';
import type { ScribeChatMessage } from '../../shared/scribe/api';
import {
  type CorrectionMode,
  type ScribeRequestState,
  type ScribeStanding,
  scribeStandingOf,
} from '../../shared/scribe/model';
import type { Database } from '../db';

export interface ScribeRequestRecord {
  id: string;
  roomId: string;
  requesterAvaId: string;
  requesterName: string;
  correctionMode: CorrectionMode;
  state: ScribeRequestState;
  scribeAvaId?: string;
  scribeName?: string;
  createdAtMs: number;
  acceptedAtMs?: number;
  closedAtMs?: number;
  scribeSeconds: number;
}

type Row = Database['scribe_requests'] extends infer T ? { [K in keyof T]: unknown } : never;

function fromRow(row: Row): ScribeRequestRecord {
  return {
    id: String(row.id),
    roomId: String(row.room_id),
    requesterAvaId: String(row.requester_ava_id),
    requesterName: String(row.requester_name),
    correctionMode: row.correction_mode === 'accurate' ? 'accurate' : 'fast',
    state: row.state as ScribeRequestState,
    ...(row.scribe_ava_id ? { scribeAvaId: String(row.scribe_ava_id) } : {}),
    ...(row.scribe_name ? { scribeName: String(row.scribe_name) } : {}),
    createdAtMs: Number(row.created_at_ms),
    ...(row.accepted_at_ms !== null ? { acceptedAtMs: Number(row.accepted_at_ms) } : {}),
    ...(row.closed_at_ms !== null ? { closedAtMs: Number(row.closed_at_ms) } : {}),
    scribeSeconds: Number(row.scribe_seconds),
  };
}

export class ScribeRequestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(record: ScribeRequestRecord): Promise<void> {
    await this.db
      .insertInto('scribe_requests')
      .values({
        id: record.id,
        room_id: record.roomId,
        requester_ava_id: record.requesterAvaId,
        requester_name: record.requesterName,
        correction_mode: record.correctionMode,
        state: record.state,
        scribe_ava_id: record.scribeAvaId ?? null,
        scribe_name: record.scribeName ?? null,
        created_at_ms: record.createdAtMs,
        accepted_at_ms: record.acceptedAtMs ?? null,
        closed_at_ms: record.closedAtMs ?? null,
        scribe_seconds: record.scribeSeconds,
      })
      .execute();
  }

  async update(
    id: string,
    changes: Partial<
      Pick<
        ScribeRequestRecord,
        | 'state'
        | 'correctionMode'
        | 'scribeAvaId'
        | 'scribeName'
        | 'acceptedAtMs'
        | 'closedAtMs'
        | 'scribeSeconds'
      >
    >,
  ): Promise<void> {
    const set: Record<string, unknown> = {};
    if (changes.state !== undefined) set.state = changes.state;
    if (changes.correctionMode !== undefined) set.correction_mode = changes.correctionMode;
    if (changes.scribeAvaId !== undefined) set.scribe_ava_id = changes.scribeAvaId;
    if (changes.scribeName !== undefined) set.scribe_name = changes.scribeName;
    if (changes.acceptedAtMs !== undefined) set.accepted_at_ms = changes.acceptedAtMs;
    if (changes.closedAtMs !== undefined) set.closed_at_ms = changes.closedAtMs;
    if (changes.scribeSeconds !== undefined) set.scribe_seconds = changes.scribeSeconds;
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('scribe_requests').set(set).where('id', '=', id).execute();
  }

  /** Requests not yet over (pending or connected), oldest first: what a restarted server resumes. */
  async open(): Promise<ScribeRequestRecord[]> {
    const rows = await this.db
      .selectFrom('scribe_requests')
      .selectAll()
      .where('state', 'in', ['pending', 'connected'])
      .orderBy('created_at_ms')
      .execute();
    return rows.map((r) => fromRow(r as Row));
  }

  /** The room's open request (one at a time per room), if any: what the room's new owner takes up. */
  async openOfRoom(roomId: string): Promise<ScribeRequestRecord | undefined> {
    const row = await this.db
      .selectFrom('scribe_requests')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('state', 'in', ['pending', 'connected'])
      .orderBy('created_at_ms')
      .executeTakeFirst();
    return row ? fromRow(row as Row) : undefined;
  }

  async find(id: string): Promise<ScribeRequestRecord | undefined> {
    const row = await this.db
      .selectFrom('scribe_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? fromRow(row as Row) : undefined;
  }

  /**
   * What `avaId` is to this room's Scribe desk (shared/scribe/model.ts scribeStandingOf), read
   * from what is stored: every node of a cluster answers the same, whoever keeps the request.
   */
  async standingOf(roomId: string, avaId: string): Promise<ScribeStanding> {
    const rows = await this.db
      .selectFrom('scribe_requests')
      .select('state')
      .where('room_id', '=', roomId)
      .where('scribe_ava_id', '=', avaId)
      .where('state', 'in', ['connected', 'removed'])
      .execute();
    return scribeStandingOf(rows.map((r) => r.state as ScribeRequestState));
  }

  async addChat(message: ScribeChatMessage): Promise<void> {
    await this.db
      .insertInto('scribe_chat_messages')
      .values({
        request_id: message.requestId,
        from_ava_id: message.fromAvaId,
        from_role: message.fromRole,
        text: message.text,
        at_ms: message.atMs,
      })
      .execute();
  }

  async chat(requestId: string): Promise<ScribeChatMessage[]> {
    const rows = await this.db
      .selectFrom('scribe_chat_messages')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      requestId: r.request_id,
      fromAvaId: r.from_ava_id,
      fromRole: r.from_role === 'scribe' ? 'scribe' : 'requester',
      text: r.text,
      atMs: Number(r.at_ms),
    }));
  }
}
