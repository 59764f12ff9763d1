/** Problem reports (shared/problem-reports.ts): stored under their author and, for an account in one, its organisation. */
import type { Kysely } from 'kysely';
import {
  PROBLEM_REPORTS_LISTED,
  type ProblemCategory,
  type ProblemReport,
  type ProblemReportBody,
} from '../../shared/problem-reports';
import type { Database } from '../db';

export interface ProblemReportAuthor {
  avaId: string;
  userName?: string | undefined;
  organizationId?: string | undefined;
}

export class ProblemReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the report; answers its id. */
  async add(body: ProblemReportBody, author: ProblemReportAuthor, nowMs: number): Promise<number> {
    const row = await this.db
      .insertInto('problem_reports')
      .values({
        ava_id: author.avaId,
        user_name: author.userName ?? null,
        organization_id: author.organizationId ?? null,
        category: body.category,
        description: body.description,
        room_id: body.roomId ?? null,
        reported_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The organisation's latest reports, newest first. */
  async ofOrganization(organizationId: string, limit = PROBLEM_REPORTS_LISTED): Promise<ProblemReport[]> {
    const rows = await this.db
      .selectFrom('problem_reports')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('reported_at_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      category: row.category as ProblemCategory,
      description: row.description,
      ...(row.room_id ? { roomId: row.room_id } : {}),
      avaId: row.ava_id,
      ...(row.user_name ? { userName: row.user_name } : {}),
      reportedAtMs: Number(row.reported_at_ms),
    }));
  }
}
