/** Final transcripts, written as they are committed so a restart loses none. */
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Transcript, WordTiming } from '../../shared/entities';
import type { Database, TranscriptsTable } from '../db';
import { SpeakerRepository, type StoredSpeaker } from '../rooms';

/** A stored final and the room's sequence number of its last change. */
export interface StoredFinal {
  transcript: Transcript;
  seq: number;
}

/** What a room needs from the database to go on where it stopped. */
export interface RoomTranscripts {
  /** In index order. */
  finals: StoredFinal[];
  /** Caption indexes below this may have been shown: the next one starts here. */
  nextIndex: number;
  /** The room's last stored change. */
  seq: number;
  /** The room's voicing speakers (rooms/speakers-repository.ts), in the order they were made. */
  speakers?: StoredSpeaker[];
}

/**
 * Run first inside every write's transaction; throws to refuse the write (cluster mode's fencing
 * token, cluster/lease-store.ts: a node that lost a room can never write to it).
 */
export type WriteGuard = (trx: Transaction<Database>, roomId: string) => Promise<void>;

export class TranscriptRepository {
  private readonly speakers: SpeakerRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly guard?: WriteGuard,
  ) {
    this.speakers = new SpeakerRepository(db);
  }

  /** `write` on its own, or after the guard in one transaction when there is a guard. */
  private guarded<T>(roomId: string, write: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    const guard = this.guard;
    if (!guard) return write(this.db);
    return this.db.transaction().execute(async (trx) => {
      await guard(trx, roomId);
      return write(trx);
    });
  }

  /** A voicing speaker named, renamed or claimed in a room. */
  saveSpeaker(roomId: string, speaker: StoredSpeaker): Promise<void> {
    return this.guarded(roomId, (db) => new SpeakerRepository(db).save(roomId, speaker));
  }

  /**
   * Saves a final as change `seq` of its room; saving the same id again replaces it (a corrected
   * final, or a retry of a write whose answer was lost). The room's counters move past its index
   * and seq in the same transaction, so they never fall behind a stored row.
   */
  async saveFinal(roomId: string, t: Transcript, seq: number): Promise<void> {
    const text = t.texts[t.speechLang] ?? Object.values(t.texts)[0] ?? '';
    const values = {
      room_id: roomId,
      id: t.id,
      idx: t.index,
      author: t.author,
      author_show: t.authorShow,
      origin: t.origin,
      speech_lang: t.speechLang,
      text,
      engine: t.asr?.engine ?? '',
      words: JSON.stringify(t.asr?.words ?? []),
      timestamp_ms: t.timestampMs,
      time_received_ms: t.asr?.timeReceivedMs ?? t.timestampMs,
      t0: t.t0,
      track_name: t.trackName,
      use_paid_asr: t.usePaidASR,
      seq,
      gap_to_ms: t.gap?.toMs ?? null,
      source_author: t.sourceAuthor ?? null,
      captioned_late: t.late ? true : null,
      translations: translationsColumn(t),
      corrections: correctionsColumn(t),
    };
    await this.db.transaction().execute(async (trx) => {
      await this.guard?.(trx, roomId);
      await trx
        .insertInto('transcripts')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['room_id', 'id']).doUpdateSet({
            text: values.text,
            words: values.words,
            // A line given to another speaker is saved again under its new author.
            author: values.author,
            author_show: values.author_show,
            source_author: values.source_author,
            translations: values.translations,
            corrections: values.corrections,
            seq,
          }),
        )
        .execute();
      await trx
        .updateTable('rooms')
        .set({
          next_index: sql<number>`greatest(next_index, ${t.index + 1})`,
          last_seq: sql<number>`greatest(last_seq, ${seq})`,
        })
        .where('id', '=', roomId)
        .execute();
    });
  }

  /**
   * Makes the room's index counter at least `upTo` (indexes below it are now reserved) and
   * returns its value. Only ever moves forward, so a late or repeated call is harmless.
   */
  async reserveIndexes(roomId: string, upTo: number): Promise<number> {
    const row = await this.guarded(roomId, (db) =>
      db
        .updateTable('rooms')
        .set({ next_index: sql<number>`greatest(next_index, ${upTo})` })
        .where('id', '=', roomId)
        .returning('next_index')
        .executeTakeFirst(),
    );
    if (!row) throw new Error(`no room ${roomId}`);
    return Number(row.next_index);
  }

  /** A room's finals and counters, to bring it back into memory. */
  async load(roomId: string): Promise<RoomTranscripts> {
    const counters = await this.db
      .selectFrom('rooms')
      .select(['next_index', 'last_seq'])
      .where('id', '=', roomId)
      .executeTakeFirst();
    const rows = await this.rows(roomId);
    return {
      finals: rows.map((r) => ({ transcript: toTranscript(r), seq: Number(r.seq) })),
      nextIndex: Number(counters?.next_index ?? 0),
      seq: Number(counters?.last_seq ?? 0),
      speakers: await this.speakers.list(roomId),
    };
  }

  /** A room's finals, in index order. */
  async list(roomId: string): Promise<Transcript[]> {
    return (await this.rows(roomId)).map(toTranscript);
  }

  private rows(roomId: string) {
    return this.db
      .selectFrom('transcripts')
      .selectAll()
      .where('room_id', '=', roomId)
      .orderBy('idx')
      .orderBy('timestamp_ms')
      .orderBy('id')
      .execute();
  }
}

function toTranscript(r: Selectable<TranscriptsTable>): Transcript {
  const words = (typeof r.words === 'string' ? JSON.parse(r.words) : r.words) as WordTiming[];
  const transcript: Transcript = {
    id: r.id,
    isFinal: true,
    author: r.author,
    authorShow: r.author_show,
    origin: r.origin === 'human' ? 'human' : 'asr',
    speechLang: r.speech_lang,
    texts: { [r.speech_lang]: r.text },
    usePaidASR: r.use_paid_asr,
    index: r.idx,
    timestampMs: Number(r.timestamp_ms),
    t0: r.t0,
    trackName: r.track_name,
  };
  if (r.source_author) transcript.sourceAuthor = r.source_author;
  if (r.captioned_late) transcript.late = true;
  withStoredTranslations(transcript, r.translations);
  withStoredCorrections(transcript, r.corrections);
  if (r.gap_to_ms !== null && r.gap_to_ms !== undefined) {
    transcript.gap = { fromMs: Number(r.timestamp_ms), toMs: Number(r.gap_to_ms), reason: 'connection-lost' };
  } else if (r.origin !== 'human') {
    transcript.asr = { final: true, timeReceivedMs: Number(r.time_received_ms), engine: r.engine, words };
  }
  return transcript;
}

/** What the `translations` column holds: everything of `texts` but the original, and how it went. */
interface StoredTranslations {
  texts: Record<string, string>;
  indexes: Record<string, number>;
  errors?: Record<string, string>;
}

/** A final's translations as the column stores them, or null when it has none. */
function translationsColumn(t: Transcript): string | null {
  const texts = Object.fromEntries(Object.entries(t.texts).filter(([lang]) => lang !== t.speechLang));
  const errors = t.translationErrors;
  if (Object.keys(texts).length === 0 && !errors) return null;
  const stored: StoredTranslations = { texts, indexes: t.indexes ?? {}, ...(errors ? { errors } : {}) };
  return JSON.stringify(stored);
}

function withStoredTranslations(t: Transcript, column: unknown): void {
  const parsed = (typeof column === 'string' ? JSON.parse(column) : column) as StoredTranslations | null;
  if (!parsed) return;
  // The original stays the stored text: a translation never replaces it.
  t.texts = { ...parsed.texts, [t.speechLang]: t.texts[t.speechLang] ?? '' };
  t.indexes = parsed.indexes;
  if (parsed.errors) t.translationErrors = parsed.errors;
}

/** What the `corrections` column holds: a line people corrected (docs/editing.md). */
interface StoredCorrections {
  version: number;
  highlighted?: Transcript['highlighted'];
  mutations?: Transcript['mutations'];
  /** The recogniser's own text, before people corrected it. */
  asrText?: string;
}

/** A line's corrections as the column stores them, or null when nobody touched it. */
function correctionsColumn(t: Transcript): string | null {
  if (t.version === undefined) return null;
  const stored: StoredCorrections = {
    version: t.version,
    ...(t.highlighted ? { highlighted: t.highlighted } : {}),
    ...(t.mutations ? { mutations: t.mutations } : {}),
    ...(t.asrText !== undefined ? { asrText: t.asrText } : {}),
  };
  return JSON.stringify(stored);
}

function withStoredCorrections(t: Transcript, column: unknown): void {
  const parsed = (typeof column === 'string' ? JSON.parse(column) : column) as StoredCorrections | null;
  if (!parsed) return;
  t.version = parsed.version;
  if (parsed.highlighted?.length) t.highlighted = parsed.highlighted;
  if (parsed.mutations?.length) t.mutations = parsed.mutations;
  if (parsed.asrText !== undefined) t.asrText = parsed.asrText;
}
