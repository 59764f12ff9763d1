/** Rooms: the durable part of a conversation (who hosts it, its names and tokens, its state). */
import type { Kysely } from 'kysely';
import type { ConversationMode, RoomStateValue } from '../../shared/entities';
import type { Database } from './schema';

export interface RoomRecord {
  id: string;
  name: string;
  hostAvaId: string;
  hostAvaName: string;
  title: string;
  langs: string[];
  conversationMode: ConversationMode;
  startTimestampMs: number;
  state: RoomStateValue;
  endedAtMs: number | null;
  roToken: string;
  rwToken: string;
}

type Row = Database['rooms'] extends infer T ? { [K in keyof T]: unknown } : never;

function toRecord(row: Row): RoomRecord {
  return {
    id: String(row.id),
    name: String(row.name),
    hostAvaId: String(row.host_ava_id),
    hostAvaName: String(row.host_ava_name),
    title: String(row.title),
    langs: typeof row.langs === 'string' ? (JSON.parse(row.langs) as string[]) : (row.langs as string[]),
    conversationMode: row.conversation_mode as ConversationMode,
    startTimestampMs: Number(row.start_timestamp_ms),
    state: row.state as RoomStateValue,
    endedAtMs: row.ended_at_ms === null ? null : Number(row.ended_at_ms),
    roToken: String(row.ro_token),
    rwToken: String(row.rw_token),
  };
}

export class RoomRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the room; returns false if the name is already taken (the caller picks another). */
  async create(room: RoomRecord): Promise<boolean> {
    const result = await this.db
      .insertInto('rooms')
      .values({
        id: room.id,
        name: room.name,
        host_ava_id: room.hostAvaId,
        host_ava_name: room.hostAvaName,
        title: room.title,
        langs: JSON.stringify(room.langs),
        conversation_mode: room.conversationMode,
        start_timestamp_ms: room.startTimestampMs,
        state: room.state,
        ended_at_ms: room.endedAtMs,
        ro_token: room.roToken,
        rw_token: room.rwToken,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async find(id: string): Promise<RoomRecord | undefined> {
    const row = await this.db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async findByName(name: string): Promise<RoomRecord | undefined> {
    const row = await this.db.selectFrom('rooms').selectAll().where('name', '=', name).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async findByToken(token: string): Promise<{ room: RoomRecord; readonly: boolean } | undefined> {
    const row = await this.db
      .selectFrom('rooms')
      .selectAll()
      .where((eb) => eb.or([eb('ro_token', '=', token), eb('rw_token', '=', token)]))
      .executeTakeFirst();
    if (!row) return undefined;
    return { room: toRecord(row), readonly: row.ro_token === token };
  }

  async update(
    id: string,
    changes: Partial<Pick<RoomRecord, 'title' | 'conversationMode' | 'state' | 'endedAtMs'>>,
  ): Promise<void> {
    const values: {
      title?: string;
      conversation_mode?: string;
      state?: string;
      ended_at_ms?: number | null;
    } = {};
    if (changes.title !== undefined) values.title = changes.title;
    if (changes.conversationMode !== undefined) values.conversation_mode = changes.conversationMode;
    if (changes.state !== undefined) values.state = changes.state;
    if (changes.endedAtMs !== undefined) values.ended_at_ms = changes.endedAtMs;
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('rooms').set(values).where('id', '=', id).execute();
  }

  /** Remembers that someone was in the room: they may read its transcript afterwards. */
  async addMember(roomId: string, avaId: string, nowMs: number): Promise<void> {
    await this.db
      .insertInto('room_members')
      .values({ room_id: roomId, ava_id: avaId, first_joined_ms: nowMs })
      .onConflict((oc) => oc.columns(['room_id', 'ava_id']).doNothing())
      .execute();
  }

  async isMember(roomId: string, avaId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('room_members')
      .select('ava_id')
      .where('room_id', '=', roomId)
      .where('ava_id', '=', avaId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
