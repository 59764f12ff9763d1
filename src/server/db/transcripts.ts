/** Final transcripts, written as they are committed so a restart loses none. */
import type { Kysely } from 'kysely';
import type { Transcript, WordTiming } from '../../shared/entities';
import type { Database } from './schema';

export class TranscriptRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Saves a final transcript; saving the same id again replaces it (a corrected final). */
  async saveFinal(roomId: string, t: Transcript): Promise<void> {
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
    };
    await this.db
      .insertInto('transcripts')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['room_id', 'id'])
          .doUpdateSet({ text: values.text, words: values.words, author_show: values.author_show }),
      )
      .execute();
  }

  async list(roomId: string): Promise<Transcript[]> {
    const rows = await this.db
      .selectFrom('transcripts')
      .selectAll()
      .where('room_id', '=', roomId)
      .orderBy('idx')
      .execute();
    return rows.map((r) => {
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
      if (r.origin !== 'human') {
        transcript.asr = { final: true, timeReceivedMs: Number(r.time_received_ms), engine: r.engine, words };
      }
      return transcript;
    });
  }

  /** The next free index in a room (transcripts are numbered in order of first appearance). */
  async nextIndex(roomId: string): Promise<number> {
    const row = await this.db
      .selectFrom('transcripts')
      .select((eb) => eb.fn.max('idx').as('max'))
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    const max = row?.max;
    return max === null || max === undefined ? 0 : Number(max) + 1;
  }
}
