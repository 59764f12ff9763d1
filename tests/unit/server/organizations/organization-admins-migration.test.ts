/**
 * The migration that gives every organisation with members an admin (issue 29 F-08): before it,
 * one created by someone who joined as a member had none, and anyone naming it could claim it.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql } from 'kysely';
import { PGliteDialect } from '../../../../src/server/db/pglite-dialect';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../../../src/server/db/migrations';

let db: Kysely<unknown> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

async function addUser(avaId: string, organizationId: string | null, createdAtMs: number) {
  await sql`insert into users (ava_id, firebase_auth_uid, ava_name, user_name, account_type, emails,
      convo_metrics, features, subscription, settings, invite_metrics, join_metrics, organization_id,
      role, org_properties, created_at_ms, updated_at_ms)
    values (${avaId}, ${`uid-${avaId}`}, ${avaId}, ${avaId}, 'Individual', '{}', '{}', '{}', '{}', '{}',
      '{}', '{}', ${organizationId}, 'member', '{"role":"member"}', ${createdAtMs}, ${createdAtMs})`.execute(
    db!,
  );
}

async function addOrganization(id: string, adminAvaId: string | null) {
  await sql`insert into organizations (id, name, name_key, type, size, admin_ava_id, created_at_ms)
    values (${id}, ${id}, ${id}, 'hr', '1-10', ${adminAvaId}, 1)`.execute(db!);
}

describe('the organisation admins migration', () => {
  it('makes the earliest member the admin of an organisation that has members and no admin', async () => {
    db = new Kysely<unknown>({ dialect: new PGliteDialect(new PGlite()) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    const before = await migrator.migrateTo('2026-12-21-cluster-002-room-calls-and-bots');
    expect(before.error).toBeUndefined();
    await addOrganization('no-admin', null);
    await addOrganization('has-admin', 'carol');
    await addOrganization('empty', null);
    await addUser('bob', 'no-admin', 20);
    await addUser('alice', 'no-admin', 10);
    await addUser('carol', 'has-admin', 30);
    await addUser('dan', 'has-admin', 5);

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const orgs = await sql<{ id: string; admin_ava_id: string | null }>`
      select id, admin_ava_id from organizations order by id`.execute(db);
    expect(orgs.rows).toEqual([
      { id: 'empty', admin_ava_id: null },
      { id: 'has-admin', admin_ava_id: 'carol' },
      { id: 'no-admin', admin_ava_id: 'alice' },
    ]);
    const roles = await sql<{ ava_id: string; role: string; org_properties: unknown }>`
      select ava_id, role, org_properties from users order by ava_id`.execute(db);
    expect(roles.rows).toEqual([
      { ava_id: 'alice', role: 'admin', org_properties: { role: 'admin' } },
      { ava_id: 'bob', role: 'member', org_properties: { role: 'member' } },
      { ava_id: 'carol', role: 'admin', org_properties: { role: 'admin' } },
      { ava_id: 'dan', role: 'member', org_properties: { role: 'member' } },
    ]);
  }, 120_000); // every migration from an empty embedded database: slow on a busy machine
});
