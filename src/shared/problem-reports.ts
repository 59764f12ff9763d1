/**
 * Report a problem (conversation.md: `POST /api/v1/reports`, "report body"): what a person
 * tells about something that went wrong, from the conversation or its transcript. Stored under
 * its author, listed for the author's organisation's admin and written to the server log.
 */
import { type Infer, array, number, object, oneOf, optional, string } from './schema';

export const PROBLEM_REPORT_ROUTES = {
  /** POST ProblemReportBody -> ProblemReportReceipt (202); 429 when the caller sent too many. */
  reports: '/api/v1/reports',
  /** GET -> WorkspaceProblemReports: the caller's organisation's reports, newest first (its admin). */
  workspaceReports: '/api/v1/workspace/reports',
} as const;

/** What a problem is about: the dialog's choices, in this order. */
export const PROBLEM_CATEGORIES = ['captions', 'audio', 'connection', 'transcript', 'other'] as const;
export type ProblemCategory = (typeof PROBLEM_CATEGORIES)[number];

/** A description says something (a few characters) and fits a screen of text. */
export const PROBLEM_DESCRIPTION_MIN = 5;
export const PROBLEM_DESCRIPTION_MAX = 2000;
/** Room ids are short tokens; anything else is not a room. */
const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** The admin's list shows this many of the latest reports. */
export const PROBLEM_REPORTS_LISTED = 100;

export const problemReportBodySchema = object({
  description: string({ min: PROBLEM_DESCRIPTION_MIN, max: PROBLEM_DESCRIPTION_MAX, trim: true }),
  category: oneOf(PROBLEM_CATEGORIES),
  roomId: optional(string({ pattern: ROOM_ID_PATTERN, max: 128 })),
});
export type ProblemReportBody = Infer<typeof problemReportBodySchema>;

export const problemReportReceiptSchema = object({ id: number({ integer: true, min: 1 }) });
export type ProblemReportReceipt = Infer<typeof problemReportReceiptSchema>;

export const problemReportSchema = object({
  id: number({ integer: true, min: 1 }),
  category: oneOf(PROBLEM_CATEGORIES),
  description: string({ max: PROBLEM_DESCRIPTION_MAX }),
  roomId: optional(string({ max: 128 })),
  /** The author's avaId and name as their profile had it. */
  avaId: string(),
  userName: optional(string()),
  reportedAtMs: number({ integer: true, min: 0 }),
});
export type ProblemReport = Infer<typeof problemReportSchema>;

export const workspaceProblemReportsSchema = object({
  reports: array(problemReportSchema, { max: PROBLEM_REPORTS_LISTED }),
});
export type WorkspaceProblemReports = Infer<typeof workspaceProblemReportsSchema>;

/** Whether the dialog may send: the same rule as the server's, said before the round trip. */
export function problemDescriptionProblem(text: string): 'too-short' | 'too-long' | undefined {
  const length = text.trim().length;
  if (length < PROBLEM_DESCRIPTION_MIN) return 'too-short';
  if (length > PROBLEM_DESCRIPTION_MAX) return 'too-long';
  return undefined;
}
