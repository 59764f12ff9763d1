/** Guest users: people who use Hearken without an account. */
import type { Kysely } from 'kysely';
import type { GuestUser } from '../../shared/entities';
import type { Database } from '../db';

export class GuestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(user: GuestUser): Promise<void> {
    await this.db
      .insertInto('guest_users')
      .values({
        ava_id: user.avaId,
        ava_name: user.avaName,
        user_name: user.userName,
        account_type: user.accountType,
        created_at_ms: user.createdAtMs,
      })
      .execute();
  }

  async find(avaId: string): Promise<GuestUser | undefined> {
    const row = await this.db
      .selectFrom('guest_users')
      .selectAll()
      .where('ava_id', '=', avaId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      avaId: row.ava_id,
      avaName: row.ava_name,
      userName: row.user_name,
      accountType: 'Temporary',
      createdAtMs: Number(row.created_at_ms),
    };
  }
}
