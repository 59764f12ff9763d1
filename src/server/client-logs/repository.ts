/** Client log entries (POST /pushClientLogsToElastic), kept so they can be read without a log service. */
import type { Kysely } from 'kysely';
import type { ClientLogEntry } from '../../shared/user';
import type { Database } from '../db';

export interface StoredClientLog extends ClientLogEntry {
  receivedAtMs: number;
  avaId?: string;
}

export class ClientLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(entries: ClientLogEntry[], avaId: string | undefined, receivedAtMs: number): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto('client_logs')
      .values(
        entries.map((e) => ({
          received_at_ms: receivedAtMs,
          ava_id: avaId ?? null,
          tag: e.tag,
          msg: e.msg,
          level: e.level,
          extra: e.extra ? JSON.stringify(e.extra) : null,
          os: e.os,
          app: e.app,
          browser: e.browser,
          device: e.device,
          timestamp_ms: e.timestamp,
        })),
      )
      .execute();
  }

  /** Deletes the entries received before `cutoffMs` (the retention sweep); answers how many. */
  async deleteReceivedBefore(cutoffMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('client_logs')
      .where('received_at_ms', '<', cutoffMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The latest entries, newest last. */
  async latest(limit: number): Promise<StoredClientLog[]> {
    const rows = await this.db
      .selectFrom('client_logs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({
      tag: r.tag,
      msg: r.msg,
      level: r.level as ClientLogEntry['level'],
      ...(r.extra
        ? { extra: (typeof r.extra === 'string' ? JSON.parse(r.extra) : r.extra) as Record<string, unknown> }
        : {}),
      os: r.os,
      app: r.app,
      browser: r.browser,
      device: r.device,
      timestamp: Number(r.timestamp_ms),
      receivedAtMs: Number(r.received_at_ms),
      ...(r.ava_id ? { avaId: r.ava_id } : {}),
    }));
  }
}
