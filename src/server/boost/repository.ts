/**
 * People's boost words (conversation.md: Boost words, user-boost-words), one list per person
 * (avaId: an account or a guest), in the order they were added.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db';

export class BoostWordsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(avaId: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('user_boost_words')
      .select('words')
      .where('ava_id', '=', avaId)
      .executeTakeFirst();
    return row ? [...row.words] : [];
  }

  /** Replaces the person's list (the caller has applied the rules of shared/boost-words.ts). */
  async save(avaId: string, words: readonly string[], nowMs: number): Promise<void> {
    const json = JSON.stringify(words);
    await this.db
      .insertInto('user_boost_words')
      .values({ ava_id: avaId, words: json, updated_at_ms: nowMs })
      .onConflict((oc) => oc.column('ava_id').doUpdateSet({ words: json, updated_at_ms: nowMs }))
      .execute();
  }
}
