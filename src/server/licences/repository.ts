/**
 * Licences of organisations (shared/licences.ts), one row per licence; the rows bought together
 * share a purchase id (the payment provider's subscription id, or the trial's own). Holding an
 * active licence makes a person's plan Pro; losing the last one makes it Free again, in the
 * same transaction, so a profile never says Pro without a licence behind it (or the reverse).
 * Payment events are applied through `applyPaymentEvent`, once each.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Transaction,
  sql,
} from 'kysely';
import {
  LICENCE_PLAN,
  type Licence,
  type LicenceInterval,
  type OfferId,
  trialEnd,
} from '../../shared/licences';
import { randomId } from '../../shared/ids';
import type { Database } from '../db';
import { type StoredLicence, refreshPlan, subscriptionSeats, toStored } from './rows';

export type { StoredLicence } from './rows';

export interface NewPurchase {
  organizationId: string;
  purchaseId: string;
  offerId: OfferId;
  interval: LicenceInterval;
  count: number;
  endDateMs: number;
  language?: string;
}

export class LicenceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(organizationId: string): Promise<Licence[]> {
    const rows = await this.db
      .selectFrom('licences')
      .innerJoin('organizations', 'organizations.id', 'licences.organization_id')
      .selectAll('licences')
      .select(['organizations.name as organization_name', subscriptionSeats])
      .where('licences.organization_id', '=', organizationId)
      .orderBy('licences.created_at_ms')
      .orderBy('licences.id')
      .execute();
    return rows.map((r) => toStored(r, r.organization_name).licence);
  }

  async find(id: string): Promise<StoredLicence | undefined> {
    const row = await this.db
      .selectFrom('licences')
      .selectAll()
      .select(subscriptionSeats)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toStored(row) : undefined;
  }

  /** The licences a condition picks, as stored. */
  private async storedWhere(
    condition: (eb: ExpressionBuilder<Database, 'licences'>) => Expression<SqlBool>,
  ): Promise<StoredLicence[]> {
    const rows = await this.db.selectFrom('licences').selectAll().where(condition).execute();
    return rows.map((r) => toStored(r));
  }

  /** The purchase's licences (all share one subscription). */
  ofPurchase(purchaseId: string): Promise<StoredLicence[]> {
    return this.storedWhere((eb) => eb('purchase_id', '=', purchaseId));
  }

  /** Active licences held by, or sent to, an email address (any organisation). */
  activeForEmail(email: string, nowMs: number): Promise<StoredLicence[]> {
    return this.storedWhere((eb) =>
      eb.and([
        eb.or([eb('recipient', '=', email), eb('assigned_email', '=', email)]),
        eb('end_date_ms', '>', nowMs),
      ]),
    );
  }

  activeHeldBy(avaId: string, nowMs: number): Promise<StoredLicence[]> {
    return this.storedWhere((eb) =>
      eb.and([eb('assigned_ava_id', '=', avaId), eb('end_date_ms', '>', nowMs)]),
    );
  }

  async hasHadTrial(organizationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('licences')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('trial', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The organisation's free trial: one licence, held by the admin who started it. */
  async createTrial(
    organizationId: string,
    admin: { avaId: string; email?: string },
    language: string | undefined,
    nowMs: number,
  ): Promise<Licence> {
    const id = randomId(20);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('licences')
        .values({
          id,
          organization_id: organizationId,
          purchase_id: `trial-${organizationId}`,
          offer_id: 'trial',
          type: 'standard',
          plan: LICENCE_PLAN,
          interval: 'month',
          count: 1,
          end_date_ms: trialEnd(nowMs),
          auto_renewal: false,
          trial: true,
          recipient: admin.email ?? null,
          language: language ?? null,
          assigned_ava_id: admin.avaId,
          assigned_email: admin.email ?? null,
          has_updated: true,
          created_at_ms: nowMs,
        })
        .execute();
      await refreshPlan(trx, admin.avaId, nowMs);
    });
    return (await this.find(id))!.licence;
  }

  /**
   * Sends a free licence as a magic link: its recipient gets it when they sign in with that
   * verified email (claimPending). Only a licence nobody holds.
   */
  async sendAsMagicLink(id: string, recipient: string, language: string | undefined): Promise<boolean> {
    const updated = await this.db
      .updateTable('licences')
      .set({ type: 'magicLink', recipient, language: language ?? null, has_updated: true })
      .where('id', '=', id)
      .where('assigned_ava_id', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  }

  /** The account an email address signs in with, if any (any of its providers' addresses). */
  async accountByEmail(
    email: string,
  ): Promise<{ avaId: string; organizationId?: string; subscription: Record<string, unknown> } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['ava_id', 'organization_id', 'subscription'])
      .where(sql<boolean>`exists (select 1 from jsonb_each_text(emails) e where lower(e.value) = ${email})`)
      .executeTakeFirst();
    if (!row) return undefined;
    const subscription = (
      typeof row.subscription === 'string' ? JSON.parse(row.subscription) : row.subscription
    ) as Record<string, unknown>;
    return {
      avaId: row.ava_id,
      ...(row.organization_id ? { organizationId: row.organization_id } : {}),
      subscription: subscription ?? {},
    };
  }

  /**
   * Applies a payment provider event once: its id is recorded in the same transaction as its
   * effects, so a second delivery (or two at once) finds it and changes nothing.
   */
  async applyPaymentEvent(
    event: { id: string; type: string },
    nowMs: number,
    apply: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<'applied' | 'duplicate'> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('payment_events')
        .values({ id: event.id, type: event.type, received_at_ms: nowMs })
        .onConflict((oc) => oc.column('id').doNothing())
        // RETURNING says whether a row went in, on PGlite and pg alike (row counts differ).
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return 'duplicate';
      await apply(trx);
      return 'applied';
    });
  }

  /** The licences of a paid purchase (a checkout completed); none again for the same purchase. */
  async addPurchase(trx: Transaction<Database>, purchase: NewPurchase, nowMs: number): Promise<void> {
    const existing = await trx
      .selectFrom('licences')
      .select('id')
      .where('purchase_id', '=', purchase.purchaseId)
      .executeTakeFirst();
    if (existing) return;
    const rows = Array.from({ length: purchase.count }, () => ({
      id: randomId(20),
      organization_id: purchase.organizationId,
      purchase_id: purchase.purchaseId,
      offer_id: purchase.offerId,
      type: 'standard',
      plan: LICENCE_PLAN,
      interval: purchase.interval,
      count: purchase.count,
      end_date_ms: purchase.endDateMs,
      auto_renewal: true,
      trial: false,
      recipient: null,
      language: purchase.language ?? null,
      assigned_ava_id: null,
      assigned_email: null,
      has_updated: true,
      created_at_ms: nowMs,
    }));
    await trx.insertInto('licences').values(rows).execute();
  }

  /**
   * A subscription's new state: its period end and whether it renews, for the licences still in
   * it. `ended`: the subscription is over, and a licence cancelled alone that would run past its
   * end ends with it too.
   */
  async updatePurchase(
    trx: Transaction<Database>,
    purchaseId: string,
    change: { endDateMs?: number; autoRenewal?: boolean },
    nowMs: number,
    ended = false,
  ): Promise<void> {
    const inSubscription = await trx
      .updateTable('licences')
      .set({
        ...(change.endDateMs !== undefined ? { end_date_ms: change.endDateMs } : {}),
        ...(change.autoRenewal !== undefined ? { auto_renewal: change.autoRenewal } : {}),
        has_updated: true,
      })
      .where('purchase_id', '=', purchaseId)
      .where('cancelled_at_ms', 'is', null)
      .returning('assigned_ava_id')
      .execute();
    const cutShort =
      ended && change.endDateMs !== undefined
        ? await trx
            .updateTable('licences')
            .set({ end_date_ms: change.endDateMs, has_updated: true })
            .where('purchase_id', '=', purchaseId)
            .where('cancelled_at_ms', 'is not', null)
            .where('end_date_ms', '>', change.endDateMs)
            .returning('assigned_ava_id')
            .execute()
        : [];
    const holders = [...inSubscription, ...cutShort];
    for (const { assigned_ava_id } of holders) {
      if (assigned_ava_id) await refreshPlan(trx, assigned_ava_id, nowMs);
    }
  }

  /**
   * The admin cancels one paid licence: it leaves its subscription, stops renewing now and runs
   * to the end of its paid period. Answers how many licences of its purchase stay in the
   * subscription (what it renews from then on).
   */
  leaveSubscription(id: string, nowMs: number): Promise<number> {
    return this.setInSubscription(id, { cancelled_at_ms: nowMs, auto_renewal: false });
  }

  /**
   * The licence is back in its subscription (a cancellation taken back or undone), renewing as
   * `autoRenewal` says until the provider's next event. Answers the subscription's licences.
   */
  rejoinSubscription(id: string, autoRenewal: boolean): Promise<number> {
    return this.setInSubscription(id, { cancelled_at_ms: null, auto_renewal: autoRenewal });
  }

  /**
   * Counted with the purchase's rows locked: two cancellations at once each count the other.
   */
  private setInSubscription(
    id: string,
    change: { cancelled_at_ms: number | null; auto_renewal: boolean },
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { purchase_id } = await trx
        .selectFrom('licences')
        .select('purchase_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const rows = await trx
        .selectFrom('licences')
        .select(['id', 'cancelled_at_ms'])
        .where('purchase_id', '=', purchase_id)
        .forUpdate()
        .execute();
      await trx
        .updateTable('licences')
        .set({ ...change, has_updated: true })
        .where('id', '=', id)
        .execute();
      const inSubscription = (r: (typeof rows)[number]) =>
        r.id === id ? change.cancelled_at_ms === null : r.cancelled_at_ms === null;
      return rows.filter(inSubscription).length;
    });
  }

  /** Gives the licence to an account (or, with no account yet, to an email to claim at sign-in). */
  async assign(id: string, email: string, avaId: string | undefined, nowMs: number): Promise<void> {
    await this.changeHolder(
      id,
      { recipient: email, assigned_email: avaId ? email : null, assigned_ava_id: avaId ?? null },
      nowMs,
    );
  }

  async unassign(id: string, nowMs: number): Promise<void> {
    await this.changeHolder(id, { recipient: null, assigned_email: null, assigned_ava_id: null }, nowMs);
  }

  /**
   * Changes who holds a licence, in one transaction with the plans it changes: the account that
   * held it before (which may lose its licence plan) and the one that holds it now.
   */
  private async changeHolder(
    id: string,
    holder: { recipient: string | null; assigned_email: string | null; assigned_ava_id: string | null },
    nowMs: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('licences')
        .select('assigned_ava_id')
        .where('id', '=', id)
        .executeTakeFirst();
      await trx
        .updateTable('licences')
        .set({ ...holder, has_updated: true })
        .where('id', '=', id)
        .execute();
      const now = holder.assigned_ava_id;
      if (before?.assigned_ava_id && before.assigned_ava_id !== now) {
        await refreshPlan(trx, before.assigned_ava_id, nowMs);
      }
      if (now) await refreshPlan(trx, now, nowMs);
    });
  }

  /** Ends a licence now (a trial or magic link cancelled): shown as Deactivated from then on. */
  async endNow(id: string, nowMs: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('licences')
        .set({
          end_date_ms: sql<number>`least(end_date_ms, ${nowMs})`,
          auto_renewal: false,
          has_updated: true,
        })
        .where('id', '=', id)
        .returning('assigned_ava_id')
        .executeTakeFirst();
      if (row?.assigned_ava_id) await refreshPlan(trx, row.assigned_ava_id, nowMs);
    });
  }

  /**
   * Licences sent to this person's verified email and not yet held: attached now (the magic
   * link's "attaches the licence when they sign in", and licences assigned before sign-up).
   */
  async claimPending(avaId: string, email: string, nowMs: number): Promise<StoredLicence[]> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('licences')
        .set({ assigned_ava_id: avaId, assigned_email: email, has_updated: true })
        .where('recipient', '=', email)
        .where('assigned_ava_id', 'is', null)
        .where('end_date_ms', '>', nowMs)
        .returningAll()
        .execute();
      if (claimed.length > 0) await refreshPlan(trx, avaId, nowMs);
      return claimed.map((r) => toStored(r));
    });
  }

  /**
   * A licence ends by time too (a trial runs out, a period is not renewed): the plan of someone
   * who holds or held licences is brought in line with them. Someone who never held one keeps
   * the plan they have (an operator's, say). Answers whether the plan may have changed.
   */
  async refreshPlanIfLicensed(avaId: string, nowMs: number): Promise<boolean> {
    const held = await this.db
      .selectFrom('licences')
      .select('id')
      .where('assigned_ava_id', '=', avaId)
      .executeTakeFirst();
    if (!held) return false;
    await refreshPlan(this.db, avaId, nowMs);
    return true;
  }
}
