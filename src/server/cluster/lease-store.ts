/**
 * Room leases in PostgreSQL (table cluster_room_leases): the database's own clock decides
 * expiry, so nodes' clocks never have to agree, and the token is a sequence number that only
 * grows, so a newer owner always has the larger one.
 *
 * Fencing: every transcript write of a room runs, in its own transaction, `fenceCheck` first:
 * it reads the room's lease row FOR SHARE and refuses unless the token is the writer's. Taking
 * the lease over is an UPDATE of that row, so the two serialise: a write that got in first is
 * committed before the new owner loads the room's transcript (and so is in it); a write that
 * comes after sees the new token and is refused. A paused node that wakes with finals in its
 * queue can therefore never write them.
 */
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../db';
import type { AcquireResult, LeaseStore } from './lease';

export class FencedOut extends Error {
  constructor(roomId: string) {
    super(`this node no longer owns conversation ${roomId}: the write was refused (fencing token)`);
  }
}

export class PostgresLeaseStore implements LeaseStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly nodeId: string,
    private readonly ttlMs: number,
  ) {}

  async acquire(roomId: string): Promise<AcquireResult> {
    const taken = await sql<{ token: string }>`
      insert into cluster_room_leases (room_id, node, token, expires_at)
      values (${roomId}, ${this.nodeId}, nextval('cluster_lease_tokens'),
              clock_timestamp() + ${this.ttlMs} * interval '1 millisecond')
      on conflict (room_id) do update
        set node = excluded.node, token = excluded.token, expires_at = excluded.expires_at
        where cluster_room_leases.expires_at < clock_timestamp()
      returning token`.execute(this.db);
    const row = taken.rows[0];
    if (row) return { held: true, token: String(row.token) };
    const holder = await this.holder(roomId);
    return holder ? { held: false, holder: holder.node } : { held: false };
  }

  async renewAll(leases: { roomId: string; token: string }[]): Promise<Set<string>> {
    if (leases.length === 0) return new Set();
    const rows = leases.map((l) => sql`(${l.roomId}::text, ${l.token}::bigint)`);
    const renewed = await sql<{ room_id: string }>`
      update cluster_room_leases
        set expires_at = clock_timestamp() + ${this.ttlMs} * interval '1 millisecond'
        where (room_id, token) in (${sql.join(rows)}) and expires_at > clock_timestamp()
        returning room_id`.execute(this.db);
    return new Set(renewed.rows.map((r) => r.room_id));
  }

  /** One lease (renewAll of one): false when it expired or was taken. */
  async renew(roomId: string, token: string): Promise<boolean> {
    return (await this.renewAll([{ roomId, token }])).has(roomId);
  }

  async release(roomId: string, token: string): Promise<void> {
    await sql`delete from cluster_room_leases where room_id = ${roomId} and token = ${token}`.execute(
      this.db,
    );
  }

  /** The node holding the room's unexpired lease, if any. */
  async holder(roomId: string): Promise<{ node: string; token: string } | undefined> {
    const result = await sql<{ node: string; token: string }>`
      select node, token from cluster_room_leases
        where room_id = ${roomId} and expires_at > clock_timestamp()`.execute(this.db);
    const row = result.rows[0];
    return row ? { node: row.node, token: String(row.token) } : undefined;
  }

  /** Rooms with an unexpired lease, whoever holds it. */
  async leasedRooms(): Promise<string[]> {
    const result = await sql<{ room_id: string }>`
      select room_id from cluster_room_leases where expires_at > clock_timestamp()`.execute(this.db);
    return result.rows.map((r) => r.room_id);
  }

  /**
   * Rooms that nobody owns but that have a phone call or a meeting bot still on (their owner
   * died and no one came back to the room): some node must take them for the call or bot to be
   * heard again (phone-calls/room-calls.ts, meeting-bot/room-bots.ts `adopt`).
   */
  async unownedRoomsWithMedia(): Promise<string[]> {
    const result = await sql<{ room_id: string }>`
      select room_id from cluster_room_calls where status not in ('ended', 'failed')
      union
      select room_id from cluster_room_bots
        where not ended and status->>'status' in ('LOADING', 'WAITING_FOR_HOST', 'CONNECTING_TO_AUDIO', 'CONNECTED', 'CAPTIONING')
      except
      select room_id from cluster_room_leases where expires_at > clock_timestamp()`.execute(this.db);
    return result.rows.map((r) => r.room_id);
  }

  /** The holders of several rooms at once (the relay checks its rooms' owners every second). */
  async holders(roomIds: string[]): Promise<Map<string, string>> {
    if (roomIds.length === 0) return new Map();
    const result = await sql<{ room_id: string; node: string }>`
      select room_id, node from cluster_room_leases
        where room_id in (${sql.join(roomIds)}) and expires_at > clock_timestamp()`.execute(this.db);
    return new Map(result.rows.map((r) => [r.room_id, r.node]));
  }
}

/**
 * The check run inside every transcript write's transaction (transcripts/repository.ts WriteGuard):
 * `tokenOf` is this node's token for the room, undefined when it holds no lease.
 */
export function fenceCheck(tokenOf: (roomId: string) => string | undefined) {
  return async (trx: Transaction<Database>, roomId: string): Promise<void> => {
    const mine = tokenOf(roomId);
    if (mine === undefined) throw new FencedOut(roomId);
    const result = await sql<{ token: string }>`
      select token from cluster_room_leases where room_id = ${roomId} for share`.execute(trx);
    const current = result.rows[0];
    if (!current || String(current.token) !== mine) throw new FencedOut(roomId);
  };
}

/**
 * Ongoing rooms `hostAvaId` hosts that are live somewhere in the cluster now: those with an
 * unexpired lease (HEARKEN_LIVE_ROOMS_PER_IDENTITY, counted across the nodes).
 *
 * Counted from the leases rather than kept as a counter (in Redis or elsewhere) because a lease
 * is what makes a room live in a cluster: a node holds one exactly while the room is in its
 * memory (cluster/node.ts `wanted`), one row per room, whoever holds it. A node that dies is not
 * counted twice: its rooms' rows stay until their leases lapse and the node that takes a room
 * over takes the same row; nor forever: a lapsed lease no longer counts. A counter would have to
 * be decremented by the node that died, and rebuilt when rooms move.
 */
export async function liveRoomsHostedBy(db: Kysely<Database>, hostAvaId: string): Promise<number> {
  const result = await sql<{ live: string | number }>`
    select count(*) as live from cluster_room_leases l
      join rooms r on r.id = l.room_id
      where r.host_ava_id = ${hostAvaId} and r.state = 'ongoing'
        and l.expires_at > clock_timestamp()`.execute(db);
  return Number(result.rows[0]?.live ?? 0);
}
