/** Ratings of conversations: one per conversation per person (the key refuses a second). */
import type { Kysely } from 'kysely';
import type { ConversationRating } from '../../shared/rating';
import type { Database } from '../db';

export class RatingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the rating; false if this person already rated this conversation. */
  async add(roomId: string, avaId: string, rating: ConversationRating, nowMs: number): Promise<boolean> {
    const row = await this.db
      .insertInto('conversation_ratings')
      .values({
        room_id: roomId,
        ava_id: avaId,
        stars: rating.stars,
        comment: rating.comment ?? null,
        rated_at_ms: nowMs,
      })
      .onConflict((oc) => oc.columns(['room_id', 'ava_id']).doNothing())
      .returning('room_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async find(roomId: string, avaId: string): Promise<ConversationRating | undefined> {
    const row = await this.db
      .selectFrom('conversation_ratings')
      .select(['stars', 'comment'])
      .where('room_id', '=', roomId)
      .where('ava_id', '=', avaId)
      .executeTakeFirst();
    return row ? { stars: row.stars, ...(row.comment ? { comment: row.comment } : {}) } : undefined;
  }
}
