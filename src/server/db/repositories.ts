/**
 * Every store the server keeps in its database, opened on one connection pool. Opening one is
 * free (a repository keeps only the pool): they are all made at start-up, so a feature is handed
 * its store rather than making its own.
 */
import type { Kysely } from 'kysely';
import { ConversationMetricsRepository, GuestRepository, UserRepository } from '../accounts';
import { grantScribesByEmail } from '../auth';
import { BoostWordsRepository } from '../boost';
import { ClientLogRepository } from '../client-logs';
import { CreditRepository } from '../credits';
import { RatingRepository, SavedTranscriptRepository } from '../history';
import { LicenceRepository } from '../licences';
import { MeetingBotRepository } from '../meeting-bot';
import { MembershipRepository, OrganizationRepository } from '../organizations';
import { PhoneCallRepository } from '../phone-calls';
import { ProblemReportRepository } from '../problem-reports';
import { ConversationReportRepository } from '../recap';
import { UsageReportRepository } from '../reporting';
import { RoomRepository } from '../rooms';
import { ScribeRequestRepository } from '../scribes';
import { TranscriptRepository, type WriteGuard } from '../transcripts';
import { WorkspaceRepository } from '../workspace';
import type { Database } from './schema';

export interface RepositoryOptions {
  /** Cluster mode: this node's leases fence every transcript write (cluster/lease-store.ts). */
  fence?: WriteGuard;
  /** Accounts listed in HEARKEN_SCRIBE_EMAILS read as Scribes everywhere (auth/scribe-grants.ts). */
  scribeEmails?: readonly string[];
}

export function repositories(db: Kysely<Database>, options: RepositoryOptions = {}) {
  return {
    guests: new GuestRepository(db),
    users: grantScribesByEmail(new UserRepository(db), options.scribeEmails ?? []),
    rooms: new RoomRepository(db),
    transcripts: new TranscriptRepository(db, options.fence),
    metrics: new ConversationMetricsRepository(db),
    reports: new ConversationReportRepository(db),
    saved: new SavedTranscriptRepository(db),
    ratings: new RatingRepository(db),
    clientLogs: new ClientLogRepository(db),
    problemReports: new ProblemReportRepository(db),
    boostWords: new BoostWordsRepository(db),
    organizations: new OrganizationRepository(db),
    membership: new MembershipRepository(db),
    licences: new LicenceRepository(db),
    credits: new CreditRepository(db),
    workspace: new WorkspaceRepository(db),
    usageReports: new UsageReportRepository(db),
    scribeRequests: new ScribeRequestRepository(db),
    // Kept only in cluster mode, for another node to take a room's bot or call over.
    meetingBots: new MeetingBotRepository(db),
    phoneCalls: new PhoneCallRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;
