/**
 * Report a problem (conversation.md: `POST /api/v1/reports`): a guest or an account tells what
 * went wrong, with a category and, from a conversation, its room. Each report is stored (under
 * the author's organisation when they have one, for its admin's list), and written to the
 * server log so an operator sees it without the database. Reports are limited per caller and
 * per client address: a person never needs more than a few a minute.
 */
import type { FastifyInstance } from 'fastify';
import { apiError, apiErrorSchema } from '../../shared/api';
import {
  PROBLEM_REPORT_ROUTES,
  problemReportBodySchema,
  problemReportReceiptSchema,
  workspaceProblemReportsSchema,
} from '../../shared/problem-reports';
import { type AnyRoute, type Limit, type RateLimiter, registerDescribed, routeIn } from '../http';
import type { ProblemReportRepository } from './repository';

const route = routeIn('problem-reports');

/** Per caller: 5 at once, then one a minute. */
export const PROBLEM_REPORT_LIMIT: Limit = { ratePerSecond: 1 / 60, burst: 5 };
/** Per client address (a venue of people behind one): 50 at once, then one every 6 s. */
export const PROBLEM_REPORT_ADDRESS_LIMIT: Limit = { ratePerSecond: 1 / 6, burst: 50 };

export interface ProblemReportRouteDeps {
  reports: ProblemReportRepository;
  limiters: { caller: RateLimiter; address: RateLimiter };
  now(): number;
  log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
}

export function problemReportRoutes(deps: ProblemReportRouteDeps): AnyRoute[] {
  return [
    route('POST', PROBLEM_REPORT_ROUTES.reports, {
      summary:
        'Reports a problem (description, category, optional room): stored, and written to the server log.',
      body: problemReportBodySchema,
      response: { 202: problemReportReceiptSchema, 429: apiErrorSchema },
      handler: async (request, reply) => {
        const principal = request.principal;
        // The access table let only a guest or an account through; an account without a
        // profile yet is counted under its identity.
        const profile = principal.kind === 'account' ? principal.profile : undefined;
        const caller =
          principal.avaId ?? (principal.kind === 'account' ? `uid:${principal.identity.uid}` : request.ip);
        for (const [limiter, key] of [
          [deps.limiters.caller, caller],
          [deps.limiters.address, request.ip],
        ] as const) {
          if (!(await limiter.take(key))) {
            const seconds = limiter.retryAfterSeconds();
            return reply
              .code(429)
              .header('Retry-After', String(seconds))
              .send(
                apiError('rate-limited', `You have sent many reports just now. Try again in ${seconds} s.`),
              );
          }
        }
        const body = request.body;
        const organizationId = profile?.organizationId;
        const id = await deps.reports.add(
          body,
          { avaId: caller, userName: profile?.userName, organizationId },
          deps.now(),
        );
        deps.log('warn', `problem reported (${body.category})`, {
          reportId: id,
          category: body.category,
          description: body.description,
          ...(body.roomId ? { roomId: body.roomId } : {}),
          avaId: caller,
          ...(organizationId ? { organizationId } : {}),
        });
        return reply.code(202).send({ id });
      },
    }),
    route('GET', PROBLEM_REPORT_ROUTES.workspaceReports, {
      summary: "The caller's organisation's problem reports, newest first (its admin only).",
      response: { 200: workspaceProblemReportsSchema },
      handler: async (request) => {
        const organizationId = request.organizationAccess!.organizationId;
        return { reports: await deps.reports.ofOrganization(organizationId) };
      },
    }),
  ];
}

export function registerProblemReportRoutes(app: FastifyInstance, deps: ProblemReportRouteDeps): void {
  registerDescribed(app, problemReportRoutes(deps));
}
