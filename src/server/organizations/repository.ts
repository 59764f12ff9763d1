/**
 * Organisations and who belongs to them. A person belongs to at most one organisation: their
 * users row holds its id, and their role there (profile `role` and `orgProperties.role`, the
 * spec's two places). The admin is also kept on the organisation, under a unique index: one
 * admin per organisation, even when two people ask at once.
 */
import { type Kysely, type Selectable, sql } from 'kysely';
import {
  type AccessibilityService,
  type Organization,
  type OrganizationRole,
  type OrganizationSize,
  type OrganizationType,
  normaliseSearch,
} from '../../shared/organizations';
import type { Database, OrganizationsTable } from '../db';

type Row = Selectable<OrganizationsTable>;

function toOrganization(row: Row): Organization {
  const services = (
    typeof row.accessibility_services === 'string'
      ? JSON.parse(row.accessibility_services)
      : row.accessibility_services
  ) as AccessibilityService[];
  return {
    id: row.id,
    name: row.name,
    type: row.type as OrganizationType,
    ...(row.place_id ? { placeId: row.place_id } : {}),
    ...(row.address ? { address: row.address } : {}),
    ...(row.size ? { size: row.size as OrganizationSize } : {}),
    accessibilityServices: services ?? [],
    ...(row.admin_ava_id ? { admin: row.admin_ava_id } : {}),
  };
}

export interface NewOrganization {
  id: string;
  name: string;
  type: OrganizationType;
  placeId?: string;
  address?: string;
  size: OrganizationSize;
  accessibilityServices: AccessibilityService[];
}

/** PostgreSQL's unique_violation, as pg and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

export class OrganizationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(id: string): Promise<Organization | undefined> {
    const row = await this.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toOrganization(row) : undefined;
  }

  async findByName(name: string): Promise<Organization | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .selectAll()
      .where('name_key', '=', normaliseSearch(name))
      .executeTakeFirst();
    return row ? toOrganization(row) : undefined;
  }

  async findByStripeCustomer(customerId: string): Promise<Organization | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .selectAll()
      .where('stripe_customer_id', '=', customerId)
      .executeTakeFirst();
    return row ? toOrganization(row) : undefined;
  }

  async stripeCustomerOf(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select('stripe_customer_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.stripe_customer_id ?? undefined;
  }

  /** Keeps the first customer only: a second checkout of the same organisation reuses it. */
  async setStripeCustomer(id: string, customerId: string): Promise<void> {
    await this.db
      .updateTable('organizations')
      .set({ stripe_customer_id: customerId })
      .where('id', '=', id)
      .where('stripe_customer_id', 'is', null)
      .execute();
  }

  /**
   * Organisations whose normalised name contains the normalised query, names starting with it
   * first. `key` is already normalised (letters and digits only), so it needs no LIKE escaping.
   */
  async search(key: string, type: OrganizationType | undefined, limit: number): Promise<Organization[]> {
    let query = this.db
      .selectFrom('organizations')
      .selectAll()
      .where('name_key', 'like', `%${key}%`)
      .orderBy(sql`case when name_key like ${`${key}%`} then 0 else 1 end`)
      .orderBy('name')
      .limit(limit);
    if (type) query = query.where('type', '=', type);
    return (await query.execute()).map(toOrganization);
  }

  /**
   * Creates the organisation with its creator in it as its first admin, whatever role the form
   * asked for: an organisation without an admin could be claimed by anyone naming it (issue 29
   * F-08). Throws on a taken name.
   */
  async create(org: NewOrganization, avaId: string, nowMs: number): Promise<Organization> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('organizations')
        .values({
          id: org.id,
          name: org.name,
          name_key: normaliseSearch(org.name),
          type: org.type,
          place_id: org.placeId ?? null,
          address: org.address ?? null,
          size: org.size,
          accessibility_services: JSON.stringify(org.accessibilityServices),
          admin_ava_id: avaId,
          created_at_ms: nowMs,
        })
        .execute();
      await setMembership(trx, avaId, { id: org.id, name: org.name, type: org.type }, 'admin', nowMs);
    });
    return (await this.find(org.id))!;
  }

  /**
   * Joins an existing organisation. As admin only while it has no admin and no member (an
   * organisation everyone left): its members' organisation is never taken over by a newcomer
   * naming it. The update is the check, so two people asking at once cannot both become it:
   * false when refused.
   */
  async join(org: Organization, avaId: string, role: OrganizationRole, nowMs: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (role === 'admin') {
        const claimed = await trx
          .updateTable('organizations')
          .set({ admin_ava_id: avaId })
          .where('id', '=', org.id)
          .where('admin_ava_id', 'is', null)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('users').select('ava_id').where('organization_id', '=', org.id))),
          )
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return false;
      }
      await setMembership(trx, avaId, { id: org.id, name: org.name, type: org.type }, role, nowMs);
      return true;
    });
  }
}

/**
 * Makes `avaId` a member of `org` in `role`: the profile's organisation fields, as the spec's
 * profile carries them (organization, role and org_properties). An invitation accepted
 * (membership.ts) uses it too.
 */
export async function setMembership(
  trx: Kysely<Database>,
  avaId: string,
  org: { id: string; name: string; type: string },
  role: OrganizationRole,
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      organization_id: org.id,
      organization: JSON.stringify({ name: org.name, type: org.type }),
      role,
      org_properties: JSON.stringify({ role }),
      updated_at_ms: nowMs,
    })
    .where('ava_id', '=', avaId)
    .execute();
}

/**
 * Takes `avaId` out of `organizationId`: the profile's organisation fields emptied. Whether they
 * were in it. Their licences are the caller's to unassign first.
 */
export async function clearMembership(
  trx: Kysely<Database>,
  avaId: string,
  organizationId: string,
  nowMs: number,
): Promise<boolean> {
  const updated = await trx
    .updateTable('users')
    .set({
      organization_id: null,
      organization: null,
      role: null,
      org_properties: null,
      updated_at_ms: nowMs,
    })
    .where('ava_id', '=', avaId)
    .where('organization_id', '=', organizationId)
    .returning('ava_id')
    .executeTakeFirst();
  return updated !== undefined;
}
