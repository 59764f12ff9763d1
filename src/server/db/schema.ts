/**
 * Table types for Kysely. Column names are snake_case in SQL; the repositories map them to the
 * spec's entity fields.
 */
import type { ColumnType, Generated } from 'kysely';

/** bigint columns come back from PostgreSQL as strings or numbers depending on the driver. */
type Millis = ColumnType<number, number, number>;

export interface GuestUsersTable {
  ava_id: string;
  ava_name: string;
  user_name: string;
  account_type: string;
  created_at_ms: Millis;
}

export interface RoomsTable {
  id: string;
  name: string;
  host_ava_id: string;
  host_ava_name: string;
  title: string;
  langs: ColumnType<string[], string, string>;
  conversation_mode: string;
  start_timestamp_ms: Millis;
  state: string;
  ended_at_ms: ColumnType<number | null, number | null, number | null>;
  ro_token: string;
  rw_token: string;
}

export interface TranscriptsTable {
  room_id: string;
  id: string;
  idx: number;
  author: string;
  author_show: string;
  origin: string;
  speech_lang: string;
  text: string;
  engine: string;
  words: ColumnType<unknown, string, string>;
  timestamp_ms: Millis;
  time_received_ms: Millis;
  t0: number;
  track_name: string;
  use_paid_asr: boolean;
  seq: Generated<number>;
}

export interface RoomMembersTable {
  room_id: string;
  ava_id: string;
  first_joined_ms: Millis;
}

export interface Database {
  room_members: RoomMembersTable;
  guest_users: GuestUsersTable;
  rooms: RoomsTable;
  transcripts: TranscriptsTable;
}
