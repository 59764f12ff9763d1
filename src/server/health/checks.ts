/**
 * The parts readiness asks about (readiness.ts): the database answers a query, the speech pool has
 * a live worker, and in cluster mode NATS and Redis answer a ping (cluster/node.ts).
 */
import { sql } from 'kysely';
import type { ReadinessCheck } from './readiness';

export function serverReadinessChecks(parts: {
  /** The server's database (its Kysely instance). */
  db: Parameters<ReturnType<typeof sql>['execute']>[0];
  pool: { readonly liveWorkers: number };
  cluster?: { readinessChecks(): ReadinessCheck[] };
}): ReadinessCheck[] {
  return [
    {
      name: 'database',
      check: async () => {
        await sql`select 1`.execute(parts.db);
      },
    },
    {
      name: 'speech',
      check: () => {
        if (parts.pool.liveWorkers === 0) throw new Error('no speech worker is running');
      },
    },
    ...(parts.cluster?.readinessChecks() ?? []),
  ];
}
