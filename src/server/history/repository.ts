/**
 * Saved transcripts (the spec's entity) and what the history needs from the rooms: one row per
 * person and conversation, listed newest first by the conversation's start, filtered by the
 * spec's list rule and searched in the conversation's normalised words. Deleting removes rows:
 * a person's entry, and for the host the conversation itself (its transcripts, speakers,
 * members, ratings and everyone's entries go with it, by the foreign keys).
 */
import { type Kysely, sql } from 'kysely';
import {
  ENTRY_FIRST_LINES,
  ENTRY_PARTICIPANTS_SHOWN,
  type SavedTranscript,
  normalizeForSearch,
  summarizeSavedTranscript,
} from '../../shared/saved-transcripts';
import type { Database } from '../db';

export interface ListQuery {
  limit: number;
  /** Only conversations that started before this (the previous page's last start). */
  before?: number;
  /** Normalised search terms, each of which must be in the words or the title. */
  terms?: readonly string[];
}

export type RemoveOutcome = 'removed-entry' | 'removed-conversation' | 'not-found' | 'ongoing';

/**
 * A bulk delete's outcome: all removed (`conversations`: the rooms the host's delete removed),
 * or nothing removed because some of them are not the person's entries or are still ongoing.
 */
export type RemoveManyOutcome =
  | { kind: 'removed'; conversations: string[] }
  | { kind: 'not-found'; roomIds: string[] }
  | { kind: 'ongoing'; roomIds: string[] };

export class SavedTranscriptRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds the conversation to the person's history; false if it already was there. */
  async save(avaId: string, roomId: string, nowMs: number): Promise<boolean> {
    const row = await this.db
      .insertInto('saved_transcripts')
      .values({ ava_id: avaId, room_id: roomId, title: null, title_search: null, saved_at_ms: nowMs })
      .onConflict((oc) => oc.columns(['ava_id', 'room_id']).doNothing())
      .returning('room_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * One page of the person's history, newest first. The list rule is applied in the query, so
   * a page is full whenever there are that many entries to show: only entries with a transcript
   * line (a gap marker is not one), and, for someone other than the host, only while the host's
   * settings let them read it (transcripts/readable.ts).
   */
  async list(avaId: string, query: ListQuery): Promise<SavedTranscript[]> {
    let q = this.db
      .selectFrom('saved_transcripts as s')
      .innerJoin('rooms as r', 'r.id', 's.room_id')
      .select([
        's.room_id',
        's.title as own_title',
        'r.title as room_title',
        'r.start_timestamp_ms',
        'r.host_ava_id',
        'r.forbid_sharing',
        'r.allow_transcripts_saving',
        'r.state',
        'r.ended_at_ms',
        'r.last_active_ms',
        // The summary, read in the same query (one round trip for the page, not one per entry):
        // the first speakers by when they first spoke (one more than shown, to know of others),
        // how many spoke, and the opening lines. Gap markers are not lines.
        sql<unknown>`(select coalesce(json_agg(f.author_show order by f.first_idx), '[]'::json)
          from (select t.author_show, min(t.idx) as first_idx from transcripts t
                where t.room_id = s.room_id and t.gap_to_ms is null
                group by t.author_show order by first_idx limit ${ENTRY_PARTICIPANTS_SHOWN + 1}) f)`.as(
          'speakers',
        ),
        sql<number | string>`(select count(distinct t.author_show) from transcripts t
          where t.room_id = s.room_id and t.gap_to_ms is null)`.as('speaker_count'),
        sql<string | null>`(select string_agg(o.text, ' ' order by o.idx)
          from (select t.text, t.idx from transcripts t
                where t.room_id = s.room_id and t.gap_to_ms is null
                order by t.idx limit ${ENTRY_FIRST_LINES}) o)`.as('opening_text'),
      ])
      .where('s.ava_id', '=', avaId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('transcripts as t')
            .select(sql`1`.as('one'))
            .whereRef('t.room_id', '=', 's.room_id')
            .where('t.gap_to_ms', 'is', null),
        ),
      )
      .where((eb) =>
        eb.or([
          eb('r.host_ava_id', '=', avaId),
          // An owner the host named (update-transcript-owner) keeps it whatever the settings.
          sql<boolean>`r.transcript_owners @> ${JSON.stringify([avaId])}::jsonb`,
          eb.and([
            eb('r.forbid_sharing', '=', false),
            eb.or([eb('r.allow_transcripts_saving', '=', true), eb('r.host_can_save', '=', true)]),
          ]),
        ]),
      );
    if (query.before !== undefined) q = q.where('r.start_timestamp_ms', '<', query.before);
    for (const term of query.terms ?? []) {
      // Terms are letters and digits only (normalizeForSearch): nothing in them means anything to LIKE.
      const pattern = `%${term}%`;
      q = q.where((eb) =>
        eb.or([eb('r.search_text', 'like', pattern), eb('s.title_search', 'like', pattern)]),
      );
    }
    const rows = await q
      .orderBy('r.start_timestamp_ms', 'desc')
      .orderBy('s.room_id', 'desc')
      .limit(query.limit)
      .execute();
    return rows.map((row) => ({
      roomId: row.room_id,
      startTimestampMs: Number(row.start_timestamp_ms),
      title: row.own_title ?? row.room_title,
      hasTranscripts: true,
      isAllowedAccess: true,
      deleted: false,
      summary: summarizeSavedTranscript({
        startTimestampMs: Number(row.start_timestamp_ms),
        endedAtMs: row.ended_at_ms === null ? null : Number(row.ended_at_ms),
        lastActiveMs: Number(row.last_active_ms),
        speakers: namesOf(row.speakers),
        speakerCount: Number(row.speaker_count),
        openingText: row.opening_text ?? '',
      }),
    }));
  }

  /**
   * Writes the normalised words of the person's ended conversations that have none yet (the
   * room's title and every line), so a search finds them. Ended conversations do not change.
   */
  async indexForSearch(avaId: string): Promise<number> {
    const rooms = await this.db
      .selectFrom('saved_transcripts as s')
      .innerJoin('rooms as r', 'r.id', 's.room_id')
      .select(['r.id', 'r.title'])
      .where('s.ava_id', '=', avaId)
      .where('r.state', '=', 'ended')
      .where('r.search_text', 'is', null)
      .execute();
    for (const room of rooms) {
      const lines = await this.db
        .selectFrom('transcripts')
        .select('text')
        .where('room_id', '=', room.id)
        .orderBy('idx')
        .execute();
      // A space between lines keeps their words apart for the eye; normalising removes it anyway.
      const text = normalizeForSearch([room.title, ...lines.map((l) => l.text)].join(' '));
      await this.db.updateTable('rooms').set({ search_text: text }).where('id', '=', room.id).execute();
    }
    return rooms.length;
  }

  /** The person's own title for the entry; false when they have no such entry. */
  async rename(avaId: string, roomId: string, title: string): Promise<boolean> {
    const row = await this.db
      .updateTable('saved_transcripts')
      .set({ title, title_search: normalizeForSearch(title) })
      .where('ava_id', '=', avaId)
      .where('room_id', '=', roomId)
      .returning('room_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The entry as the person sees it, or undefined when they have none. */
  async find(avaId: string, roomId: string): Promise<{ title: string; hostAvaId: string } | undefined> {
    const row = await this.db
      .selectFrom('saved_transcripts as s')
      .innerJoin('rooms as r', 'r.id', 's.room_id')
      .select(['s.title as own_title', 'r.title as room_title', 'r.host_ava_id'])
      .where('s.ava_id', '=', avaId)
      .where('s.room_id', '=', roomId)
      .executeTakeFirst();
    return row ? { title: row.own_title ?? row.room_title, hostAvaId: row.host_ava_id } : undefined;
  }

  /**
   * Deletes the person's entry. The host's delete removes the conversation from the database:
   * the room row, and through its foreign keys every transcript line, speaker, member, rating
   * and saved entry of it. An ongoing conversation is not deleted (it is still being written).
   */
  async remove(avaId: string, roomId: string): Promise<RemoveOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const entry = await trx
        .selectFrom('saved_transcripts as s')
        .innerJoin('rooms as r', 'r.id', 's.room_id')
        .select(['r.host_ava_id', 'r.state'])
        .where('s.ava_id', '=', avaId)
        .where('s.room_id', '=', roomId)
        .executeTakeFirst();
      if (!entry) return 'not-found';
      if (entry.host_ava_id !== avaId) {
        await trx
          .deleteFrom('saved_transcripts')
          .where('ava_id', '=', avaId)
          .where('room_id', '=', roomId)
          .execute();
        return 'removed-entry';
      }
      if (entry.state !== 'ended') return 'ongoing';
      await trx.deleteFrom('rooms').where('id', '=', roomId).execute();
      return 'removed-conversation';
    });
  }

  /**
   * Deletes several of the person's entries in one transaction, each as `remove` would, all or
   * none: if one is not theirs (or does not exist) or is a conversation they host that is still
   * ongoing, nothing is deleted. `roomIds` are distinct and not empty.
   */
  async removeMany(avaId: string, roomIds: readonly string[]): Promise<RemoveManyOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const entries = await trx
        .selectFrom('saved_transcripts as s')
        .innerJoin('rooms as r', 'r.id', 's.room_id')
        .select(['s.room_id', 'r.host_ava_id', 'r.state'])
        .where('s.ava_id', '=', avaId)
        .where('s.room_id', 'in', [...roomIds])
        .execute();
      const found = new Set(entries.map((e) => e.room_id));
      const missing = roomIds.filter((id) => !found.has(id));
      if (missing.length > 0) return { kind: 'not-found', roomIds: missing };
      const hosted = entries.filter((e) => e.host_ava_id === avaId);
      const ongoing = hosted.filter((e) => e.state !== 'ended').map((e) => e.room_id);
      if (ongoing.length > 0) return { kind: 'ongoing', roomIds: ongoing };
      const entriesOnly = entries.filter((e) => e.host_ava_id !== avaId).map((e) => e.room_id);
      if (entriesOnly.length > 0)
        await trx
          .deleteFrom('saved_transcripts')
          .where('ava_id', '=', avaId)
          .where('room_id', 'in', entriesOnly)
          .execute();
      const conversations = hosted.map((e) => e.room_id);
      if (conversations.length > 0) await trx.deleteFrom('rooms').where('id', 'in', conversations).execute();
      return { kind: 'removed', conversations };
    });
  }
}

/** json_agg's answer: an array (or its text, depending on the driver) of names. */
function namesOf(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : [];
}
