/**
 * A person's own membership (shared/organization-membership.ts): the invitations waiting for
 * their emails, accepting or declining one, leaving, and the joins by name their admins are told
 * of. Nobody becomes a member by someone else's hand (issue 29 F-09): an admin's invitation waits
 * here until its person accepts it, and until then their usage is not the organisation's.
 */
import { type Kysely, sql } from 'kysely';
import { mayLeave, type MyInvitation } from '../../shared/organization-membership';
import type { OrganizationRole, OrganizationType } from '../../shared/organizations';
import type { Database } from '../db';
import { clearMembership, setMembership } from './repository';

/** The organisation `avaId` is in (its id, or null), undefined for no such account. */
function organizationOf(trx: Kysely<Database>, avaId: string) {
  return trx.selectFrom('users').select('organization_id').where('ava_id', '=', avaId).executeTakeFirst();
}

export type AcceptOutcome = 'joined' | 'not-found' | 'in-organization';
export type LeaveOutcome =
  { kind: 'left'; organizationId: string } | { kind: 'not-in-organization' } | { kind: 'last-admin' };

/** The lower-cased addresses of an account, any provider's. */
async function emailsOf(db: Kysely<Database>, avaId: string): Promise<string[]> {
  const row = await db.selectFrom('users').select('emails').where('ava_id', '=', avaId).executeTakeFirst();
  const emails = (typeof row?.emails === 'string' ? JSON.parse(row.emails) : row?.emails) as
    Record<string, string> | null | undefined;
  return [...new Set(Object.values(emails ?? {}).map((e) => String(e).toLowerCase()))];
}

export class MembershipRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The invitations to any of `avaId`'s emails, oldest first. */
  async invitationsFor(avaId: string): Promise<MyInvitation[]> {
    const emails = await emailsOf(this.db, avaId);
    if (emails.length === 0) return [];
    const rows = await this.db
      .selectFrom('organization_invitations as i')
      .innerJoin('organizations as o', 'o.id', 'i.organization_id')
      .leftJoin('users as by', 'by.ava_id', 'i.invited_by')
      .select(['i.organization_id', 'i.role', 'i.created_at_ms', 'o.name', 'o.type', 'by.user_name'])
      .where('i.email', 'in', emails)
      .orderBy('i.created_at_ms')
      .execute();
    const seen = new Set<string>();
    return rows.flatMap((r): MyInvitation[] => {
      if (seen.has(r.organization_id)) return [];
      seen.add(r.organization_id);
      return [
        {
          organizationId: r.organization_id,
          organizationName: r.name,
          organizationType: r.type as OrganizationType,
          role: r.role as OrganizationRole,
          ...(r.user_name ? { invitedByName: r.user_name } : {}),
          sinceMs: Number(r.created_at_ms),
        },
      ];
    });
  }

  /**
   * Accepts the invitation of `organizationId` to one of `avaId`'s emails: they join it as
   * invited (as admin only while it has none). Not while they belong to an organisation: an
   * account belongs to one.
   */
  async accept(avaId: string, organizationId: string, nowMs: number): Promise<AcceptOutcome> {
    const emails = await emailsOf(this.db, avaId);
    if (emails.length === 0) return 'not-found';
    return this.db.transaction().execute(async (trx) => {
      const user = await organizationOf(trx, avaId);
      const invitation = await trx
        .selectFrom('organization_invitations as i')
        .innerJoin('organizations as o', 'o.id', 'i.organization_id')
        .select(['i.role', 'o.name', 'o.type', 'o.admin_ava_id'])
        .where('i.organization_id', '=', organizationId)
        .where('i.email', 'in', emails)
        .executeTakeFirst();
      if (!user || !invitation) return 'not-found';
      if (user.organization_id) return 'in-organization';
      let role: OrganizationRole = 'member';
      if (invitation.role === 'admin' && !invitation.admin_ava_id) {
        const claimed = await trx
          .updateTable('organizations')
          .set({ admin_ava_id: avaId })
          .where('id', '=', organizationId)
          .where('admin_ava_id', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (claimed) role = 'admin';
      }
      await setMembership(
        trx,
        avaId,
        { id: organizationId, name: invitation.name, type: invitation.type },
        role,
        nowMs,
      );
      await trx
        .deleteFrom('organization_invitations')
        .where('organization_id', '=', organizationId)
        .where('email', 'in', emails)
        .execute();
      return 'joined';
    });
  }

  /** Declines (deletes) the invitation of `organizationId` to `avaId`'s emails; false when none. */
  async decline(avaId: string, organizationId: string): Promise<boolean> {
    const emails = await emailsOf(this.db, avaId);
    if (emails.length === 0) return false;
    const deleted = await this.db
      .deleteFrom('organization_invitations')
      .where('organization_id', '=', organizationId)
      .where('email', 'in', emails)
      .returning('email')
      .execute();
    return deleted.length > 0;
  }

  /**
   * Takes `avaId` out of their organisation. Its admin only when nobody else is in it (then it
   * has no admin and no member, and the next person naming it may become its admin): an
   * organisation with members always has its admin. The caller unassigns their licences first.
   */
  async leave(avaId: string, nowMs: number): Promise<LeaveOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const user = await organizationOf(trx, avaId);
      const organizationId = user?.organization_id;
      if (!organizationId) return { kind: 'not-in-organization' };
      // Locks the organisation's row: two admins' members cannot both leave it adminless.
      const org = await trx
        .selectFrom('organizations')
        .select('admin_ava_id')
        .where('id', '=', organizationId)
        .forUpdate()
        .executeTakeFirst();
      const isAdmin = org?.admin_ava_id === avaId;
      const others = await trx
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('n'))
        .where('organization_id', '=', organizationId)
        .where('ava_id', '!=', avaId)
        .executeTakeFirst();
      if (!mayLeave(isAdmin, Number(others?.n ?? 0))) return { kind: 'last-admin' };
      if (isAdmin) {
        await trx
          .updateTable('organizations')
          .set({ admin_ava_id: null })
          .where('id', '=', organizationId)
          .execute();
      }
      await clearMembership(trx, avaId, organizationId, nowMs);
      await trx
        .deleteFrom('organization_joins_by_name')
        .where('organization_id', '=', organizationId)
        .where('ava_id', '=', avaId)
        .execute();
      return { kind: 'left', organizationId };
    });
  }

  /** The organisation `avaId` belongs to, if any. */
  async organizationOf(avaId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('organization_id')
      .where('ava_id', '=', avaId)
      .executeTakeFirst();
    return row?.organization_id ?? undefined;
  }

  /** Records that `avaId` joined `organizationId` by naming it: new to its admins until seen. */
  async recordJoinByName(organizationId: string, avaId: string, nowMs: number): Promise<void> {
    await this.db
      .insertInto('organization_joins_by_name')
      .values({ organization_id: organizationId, ava_id: avaId, joined_at_ms: nowMs, seen: false })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'ava_id']).doUpdateSet({ joined_at_ms: nowMs, seen: false }),
      )
      .execute();
  }

  /** The admin has seen who joined by name: none of them is new any more. */
  async markJoinsSeen(organizationId: string): Promise<void> {
    await this.db
      .updateTable('organization_joins_by_name')
      .set({ seen: true })
      .where('organization_id', '=', organizationId)
      .execute();
  }
}
