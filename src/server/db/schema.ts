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
  /** NULL once the room has ended: names are released for new rooms. */
  name: string | null;
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
  admission_required: Generated<boolean>;
  editing_disabled: Generated<boolean>;
  last_active_ms: Generated<number>;
  forbid_sharing: Generated<boolean>;
  allow_transcripts_saving: Generated<boolean>;
  /** Caption indexes below this are used or reserved (never handed out again). */
  next_index: Generated<number>;
  /** The room's last stored transcript change (its sequence number). */
  last_seq: Generated<number>;
  /** Its words normalised for search, once ended (history/saved-transcripts). */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its conversation metrics were added to its members' counters. */
  metrics_counted: Generated<boolean>;
  /** The host's account may save transcripts (the spec's "host can save"). */
  host_can_save: Generated<boolean>;
  /** The people the host named to keep the transcript (JSON array of avaIds; the host is not listed). */
  transcript_owners: ColumnType<string[], string | undefined, string>;
  /** The restricted session's tier and end (shared/session-limits.ts); NULL until the host connects. */
  session_tier: ColumnType<string | null, string | null | undefined, string | null>;
  session_ends_at_ms: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One person's entry in their history (the spec's Saved transcript). */
export interface SavedTranscriptsTable {
  ava_id: string;
  room_id: string;
  /** Their own title for it; null: the room's. */
  title: string | null;
  title_search: string | null;
  saved_at_ms: Millis;
}

export interface ConversationRatingsTable {
  room_id: string;
  ava_id: string;
  stars: number;
  comment: string | null;
  rated_at_ms: Millis;
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
  /** The room's sequence number of this row's last change (gapless per room, unique). */
  seq: number;
  /** A gap marker's end (its start is timestamp_ms); null for a caption. */
  gap_to_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whose microphone or keyboard made a line now given to another speaker; null: the author's own. */
  source_author: ColumnType<string | null, string | null | undefined, string | null>;
  /** The line was decoded from held audio (Transcript.late); null or false: captioned live. */
  captioned_late: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** A final's translations (StoredTranslations as JSON); null when it has none. */
  translations: ColumnType<unknown, string | null | undefined, string | null>;
  /** People's corrections of the line (StoredCorrections as JSON); null when nobody corrected it. */
  corrections: ColumnType<unknown, string | null | undefined, string | null>;
}

/** A room's voicing speakers (shared/speakers.ts): named in the room, no device of their own. */
export interface RoomSpeakersTable {
  room_id: string;
  speaker_id: string;
  name: string;
  /** Made by speaker identification ("Speaker 2") rather than named by a person. */
  identified: Generated<boolean>;
  /** The person who said this speaker was them (assign-voicing-speaker-myself). */
  claimed_by: string | null;
  created_at_ms: Millis;
}

export interface RoomMembersTable {
  room_id: string;
  ava_id: string;
  first_joined_ms: Millis;
  readonly: Generated<boolean>;
  role: Generated<string>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at_ms: Millis;
}

type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

export interface UsersTable {
  ava_id: string;
  firebase_auth_uid: string;
  ava_name: string;
  user_name: string;
  account_type: string;
  emails: Json<unknown>;
  phone_number: string | null;
  user_photo: string | null;
  organization: NullableJson<unknown>;
  organization_id: string | null;
  country: string | null;
  city: string | null;
  convo_metrics: Json<unknown>;
  hearing_profile: number | null;
  voicing_profile: string | null;
  tts_voice: string | null;
  tts_gender: string | null;
  role: string | null;
  org_properties: NullableJson<unknown>;
  features: Json<unknown>;
  subscription: Json<unknown>;
  scribe_remaining_time: Millis;
  paid_asr_credit_time: Millis;
  settings: Json<unknown>;
  invite_metrics: Json<unknown>;
  join_metrics: Json<unknown>;
  channel: string | null;
  created_at_ms: Millis;
  updated_at_ms: Millis;
}

export interface ClientLogsTable {
  id: Generated<number>;
  received_at_ms: Millis;
  ava_id: string | null;
  tag: string;
  msg: string;
  level: string;
  extra: NullableJson<unknown>;
  os: string;
  app: string;
  browser: string;
  device: string;
  timestamp_ms: Millis;
}

/** Report a problem (shared/problem-reports.ts): one row per report. */
export interface ProblemReportsTable {
  id: Generated<number>;
  ava_id: string;
  user_name: string | null;
  /** The author's organisation when they reported (its admin lists them); NULL for guests. */
  organization_id: string | null;
  category: string;
  description: string;
  room_id: string | null;
  reported_at_ms: Millis;
}

export interface Database {
  server_secrets: ServerSecretsTable;
  users: UsersTable;
  client_logs: ClientLogsTable;
  problem_reports: ProblemReportsTable;
  room_members: RoomMembersTable;
  guest_users: GuestUsersTable;
  rooms: RoomsTable;
  transcripts: TranscriptsTable;
  room_speakers: RoomSpeakersTable;
  saved_transcripts: SavedTranscriptsTable;
  conversation_ratings: ConversationRatingsTable;
  smart_recaps: ReportTable;
  caption_quality_reports: ReportTable;
  transcript_share_links: TranscriptShareLinksTable;
  conversation_usage: ConversationUsageTable;
  organizations: OrganizationsTable;
  organization_invitations: OrganizationInvitationsTable;
  organization_joins_by_name: OrganizationJoinsByNameTable;
  licences: LicencesTable;
  payment_events: PaymentEventsTable;
  user_credits: UserCreditsTable;
  scribe_requests: ScribeRequestsTable;
  scribe_chat_messages: ScribeChatMessagesTable;
  user_boost_words: UserBoostWordsTable;
  cluster_room_calls: ClusterRoomCallsTable;
  cluster_room_bots: ClusterRoomBotsTable;
}

/** A live room's phone call, for the node that takes the room over (cluster mode). */
export interface ClusterRoomCallsTable {
  token: string;
  room_id: string;
  sid: string;
  member_ava_id: string;
  request: Json<unknown>;
  started_at_ms: Millis;
  answered: boolean;
  status: string;
  reason: string | null;
}

/** A live room's meeting bot, for the node that takes the room over (cluster mode). */
export interface ClusterRoomBotsTable {
  token: string;
  room_id: string;
  bot_id: string;
  member_ava_id: string;
  member_name: string;
  meeting_url: string;
  speech_lang: string;
  status: Json<unknown>;
  in_call: boolean;
  ended: boolean;
}

/** One person's caption time in one ended conversation (shared/usage-report.ts). */
export interface ConversationUsageTable {
  room_id: string;
  ava_id: string;
  organization_id: string | null;
  started_at_ms: Millis;
  basic_ms: Millis;
  premium_ms: Millis;
  scribe_ms: Millis;
  words: number;
}

/** A person's credits in milliseconds (shared/credits.ts). */
export interface UserCreditsTable {
  ava_id: string;
  scribe_credit: Generated<number>;
  extra_premium_asr_credit: Generated<number>;
  recurring_premium_asr_credit: Generated<number>;
  updated_at_ms: Millis;
}

/** An organisation (shared/organizations.ts); its members are users rows with its id. */
export interface OrganizationsTable {
  id: string;
  name: string;
  name_key: string;
  type: string;
  place_id: string | null;
  address: string | null;
  size: string | null;
  accessibility_services: ColumnType<unknown, string | undefined, string>;
  admin_ava_id: string | null;
  stripe_customer_id: string | null;
  created_at_ms: Millis;
  /** The organisation vocabulary (shared/workspace.ts), a JSON array of words. */
  vocabulary: ColumnType<unknown, string | undefined, string>;
  /** Scribe minutes per member per month; null: no limit. */
  scribe_limit_minutes: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * Someone who joined an organisation by naming it; `seen` once an admin has seen it on the
 * members page (issue 29 F-15).
 */
export interface OrganizationJoinsByNameTable {
  organization_id: string;
  ava_id: string;
  joined_at_ms: Millis;
  seen: Generated<boolean>;
}

/** An invitation by email to join an organisation, waiting until that person accepts it. */
export interface OrganizationInvitationsTable {
  organization_id: string;
  email: string;
  role: string;
  invited_by: string;
  created_at_ms: Millis;
}

/** One licence (shared/licences.ts); the rows of one purchase share purchase_id. */
export interface LicencesTable {
  id: string;
  organization_id: string;
  purchase_id: string;
  offer_id: string;
  type: string;
  plan: string;
  interval: string;
  count: number;
  end_date_ms: Millis;
  auto_renewal: boolean;
  trial: boolean;
  recipient: string | null;
  language: string | null;
  assigned_ava_id: string | null;
  assigned_email: string | null;
  has_updated: Generated<boolean>;
  created_at_ms: Millis;
  /** Set when the admin cancelled this licence alone: it left its subscription's quantity. */
  cancelled_at_ms: Millis | null;
}

/** A payment provider event applied once (webhook idempotency). */
export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at_ms: Millis;
}

/** A report made once for an ended room (smart recap, caption quality), its body as JSON. */
export interface ReportTable {
  room_id: string;
  body: Json<unknown>;
  created_at_ms: Millis;
}

/** An ended room whose host shares a read-only link to its transcript. */
export interface TranscriptShareLinksTable {
  room_id: string;
  shared_at_ms: Millis;
}

/** A Scribe request (shared/scribe/model.ts) and, once accepted, its Scribe and counted time. */
export interface ScribeRequestsTable {
  id: string;
  room_id: string;
  requester_ava_id: string;
  requester_name: string;
  correction_mode: string;
  state: string;
  scribe_ava_id: string | null;
  scribe_name: string | null;
  created_at_ms: Millis;
  accepted_at_ms: ColumnType<number | null, number | null, number | null>;
  closed_at_ms: ColumnType<number | null, number | null, number | null>;
  scribe_seconds: ColumnType<number, number | undefined, number>;
}

/** One chat message between a Scribe and the person who asked for them. */
export interface ScribeChatMessagesTable {
  seq: Generated<string>;
  request_id: string;
  from_ava_id: string;
  from_role: string;
  text: string;
  at_ms: Millis;
}

/** A person's boost words (boost/repository.ts). */
export interface UserBoostWordsTable {
  ava_id: string;
  words: ColumnType<string[], string, string>;
  updated_at_ms: Millis;
}
