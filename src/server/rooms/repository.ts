/** Rooms: the durable part of a conversation (who hosts it, its names and tokens, its state). */
import type { SessionTier } from '../../shared/session-limits';
import { type Kysely, sql } from 'kysely';
import type { ConversationMode, RoomStateValue } from '../../shared/entities';
import type { Database } from '../db';

export interface RoomRecord {
  id: string;
  /** Null once the room has ended: its name is free for new rooms. */
  name: string | null;
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
  /** The host's sharing settings (spec: confidential, forbid-conversation-sharing). */
  forbidSharing: boolean;
  allowTranscriptsSaving: boolean;
  /** The spec's "host can save": the host's account may save transcripts (absent: no). */
  hostCanSave?: boolean;
  /** Newcomers wait until the host lets them in. */
  admissionRequired: boolean;
  /** The restricted session: its tier and end (absent until the host first connects). */
  session?: { tier: SessionTier; endsAtMs: number };
  /** The host turned members' corrections off (absent: on). */
  editingDisabled?: boolean;
  /**
   * The people the host named to keep the transcript (update-transcript-owner): they may read it
   * back whatever the sharing settings say for others. The host is always one and not listed.
   */
  transcriptOwners?: string[];
}

/** What a member is in a room (the host is one without a row). */
export interface MemberRecord {
  readonly: boolean;
  role: 'participant' | 'scribe';
}

function memberOf(row: { readonly: unknown; role: unknown }): MemberRecord {
  return { readonly: row.readonly === true, role: row.role === 'scribe' ? 'scribe' : 'participant' };
}

type Row = Database['rooms'] extends infer T ? { [K in keyof T]: unknown } : never;

function toRecord(row: Row): RoomRecord {
  return {
    id: String(row.id),
    name: row.name === null || row.name === undefined ? null : String(row.name),
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
    forbidSharing: row.forbid_sharing === true,
    allowTranscriptsSaving: row.allow_transcripts_saving !== false,
    hostCanSave: row.host_can_save === true,
    admissionRequired: row.admission_required === true,
    ...(row.session_ends_at_ms !== null && row.session_ends_at_ms !== undefined
      ? {
          session: {
            tier: row.session_tier === 'premium' ? 'premium' : 'basic',
            endsAtMs: Number(row.session_ends_at_ms),
          },
        }
      : {}),
    editingDisabled: row.editing_disabled === true,
    transcriptOwners: jsonList(row.transcript_owners),
  };
}

/** A JSON array column (PGlite and node-postgres give it parsed; a string is parsed here). */
function jsonList(value: unknown): string[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** What of a room's row changes while it lives (its title, mode, state, session...). */
export type RoomChanges = Partial<
  Pick<
    RoomRecord,
    | 'title'
    | 'conversationMode'
    | 'state'
    | 'endedAtMs'
    | 'allowTranscriptsSaving'
    | 'admissionRequired'
    | 'session'
    | 'editingDisabled'
    | 'transcriptOwners'
  >
>;

export class RoomRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the room; returns false if its name or id is already taken (the caller looks again). */
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
        last_active_ms: room.startTimestampMs,
        state: room.state,
        ended_at_ms: room.endedAtMs,
        ro_token: room.roToken,
        rw_token: room.rwToken,
        forbid_sharing: room.forbidSharing,
        allow_transcripts_saving: room.allowTranscriptsSaving,
        host_can_save: room.hostCanSave === true,
        admission_required: room.admissionRequired,
      })
      // Any clash (the name taken, or the host creating the same room from two windows at once)
      // inserts nothing; the caller looks again.
      .onConflict((oc) => oc.doNothing())
      // The returned row, not the affected-row count: PGlite's driver reports no count, so
      // every create looked like a name clash.
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }

  async find(id: string): Promise<RoomRecord | undefined> {
    const row = await this.db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** Only ongoing rooms have names (an ended room's is released). */
  async findByName(name: string): Promise<RoomRecord | undefined> {
    const row = await this.db
      .selectFrom('rooms')
      .selectAll()
      .where('name', '=', name)
      .where('state', '=', 'ongoing')
      .executeTakeFirst();
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

  async update(id: string, changes: RoomChanges): Promise<void> {
    const values: {
      title?: string;
      conversation_mode?: string;
      state?: string;
      ended_at_ms?: number | null;
      name?: null;
      allow_transcripts_saving?: boolean;
      admission_required?: boolean;
      session_tier?: string;
      session_ends_at_ms?: number;
      editing_disabled?: boolean;
      transcript_owners?: string;
    } = {};
    if (changes.title !== undefined) values.title = changes.title;
    if (changes.conversationMode !== undefined) values.conversation_mode = changes.conversationMode;
    if (changes.state !== undefined) values.state = changes.state;
    // Ending releases the name in the same write, so an ended room is never found by name.
    if (changes.state === 'ended') values.name = null;
    if (changes.endedAtMs !== undefined) values.ended_at_ms = changes.endedAtMs;
    if (changes.allowTranscriptsSaving !== undefined)
      values.allow_transcripts_saving = changes.allowTranscriptsSaving;
    if (changes.admissionRequired !== undefined) values.admission_required = changes.admissionRequired;
    if (changes.session) {
      values.session_tier = changes.session.tier;
      values.session_ends_at_ms = changes.session.endsAtMs;
    }
    if (changes.editingDisabled !== undefined) values.editing_disabled = changes.editingDisabled;
    if (changes.transcriptOwners !== undefined)
      values.transcript_owners = JSON.stringify(changes.transcriptOwners);
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('rooms').set(values).where('id', '=', id).execute();
  }

  /**
   * Remembers that someone joined the room, with the access of the link they came through: they
   * may come back and read its transcript afterwards. A read-write link later presented upgrades
   * a read-only member; nothing downgrades one (the host's links are the host's to share).
   * Access belongs to the role it came with: a change of role (a member the desk makes the room's
   * Scribe, a Scribe whose assignment is over coming back by a link) takes the new role's access,
   * so a Scribe's write access never outlives their assignment.
   */
  async addMember(roomId: string, avaId: string, nowMs: number, member: MemberRecord): Promise<MemberRecord> {
    const row = await this.db
      .insertInto('room_members')
      .values({
        room_id: roomId,
        ava_id: avaId,
        first_joined_ms: nowMs,
        readonly: member.readonly,
        role: member.role,
      })
      .onConflict((oc) =>
        oc.columns(['room_id', 'ava_id']).doUpdateSet({
          readonly: sql<boolean>`case when room_members.role = excluded.role then room_members.readonly and excluded.readonly else excluded.readonly end`,
          role: sql<string>`excluded.role`,
        }),
      )
      // The row as it now stands (an upgrade applied), in the same statement.
      .returning(['readonly', 'role'])
      .executeTakeFirstOrThrow();
    return memberOf(row);
  }

  /** Someone came into the room now. */
  async touch(roomId: string, nowMs: number): Promise<void> {
    await this.db.updateTable('rooms').set({ last_active_ms: nowMs }).where('id', '=', roomId).execute();
  }

  /**
   * Ends the ongoing rooms nobody has come into since `beforeMs`, except `live` ones, releasing
   * their names; returns their ids.
   */
  async endAbandoned(beforeMs: number, nowMs: number, live: readonly string[]): Promise<string[]> {
    let query = this.db
      .updateTable('rooms')
      .set({ state: 'ended', ended_at_ms: nowMs, name: null })
      .where('state', '=', 'ongoing')
      .where('last_active_ms', '<', beforeMs);
    if (live.length > 0) query = query.where('id', 'not in', [...live]);
    const rows = await query.returning('id').execute();
    return rows.map((r) => r.id);
  }

  async membership(roomId: string, avaId: string): Promise<MemberRecord | undefined> {
    const row = await this.db
      .selectFrom('room_members')
      .select(['readonly', 'role'])
      .where('room_id', '=', roomId)
      .where('ava_id', '=', avaId)
      .executeTakeFirst();
    return row ? memberOf(row) : undefined;
  }
}
