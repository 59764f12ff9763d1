/**
 * Schema migrations, in order. Each is applied once, in a transaction, by Kysely's Migrator,
 * which records them in its own table; a new migration is appended here, never edited.
 */
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

const migrations: Record<string, Migration> = {
  '2026-11-20-001-guests-rooms-transcripts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('guest_users')
        .addColumn('ava_id', 'text', (c) => c.primaryKey())
        .addColumn('ava_name', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('account_type', 'text', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('rooms')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('host_ava_id', 'text', (c) => c.notNull())
        .addColumn('host_ava_name', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('langs', 'jsonb', (c) => c.notNull())
        .addColumn('conversation_mode', 'text', (c) => c.notNull())
        .addColumn('start_timestamp_ms', 'bigint', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('ended_at_ms', 'bigint')
        .addColumn('ro_token', 'text', (c) => c.notNull().unique())
        .addColumn('rw_token', 'text', (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createTable('transcripts')
        .addColumn('seq', 'bigserial')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('author_show', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('speech_lang', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('engine', 'text', (c) => c.notNull())
        .addColumn('words', 'jsonb', (c) => c.notNull())
        .addColumn('timestamp_ms', 'bigint', (c) => c.notNull())
        .addColumn('time_received_ms', 'bigint', (c) => c.notNull())
        .addColumn('t0', 'integer', (c) => c.notNull())
        .addColumn('track_name', 'text', (c) => c.notNull())
        .addColumn('use_paid_asr', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('transcripts_pk', ['room_id', 'id'])
        .execute();
      await db.schema
        .createTable('room_members')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('ava_id', 'text', (c) => c.notNull())
        .addColumn('first_joined_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_members_pk', ['room_id', 'ava_id'])
        .execute();
      await db.schema
        .createIndex('transcripts_room_idx')
        .on('transcripts')
        .columns(['room_id', 'idx'])
        .execute();
      await db.schema.createIndex('rooms_host_idx').on('rooms').column('host_ava_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists room_members, transcripts, rooms, guest_users`.execute(db);
    },
  },
  '2026-11-21-002-users-client-logs': {
    async up(db: Kysely<unknown>) {
      // One row per account (the spec's User profile); JSON columns hold its nested fields.
      await db.schema
        .createTable('users')
        .addColumn('ava_id', 'text', (c) => c.primaryKey())
        .addColumn('firebase_auth_uid', 'text', (c) => c.notNull().unique())
        .addColumn('ava_name', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('account_type', 'text', (c) => c.notNull())
        .addColumn('emails', 'jsonb', (c) => c.notNull())
        .addColumn('phone_number', 'text')
        .addColumn('user_photo', 'text')
        .addColumn('organization', 'jsonb')
        .addColumn('organization_id', 'text')
        .addColumn('country', 'text')
        .addColumn('city', 'text')
        .addColumn('convo_metrics', 'jsonb', (c) => c.notNull())
        .addColumn('hearing_profile', 'integer')
        .addColumn('voicing_profile', 'text')
        .addColumn('tts_voice', 'text')
        .addColumn('role', 'text')
        .addColumn('org_properties', 'jsonb')
        .addColumn('features', 'jsonb', (c) => c.notNull())
        .addColumn('subscription', 'jsonb', (c) => c.notNull())
        .addColumn('scribe_remaining_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('paid_asr_credit_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('settings', 'jsonb', (c) => c.notNull())
        .addColumn('invite_metrics', 'jsonb', (c) => c.notNull())
        .addColumn('join_metrics', 'jsonb', (c) => c.notNull())
        .addColumn('channel', 'text')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('client_logs')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('received_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('ava_id', 'text')
        .addColumn('tag', 'text', (c) => c.notNull())
        .addColumn('msg', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('extra', 'jsonb')
        .addColumn('os', 'text', (c) => c.notNull())
        .addColumn('app', 'text', (c) => c.notNull())
        .addColumn('browser', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('timestamp_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('client_logs_received_idx')
        .on('client_logs')
        .column('received_at_ms')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists client_logs, users`.execute(db);
    },
  },
  '2026-11-24-003-trust': {
    async up(db: Kysely<unknown>) {
      // The key that signs guest credentials: made once, shared by every server on the database.
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      // A member keeps the access of the link they came through (read-only or read-write).
      await db.schema
        .alterTable('room_members')
        .addColumn('readonly', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .alterTable('room_members')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('participant'))
        .execute();
      // A room's public name is released when it ends (NULL), so names do not run out and an
      // ended room cannot be found by name; old links keep working by token, for members.
      await sql`alter table rooms alter column name drop not null`.execute(db);
      await db.schema
        .alterTable('rooms')
        .addColumn('admission_required', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('forbid_sharing', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('allow_transcripts_saving', 'boolean', (c) => c.notNull().defaultTo(true))
        .execute();
      await db.schema
        .createIndex('rooms_host_state_idx')
        .on('rooms')
        .columns(['host_ava_id', 'state'])
        .execute();
      // Rooms that ended before names were released give their names back now.
      await sql`update rooms set name = null where state = 'ended'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists server_secrets`.execute(db);
    },
  },
  '2026-11-24-004-transcript-sequence': {
    async up(db: Kysely<unknown>) {
      // Counters kept with the room, moved forward in the same transaction as the rows they
      // number: next_index (caption order, reserved ahead of use and never reused after a
      // restart) and last_seq (the room's sequence of stored changes, which clients follow to
      // notice a missed message and ask for it).
      await db.schema
        .alterTable('rooms')
        .addColumn('next_index', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // transcripts.seq was one counter for the whole server; it becomes the room's own, numbered
      // in the order the rows were written.
      await sql`alter table transcripts rename column seq to global_seq`.execute(db);
      await db.schema.alterTable('transcripts').addColumn('seq', 'integer').execute();
      await sql`
        update transcripts t set seq = n.rn
        from (
          select room_id, id, row_number() over (partition by room_id order by global_seq) as rn
          from transcripts
        ) n
        where t.room_id = n.room_id and t.id = n.id
      `.execute(db);
      await sql`alter table transcripts alter column seq set not null`.execute(db);
      await sql`alter table transcripts drop column global_seq`.execute(db);
      await sql`
        update rooms set
          next_index = coalesce((select max(idx) + 1 from transcripts where room_id = rooms.id), 0),
          last_seq = coalesce((select max(seq) from transcripts where room_id = rooms.id), 0)
      `.execute(db);
      // One change, one number: a bug that gave two rows the same seq fails instead of hiding.
      await db.schema
        .createIndex('transcripts_room_seq_idx')
        .on('transcripts')
        .columns(['room_id', 'seq'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index if exists transcripts_room_seq_idx`.execute(db);
      await sql`alter table rooms drop column if exists next_index`.execute(db);
      await sql`alter table rooms drop column if exists last_seq`.execute(db);
    },
  },
  '2026-11-24-005-room-activity': {
    async up(db: Kysely<unknown>) {
      // When someone last came into the room: a room nobody has come into for hours is ended by
      // the sweep (rooms/abandoned.ts), which releases its name; names would otherwise run out.
      await db.schema
        .alterTable('rooms')
        .addColumn('last_active_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update rooms set last_active_ms = start_timestamp_ms`.execute(db);
      await db.schema
        .createIndex('rooms_ongoing_activity_idx')
        .on('rooms')
        .columns(['state', 'last_active_ms'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index if exists rooms_ongoing_activity_idx`.execute(db);
      await sql`alter table rooms drop column if exists last_active_ms`.execute(db);
    },
  },
  '2026-11-25-006-transcript-gaps': {
    async up(db: Kysely<unknown>) {
      // A gap marker (rooms/gaps.ts) is a row with no text whose span ends here: speech that was
      // lost while the speaker's connection was down, shown to every reader of the transcript.
      await db.schema.alterTable('transcripts').addColumn('gap_to_ms', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table transcripts drop column if exists gap_to_ms`.execute(db);
    },
  },
  '2026-11-26-007-speakers': {
    async up(db: Kysely<unknown>) {
      // Who said what (issue 11): a line given to another speaker keeps whose microphone or
      // keyboard made it (that person may still change it), and the room's voicing speakers,
      // people named in the room who have no device, outlive a restart even before any line is
      // theirs. A claimed one (assign-voicing-speaker-myself) names the person it was.
      await db.schema.alterTable('transcripts').addColumn('source_author', 'text').execute();
      await db.schema
        .createTable('room_speakers')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('speaker_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('identified', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('claimed_by', 'text')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_speakers_pk', ['room_id', 'speaker_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists room_speakers`.execute(db);
      await sql`alter table transcripts drop column if exists source_author`.execute(db);
    },
  },
  '2026-11-26-008-tts-gender-preference': {
    async up(db: Kysely<unknown>) {
      // The voice gender a person prefers (tts-gender-preference): their voice when none is chosen.
      await db.schema.alterTable('users').addColumn('tts_gender', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table users drop column if exists tts_gender`.execute(db);
    },
  },
  '2026-11-26-009-transcript-translations': {
    async up(db: Kysely<unknown>) {
      // A final's translations (rooms/translator.ts), stored after the original: the texts by
      // reading language, the original's length each was made from, and the languages that
      // failed. Null for a final nobody read in another language.
      await db.schema.alterTable('transcripts').addColumn('translations', 'jsonb').execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table transcripts drop column if exists translations`.execute(db);
    },
  },
  '2026-11-27-008-saved-transcripts-ratings': {
    async up(db: Kysely<unknown>) {
      // The spec's saved transcript: one person's entry for one conversation in their history
      // (title: their own name for it, null for the room's). Deleting removes the row itself.
      await db.schema
        .createTable('saved_transcripts')
        .addColumn('ava_id', 'text', (c) => c.notNull())
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('title', 'text')
        .addColumn('title_search', 'text')
        .addColumn('saved_at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('saved_transcripts_pk', ['ava_id', 'room_id'])
        .execute();
      await db.schema
        .createIndex('saved_transcripts_room_idx')
        .on('saved_transcripts')
        .column('room_id')
        .execute();
      // One rating per conversation per person: the key refuses a second.
      await db.schema
        .createTable('conversation_ratings')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('ava_id', 'text', (c) => c.notNull())
        .addColumn('stars', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('rated_at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('conversation_ratings_pk', ['room_id', 'ava_id'])
        .execute();
      // The words of an ended conversation, normalised for search (shared/saved-transcripts.ts),
      // written once it has ended; and whether its metrics were counted (once per conversation).
      await db.schema.alterTable('rooms').addColumn('search_text', 'text').execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('metrics_counted', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      // The host's account may save transcripts (its saveTranscript flag, when it does not also
      // forbid saving): the spec's "host can save", which lets others read a conversation back
      // even when the conversation itself does not allow saving.
      await db.schema
        .alterTable('rooms')
        .addColumn('host_can_save', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      // Conversations that ended before metrics existed are not counted afterwards.
      await sql`update rooms set metrics_counted = true where state = 'ended'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists conversation_ratings, saved_transcripts`.execute(db);
      await sql`alter table rooms drop column if exists search_text`.execute(db);
      await sql`alter table rooms drop column if exists metrics_counted`.execute(db);
      await sql`alter table rooms drop column if exists host_can_save`.execute(db);
    },
  },
  '2026-11-28-013-recaps-quality-share-links': {
    async up(db: Kysely<unknown>) {
      // An ended conversation's smart recap and caption quality report, each made once and kept
      // (shared/recap); and whether its host shares a read-only link to its transcript. All go
      // with the room when the host deletes it.
      for (const table of ['smart_recaps', 'caption_quality_reports'] as const) {
        await db.schema
          .createTable(table)
          .addColumn('room_id', 'text', (c) => c.primaryKey().references('rooms.id').onDelete('cascade'))
          .addColumn('body', 'jsonb', (c) => c.notNull())
          .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
          .execute();
      }
      await db.schema
        .createTable('transcript_share_links')
        .addColumn('room_id', 'text', (c) => c.primaryKey().references('rooms.id').onDelete('cascade'))
        .addColumn('shared_at_ms', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists smart_recaps, caption_quality_reports, transcript_share_links`.execute(
        db,
      );
    },
  },
  '2026-12-05-001-restricted-sessions': {
    async up(db: Kysely<unknown>) {
      // The restricted session (shared/session-limits.ts): the tier the conversation's limit
      // follows and when it ends, set when its host first connects and moved by prolonging, so a
      // restarted server ends it at the same moment.
      await db.schema.alterTable('rooms').addColumn('session_tier', 'text').execute();
      await db.schema.alterTable('rooms').addColumn('session_ends_at_ms', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table rooms drop column if exists session_tier`.execute(db);
      await sql`alter table rooms drop column if exists session_ends_at_ms`.execute(db);
    },
  },
  '2026-12-05-002-conversation-usage': {
    async up(db: Kysely<unknown>) {
      // Workspace reporting (shared/usage-report.ts): what each ended conversation added to each
      // person's caption time, with their organisation then, so an admin's report is one indexed
      // aggregation. Numbers only, no words said: kept when a conversation is deleted, as
      // billing figures are.
      await db.schema
        .createTable('conversation_usage')
        .addColumn('room_id', 'text', (c) => c.notNull())
        .addColumn('ava_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text')
        .addColumn('started_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('basic_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('premium_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('scribe_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('words', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('conversation_usage_pk', ['room_id', 'ava_id'])
        .execute();
      // The report's only access path: one organisation over a period.
      await db.schema
        .createIndex('conversation_usage_org_time_idx')
        .on('conversation_usage')
        .columns(['organization_id', 'started_at_ms'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists conversation_usage`.execute(db);
    },
  },
  '2026-12-02-014-organizations-licences': {
    async up(db: Kysely<unknown>) {
      // Organisations (accounts.md section 3). name_key is the name as search matches it
      // (shared/organizations.ts normaliseSearch): unique, so two organisations cannot share a name.
      await db.schema
        .createTable('organizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('place_id', 'text')
        .addColumn('address', 'text')
        .addColumn('size', 'text')
        .addColumn('accessibility_services', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        // One admin per organisation: the column holds it, the unique index refuses a second.
        .addColumn('admin_ava_id', 'text', (c) => c.unique())
        .addColumn('stripe_customer_id', 'text', (c) => c.unique())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      // One row per licence (a seat); a purchase of n licences is n rows sharing purchase_id.
      await db.schema
        .createTable('licences')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('purchase_id', 'text', (c) => c.notNull())
        .addColumn('offer_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('interval', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('end_date_ms', 'bigint', (c) => c.notNull())
        .addColumn('auto_renewal', 'boolean', (c) => c.notNull())
        .addColumn('trial', 'boolean', (c) => c.notNull())
        .addColumn('recipient', 'text')
        .addColumn('language', 'text')
        .addColumn('assigned_ava_id', 'text')
        .addColumn('assigned_email', 'text')
        .addColumn('has_updated', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('licences_org_idx').on('licences').column('organization_id').execute();
      await db.schema.createIndex('licences_purchase_idx').on('licences').column('purchase_id').execute();
      await db.schema.createIndex('licences_recipient_idx').on('licences').column('recipient').execute();
      await db.schema.createIndex('licences_assigned_idx').on('licences').column('assigned_ava_id').execute();
      // Payment provider events already applied: a webhook delivered twice changes nothing.
      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at_ms', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists payment_events, licences, organizations`.execute(db);
    },
  },
  '2026-12-02-015-user-credits': {
    async up(db: Kysely<unknown>) {
      // Credits in milliseconds (shared/credits.ts); a person without a row has none.
      await db.schema
        .createTable('user_credits')
        .addColumn('ava_id', 'text', (c) => c.primaryKey())
        .addColumn('scribe_credit', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('extra_premium_asr_credit', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('recurring_premium_asr_credit', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists user_credits`.execute(db);
    },
  },
  '2026-11-29-014-transcript-corrections': {
    async up(db: Kysely<unknown>) {
      // People's corrections of a line (docs/editing.md): its version, the runs they typed
      // (highlighted), its latest mutations (a resend after a restart is still applied once) and
      // the recogniser's own text (caption quality measures it against the corrected one). The
      // corrected text itself is the row's text. And whether the host turned members' editing off.
      await db.schema.alterTable('transcripts').addColumn('corrections', 'jsonb').execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('editing_disabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table transcripts drop column if exists corrections`.execute(db);
      await sql`alter table rooms drop column if exists editing_disabled`.execute(db);
    },
  },
  '2026-11-30-001-scribe-requests': {
    async up(db: Kysely<unknown>) {
      // Scribe requests (shared/scribe/model.ts): who asked, in which room, in which mode, which
      // Scribe served and for how many seconds (what the licences' credit logic will charge),
      // and the chat between them. They go with the room when its host deletes it.
      await db.schema
        .createTable('scribe_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('requester_ava_id', 'text', (c) => c.notNull())
        .addColumn('requester_name', 'text', (c) => c.notNull())
        .addColumn('correction_mode', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('scribe_ava_id', 'text')
        .addColumn('scribe_name', 'text')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('accepted_at_ms', 'bigint')
        .addColumn('closed_at_ms', 'bigint')
        .addColumn('scribe_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('scribe_requests_state').on('scribe_requests').column('state').execute();
      await db.schema
        .createTable('scribe_chat_messages')
        .addColumn('seq', 'bigserial', (c) => c.primaryKey())
        .addColumn('request_id', 'text', (c) =>
          c.notNull().references('scribe_requests.id').onDelete('cascade'),
        )
        .addColumn('from_ava_id', 'text', (c) => c.notNull())
        .addColumn('from_role', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('at_ms', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists scribe_chat_messages, scribe_requests`.execute(db);
    },
  },
  '2026-12-11-001-workspace': {
    async up(db: Kysely<unknown>) {
      // Workspace admin (shared/workspace.ts): the organisation vocabulary and the Scribe limit
      // its admin sets, and invitations by email waiting for the person to sign in.
      await db.schema
        .alterTable('organizations')
        .addColumn('vocabulary', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
      await db.schema.alterTable('organizations').addColumn('scribe_limit_minutes', 'integer').execute();
      await db.schema
        .createTable('organization_invitations')
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'text', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('organization_invitations_pk', ['organization_id', 'email'])
        .execute();
      await db.schema
        .createIndex('organization_invitations_email_idx')
        .on('organization_invitations')
        .column('email')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists organization_invitations`.execute(db);
      await sql`alter table organizations drop column if exists vocabulary`.execute(db);
      await sql`alter table organizations drop column if exists scribe_limit_minutes`.execute(db);
    },
  },
  // Vocabulary boost (shared/boost-words.ts): each person's list of boosted words.
  '2026-12-12-001-user-boost-words': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_boost_words')
        .addColumn('ava_id', 'text', (c) => c.primaryKey())
        .addColumn('words', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists user_boost_words`.execute(db);
    },
  },
  // Cluster mode (cluster/lease-store.ts): who owns each live room, and its fencing token.
  '2026-12-20-cluster-001-room-leases': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cluster_room_leases')
        .addColumn('room_id', 'text', (c) => c.primaryKey())
        .addColumn('node', 'text', (c) => c.notNull())
        .addColumn('token', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create sequence if not exists cluster_lease_tokens`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists cluster_room_leases`.execute(db);
      await sql`drop sequence if exists cluster_lease_tokens`.execute(db);
    },
  },
  // Cluster mode (phone-calls/room-calls.ts, meeting-bot/room-bots.ts): what a node that takes
  // a room over needs to go on with its live phone call or meeting bot (the tokens their
  // callbacks and sockets prove themselves with, the provider's ids), written by the owner.
  '2026-12-21-cluster-002-room-calls-and-bots': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cluster_room_calls')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('sid', 'text', (c) => c.notNull().unique())
        .addColumn('member_ava_id', 'text', (c) => c.notNull())
        .addColumn('request', 'jsonb', (c) => c.notNull())
        .addColumn('started_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('answered', 'boolean', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .execute();
      await db.schema
        .createIndex('cluster_room_calls_room_idx')
        .on('cluster_room_calls')
        .column('room_id')
        .execute();
      await db.schema
        .createTable('cluster_room_bots')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('bot_id', 'text', (c) => c.notNull().unique())
        .addColumn('member_ava_id', 'text', (c) => c.notNull())
        .addColumn('member_name', 'text', (c) => c.notNull())
        .addColumn('meeting_url', 'text', (c) => c.notNull())
        .addColumn('speech_lang', 'text', (c) => c.notNull())
        .addColumn('status', 'jsonb', (c) => c.notNull())
        .addColumn('in_call', 'boolean', (c) => c.notNull())
        .addColumn('ended', 'boolean', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cluster_room_bots_room_idx')
        .on('cluster_room_bots')
        .column('room_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists cluster_room_calls, cluster_room_bots`.execute(db);
    },
  },
  // Every organisation with members has an admin (issue 29 F-08): one created by someone who
  // joined it as a member had none, and anyone naming it could claim it. Its earliest member
  // (most likely its creator) becomes its admin.
  '2026-12-22-001-organization-admins': {
    async up(db: Kysely<unknown>) {
      await sql`
        update organizations o set admin_ava_id = (
          select u.ava_id from users u where u.organization_id = o.id
          order by u.created_at_ms, u.ava_id limit 1)
        where o.admin_ava_id is null
          and exists (select 1 from users u where u.organization_id = o.id)`.execute(db);
      await sql`
        update users u set role = 'admin', org_properties = '{"role":"admin"}'::jsonb
        from organizations o
        where o.admin_ava_id = u.ava_id and u.organization_id = o.id`.execute(db);
    },
    async down() {
      // Who was made admin is not recorded apart: the admins stay.
    },
  },
  // Someone joining an organisation by naming it (the spec allows it) is told to its admins
  // (issue 29 F-15): one row per such join, new until an admin has seen it.
  '2026-12-23-001-organization-joins-by-name': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('organization_joins_by_name')
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('ava_id', 'text', (c) => c.notNull())
        .addColumn('joined_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('seen', 'boolean', (c) => c.notNull().defaultTo(false))
        .addPrimaryKeyConstraint('organization_joins_by_name_pk', ['organization_id', 'ava_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists organization_joins_by_name`.execute(db);
    },
  },
  // Held audio (issue 25): a line decoded from audio the speaker's device held while its
  // connection was down is marked captioned late, for every reader and in exports.
  '2026-12-24-001-transcripts-captioned-late': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('transcripts').addColumn('captioned_late', 'boolean').execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table transcripts drop column if exists captioned_late`.execute(db);
    },
  },
  // A licence cancelled on its own (issue 30, item 9): its seat leaves the subscription's
  // quantity and it runs to the end of its paid period, while the rest of its purchase renews.
  // Marked so the purchase-wide payment events (a renewal's paid invoice, renewal switched back
  // on) pass it by.
  '2026-12-24-002-licence-seats-cancelled': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('licences').addColumn('cancelled_at_ms', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('licences').dropColumn('cancelled_at_ms').execute();
    },
  },
  // Report a problem (issue 28): what people report, listed for their organisation's admin.
  // The organisation is kept as the author's was when they reported; a deleted organisation's
  // reports go with it.
  '2026-12-25-501-problem-reports': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('problem_reports')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('ava_id', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text')
        .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('room_id', 'text')
        .addColumn('reported_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('problem_reports_by_organization')
        .on('problem_reports')
        .columns(['organization_id', 'reported_at_ms'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists problem_reports`.execute(db);
    },
  },
  // Cluster mode (cluster/cluster-name.ts): the cluster's name, which scopes its NATS subjects;
  // one row, made by the first node that starts.
  '2026-12-26-001-cluster-identity': {
    async up(db: Kysely<unknown>) {
      await sql`create table if not exists cluster_identity (
        id integer primary key check (id = 1),
        name text not null
      )`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table if exists cluster_identity`.execute(db);
    },
  },
  // Transcript owners (issue 28, the spec's update-transcript-owner and transcriptOwners): the
  // people the host named to keep the transcript, besides the host.
  '2026-12-27-201-transcript-owners': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('transcript_owners', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('rooms').dropColumn('transcript_owners').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
