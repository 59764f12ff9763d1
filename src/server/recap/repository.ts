/**
 * The reports made once for an ended conversation (its smart recap, its caption quality report)
 * and whether its host shares a read-only link. Rows go with the room (on delete cascade).
 */
import type { Kysely } from 'kysely';
import type { CaptionQualityReport } from '../../shared/recap/caption-quality';
import type { SmartRecap } from '../../shared/recap/smart-recap';
import type { Database } from '../db';

type ReportTableName = 'smart_recaps' | 'caption_quality_reports';

export class ConversationReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private async find<T>(table: ReportTableName, roomId: string): Promise<T | undefined> {
    const row = await this.db
      .selectFrom(table)
      .select('body')
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    if (!row) return undefined;
    return (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as T;
  }

  /** Keeps the first report made: a second writer (two readers at once) gets the stored one. */
  private async keep<T extends { createdAtMs: number }>(
    table: ReportTableName,
    roomId: string,
    body: T,
  ): Promise<T> {
    await this.db
      .insertInto(table)
      .values({ room_id: roomId, body: JSON.stringify(body), created_at_ms: body.createdAtMs })
      .onConflict((oc) => oc.column('room_id').doNothing())
      .execute();
    return (await this.find<T>(table, roomId)) ?? body;
  }

  findRecap(roomId: string): Promise<SmartRecap | undefined> {
    return this.find('smart_recaps', roomId);
  }

  keepRecap(recap: SmartRecap): Promise<SmartRecap> {
    return this.keep('smart_recaps', recap.roomId, recap);
  }

  findQuality(roomId: string): Promise<CaptionQualityReport | undefined> {
    return this.find('caption_quality_reports', roomId);
  }

  keepQuality(report: CaptionQualityReport): Promise<CaptionQualityReport> {
    return this.keep('caption_quality_reports', report.roomId, report);
  }

  async isShared(roomId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('transcript_share_links')
      .select('room_id')
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async share(roomId: string, nowMs: number): Promise<void> {
    await this.db
      .insertInto('transcript_share_links')
      .values({ room_id: roomId, shared_at_ms: nowMs })
      .onConflict((oc) => oc.column('room_id').doNothing())
      .execute();
  }

  async unshare(roomId: string): Promise<void> {
    await this.db.deleteFrom('transcript_share_links').where('room_id', '=', roomId).execute();
  }
}
