/**
 * The cluster's name, which scopes its NATS subjects (subject-scope.ts): two clusters sharing one
 * NATS server (staging beside production, or two test runs) must not hear each other's nodes,
 * whose load reports, speech streams and relayed sockets would otherwise mix.
 *
 * Nodes of one cluster share one database (their leases are there), so by default the name is
 * the database's: made once at random and kept in `cluster_identity`, it needs no setting and no
 * two databases share it. HEARKEN_CLUSTER_NAME overrides it for an operator who wants readable
 * subjects (for NATS permissions, say); every node of the cluster must then set the same one.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db';

export const CLUSTER_NAME_VARIABLE = 'HEARKEN_CLUSTER_NAME';

/** One NATS subject token: no dots, spaces or wildcards. */
export const CLUSTER_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The configured name, or the database's (made on first use; every node reads the same). */
export async function clusterNameOf(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  const made = `c${randomBytes(6).toString('hex')}`;
  await sql`insert into cluster_identity (id, name) values (1, ${made}) on conflict (id) do nothing`.execute(
    db,
  );
  const row = await sql<{ name: string }>`select name from cluster_identity where id = 1`.execute(db);
  const name = row.rows[0]?.name;
  if (!name) throw new Error('cluster_identity has no name after it was made');
  return name;
}
