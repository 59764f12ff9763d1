/**
 * Credits of accounts (shared/credits.ts). Read as the spec reads them (negative or missing: 0);
 * spending is one SQL statement, so two streams spending at once cannot both spend the same time.
 */
import { type Kysely, sql } from 'kysely';
import { type UserCredits, normaliseCredits } from '../../shared/credits';
import type { Database } from '../db';

export class CreditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(avaId: string): Promise<UserCredits> {
    const row = await this.db
      .selectFrom('user_credits')
      .selectAll()
      .where('ava_id', '=', avaId)
      .executeTakeFirst();
    return normaliseCredits(
      row
        ? {
            scribeCredit: Number(row.scribe_credit),
            extraPremiumASRCredit: Number(row.extra_premium_asr_credit),
            recurringPremiumASRCredit: Number(row.recurring_premium_asr_credit),
          }
        : undefined,
    );
  }

  /**
   * Adds (or, negative, removes) credit; an operator's or a purchase's grant. `db`: a
   * transaction to be part of (a payment event recorded with it).
   */
  async grant(
    avaId: string,
    change: Partial<UserCredits>,
    nowMs: number,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    const scribe = change.scribeCredit ?? 0;
    const extra = change.extraPremiumASRCredit ?? 0;
    const recurring = change.recurringPremiumASRCredit ?? 0;
    await db
      .insertInto('user_credits')
      .values({
        ava_id: avaId,
        scribe_credit: scribe,
        extra_premium_asr_credit: extra,
        recurring_premium_asr_credit: recurring,
        updated_at_ms: nowMs,
      })
      .onConflict((oc) =>
        oc.column('ava_id').doUpdateSet({
          scribe_credit: sql<number>`user_credits.scribe_credit + ${scribe}`,
          extra_premium_asr_credit: sql<number>`user_credits.extra_premium_asr_credit + ${extra}`,
          recurring_premium_asr_credit: sql<number>`user_credits.recurring_premium_asr_credit + ${recurring}`,
          updated_at_ms: nowMs,
        }),
      )
      .execute();
  }

  /**
   * Spends Premium time: the recurring credit first, then the extra (as shared/credits.ts
   * spendPremium), never below 0. Answers what is left.
   */
  async spendPremium(avaId: string, ms: number, nowMs: number): Promise<UserCredits> {
    const spend = Math.max(0, Math.floor(ms));
    await this.db
      .updateTable('user_credits')
      .set({
        recurring_premium_asr_credit: sql<number>`greatest(recurring_premium_asr_credit - ${spend}, 0)`,
        extra_premium_asr_credit: sql<number>`greatest(extra_premium_asr_credit - greatest(${spend} - greatest(recurring_premium_asr_credit, 0), 0), 0)`,
        updated_at_ms: nowMs,
      })
      .where('ava_id', '=', avaId)
      .execute();
    return this.get(avaId);
  }

  /** Spends Scribe time from scribeCredit, never below 0 (scribes/credit.ts). Answers what is left. */
  async spendScribe(avaId: string, ms: number, nowMs: number): Promise<UserCredits> {
    const spend = Math.max(0, Math.floor(ms));
    await this.db
      .updateTable('user_credits')
      .set({
        scribe_credit: sql<number>`greatest(scribe_credit - ${spend}, 0)`,
        updated_at_ms: nowMs,
      })
      .where('ava_id', '=', avaId)
      .execute();
    return this.get(avaId);
  }
}
