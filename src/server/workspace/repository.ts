/**
 * The workspace admin's data (shared/workspace.ts): an organisation's members (marked when they
 * joined by naming it) and the invitations waiting for people to accept them, handing the admin role over, removing a member,
 * the organisation's details, vocabulary and Scribe limit. The one-admin rule holds here as in
 * organizations.ts: the organisation's row names its admin and the update is the check.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { normaliseSearch, type OrganizationRole } from '../../shared/organizations';
import type { WorkspaceMember, WorkspaceSettings } from '../../shared/workspace';
import type { Database } from '../db';
import { clearMembership } from '../organizations';

/** Whether the organisation holds a licence still running that `holder` (of `l`) picks out. */
function licensed(holder: RawBuilder<unknown>, organizationId: string, nowMs: number) {
  return sql<boolean>`exists (select 1 from licences l where ${holder} and l.organization_id = ${organizationId} and l.end_date_ms > ${nowMs})`.as(
    'licensed',
  );
}

function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface DetailsChange {
  name?: string;
  size?: string;
  address?: string;
  accessibilityServices?: string[];
}

export class WorkspaceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Accounts in the organisation (admin first, then by name) and the invitations waiting. */
  async members(organizationId: string, nowMs: number): Promise<WorkspaceMember[]> {
    const org = await this.db
      .selectFrom('organizations')
      .select('admin_ava_id')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    const accounts = await this.db
      .selectFrom('users')
      .select([
        'ava_id',
        'user_name',
        'emails',
        licensed(sql`l.assigned_ava_id = users.ava_id`, organizationId, nowMs),
      ])
      .where('organization_id', '=', organizationId)
      .orderBy('user_name')
      .execute();
    const joins = await this.db
      .selectFrom('organization_joins_by_name')
      .select(['ava_id', 'joined_at_ms', 'seen'])
      .where('organization_id', '=', organizationId)
      .execute();
    const joinOf = new Map(joins.map((j) => [j.ava_id, j]));
    const invitations = await this.db
      .selectFrom('organization_invitations')
      .select([
        'email',
        'role',
        'created_at_ms',
        licensed(sql`l.recipient = organization_invitations.email`, organizationId, nowMs),
      ])
      .where('organization_id', '=', organizationId)
      .orderBy('email')
      .execute();
    const members: WorkspaceMember[] = accounts.map((a) => {
      const email = Object.values(json<Record<string, string>>(a.emails, {}))[0];
      const join = joinOf.get(a.ava_id);
      return {
        avaId: a.ava_id,
        ...(email ? { email: email.toLowerCase() } : {}),
        ...(a.user_name ? { name: a.user_name } : {}),
        role: a.ava_id === org?.admin_ava_id ? 'admin' : 'member',
        status: 'active',
        licensed: Boolean(a.licensed),
        ...(join
          ? {
              joinedByName: true,
              sinceMs: Number(join.joined_at_ms),
              ...(join.seen ? {} : { newJoin: true }),
            }
          : {}),
      };
    });
    members.sort((a, b) => (a.role === b.role ? 0 : a.role === 'admin' ? -1 : 1));
    return [
      ...members,
      ...invitations.map((i): WorkspaceMember => ({
        email: i.email,
        role: i.role as OrganizationRole,
        status: 'invited',
        licensed: Boolean(i.licensed),
        sinceMs: Number(i.created_at_ms),
      })),
    ];
  }

  /** Records an invitation; false when this email is already invited to this organisation. */
  async invite(
    organizationId: string,
    email: string,
    role: OrganizationRole,
    invitedBy: string,
    nowMs: number,
  ): Promise<boolean> {
    const inserted = await this.db
      .insertInto('organization_invitations')
      .values({ organization_id: organizationId, email, role, invited_by: invitedBy, created_at_ms: nowMs })
      .onConflict((oc) => oc.columns(['organization_id', 'email']).doNothing())
      .returning('email')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async cancelInvitation(organizationId: string, email: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('organization_invitations')
      .where('organization_id', '=', organizationId)
      .where('email', '=', email)
      .returning('email')
      .executeTakeFirst();
    return deleted !== undefined;
  }

  /** Whether `avaId` is an account of the organisation. */
  async isMember(organizationId: string, avaId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('ava_id')
      .where('ava_id', '=', avaId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Takes a member out of the organisation (their licences are unassigned by the caller first). */
  removeMember(organizationId: string, avaId: string, nowMs: number): Promise<boolean> {
    return clearMembership(this.db, avaId, organizationId, nowMs);
  }

  /**
   * Hands the admin role from `fromAvaId` to the member `toAvaId`: one update moves it (only
   * while `fromAvaId` holds it), then both profiles say their new roles.
   */
  async transferAdmin(
    organizationId: string,
    fromAvaId: string,
    toAvaId: string,
    nowMs: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('organizations')
        .set({ admin_ava_id: toAvaId })
        .where('id', '=', organizationId)
        .where('admin_ava_id', '=', fromAvaId)
        .returning('id')
        .executeTakeFirst();
      if (!moved) return false;
      for (const [avaId, role] of [
        [fromAvaId, 'member'],
        [toAvaId, 'admin'],
      ] as const) {
        await trx
          .updateTable('users')
          .set({ role, org_properties: JSON.stringify({ role }), updated_at_ms: nowMs })
          .where('ava_id', '=', avaId)
          .execute();
      }
      return true;
    });
  }

  /** Changes the organisation's details; throws a unique violation when the name is another's. */
  async updateDetails(organizationId: string, change: DetailsChange, nowMs: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('organizations')
        .set({
          ...(change.name !== undefined ? { name: change.name, name_key: normaliseSearch(change.name) } : {}),
          ...(change.size !== undefined ? { size: change.size } : {}),
          ...(change.address !== undefined ? { address: change.address || null } : {}),
          ...(change.accessibilityServices !== undefined
            ? { accessibility_services: JSON.stringify(change.accessibilityServices) }
            : {}),
        })
        .where('id', '=', organizationId)
        .execute();
      if (change.name !== undefined) {
        // Members' profiles carry the organisation's name (accounts.md section 3).
        const org = await trx
          .selectFrom('organizations')
          .select(['name', 'type'])
          .where('id', '=', organizationId)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({ organization: JSON.stringify({ name: org.name, type: org.type }), updated_at_ms: nowMs })
          .where('organization_id', '=', organizationId)
          .execute();
      }
    });
  }

  async settings(organizationId: string): Promise<WorkspaceSettings | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select(['vocabulary', 'scribe_limit_minutes'])
      .where('id', '=', organizationId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      vocabulary: json<string[]>(row.vocabulary, []),
      scribeLimitMinutes: row.scribe_limit_minutes === null ? null : Number(row.scribe_limit_minutes),
    };
  }

  async setSettings(organizationId: string, change: Partial<WorkspaceSettings>): Promise<void> {
    if (change.vocabulary === undefined && change.scribeLimitMinutes === undefined) return;
    await this.db
      .updateTable('organizations')
      .set({
        ...(change.vocabulary !== undefined ? { vocabulary: JSON.stringify(change.vocabulary) } : {}),
        ...(change.scribeLimitMinutes !== undefined
          ? { scribe_limit_minutes: change.scribeLimitMinutes }
          : {}),
      })
      .where('id', '=', organizationId)
      .execute();
  }

  /** Scribe time a person used since `sinceMs` (their requests' served seconds), in ms. */
  async scribeUsedMs(avaId: string, sinceMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('scribe_requests')
      .select(sql<number>`coalesce(sum(scribe_seconds), 0)`.as('seconds'))
      .where('requester_ava_id', '=', avaId)
      .where('created_at_ms', '>=', sinceMs)
      .executeTakeFirst();
    return Number(row?.seconds ?? 0) * 1000;
  }
}
