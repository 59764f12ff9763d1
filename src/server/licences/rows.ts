/**
 * How a licence row reads (shared/licences.ts's Licence, and what the server needs beside it),
 * and the rule every change of holder or end applies in its transaction: a person's plan follows
 * the licences they hold. The repository (repository.ts) and its queries use both.
 */
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import { LICENCE_PLAN, type Licence, type LicenceInterval } from '../../shared/licences';
import type { Database, LicencesTable } from '../db';

export type Row = Selectable<LicencesTable>;
export type Db = Kysely<Database> | Transaction<Database>;

/** A licence with what the server needs beyond the API's fields. */
export interface StoredLicence {
  licence: Licence;
  organizationId: string;
  purchaseId: string;
  assignedAvaId?: string;
  /** The admin cancelled it alone: it left its subscription and is not renewed with it. */
  cancelled: boolean;
}

/**
 * How many licences of a row's purchase are still in its subscription (not cancelled one by
 * one): the subscription's quantity, as the licences list shows it beside each paid licence.
 */
export const subscriptionSeats = sql<number | string>`(select count(*) from licences kept
  where kept.purchase_id = licences.purchase_id and kept.cancelled_at_ms is null)`.as('seats');

export function toStored(row: Row & { seats?: number | string }, organizationName?: string): StoredLicence {
  const licence: Licence = {
    id: row.id,
    offerId: row.offer_id as Licence['offerId'],
    type: row.type as Licence['type'],
    plan: LICENCE_PLAN,
    interval: row.interval as LicenceInterval,
    count: row.count,
    endDateMs: Number(row.end_date_ms),
    autoRenewal: row.auto_renewal,
    trial: row.trial,
    ...(row.recipient ? { recipient: row.recipient } : {}),
    ...(row.language ? { language: row.language } : {}),
    ...(row.assigned_email ? { assignedEmail: row.assigned_email } : {}),
    ...(organizationName ? { organizationName } : {}),
    hasUpdated: row.has_updated,
    ...(!row.trial && row.seats !== undefined ? { subscriptionSeats: Number(row.seats) } : {}),
  };
  return {
    licence,
    organizationId: row.organization_id,
    purchaseId: row.purchase_id,
    ...(row.assigned_ava_id ? { assignedAvaId: row.assigned_ava_id } : {}),
    cancelled: row.cancelled_at_ms !== null,
  };
}

const PRO = JSON.stringify({ ongoingSubscription: LICENCE_PLAN });
const FREE = JSON.stringify({ ongoingSubscription: 'Free' });

/** The person's plan follows the licences they hold: Pro with an active one, else Free. */
export async function refreshPlan(db: Db, avaId: string, nowMs: number): Promise<void> {
  const held = await db
    .selectFrom('licences')
    .select('id')
    .where('assigned_ava_id', '=', avaId)
    .where('end_date_ms', '>', nowMs)
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({
      subscription: sql<string>`subscription || ${held ? PRO : FREE}::jsonb`,
      updated_at_ms: nowMs,
    })
    .where('ava_id', '=', avaId)
    .execute();
}
