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

  /**
   * The vocabulary of the organisation `avaId` is a member of (its profile's organisation, set
   * once an invitation is accepted), or none: guests and accounts outside any organisation.
   */
  async organizationWords(avaId: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.organization_id')
      .select('o.vocabulary')
      .where('u.ava_id', '=', avaId)
      .executeTakeFirst();
    if (!row) return [];
    const words: unknown = typeof row.vocabulary === 'string' ? JSON.parse(row.vocabulary) : row.vocabulary;
    return Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string') : [];
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
