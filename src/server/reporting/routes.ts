/**
 * Workspace reporting (accounts.md: workspace admin, reporting): one organisation's caption time
 * per member and per week over a period, as JSON for the page's charts or as the CSV download.
 * Who may call it is in the authorisation table (the organisation's admin).
 */
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import {
  REPORT_MAX_SPAN_MS,
  usageReportCsv,
  usageReportQuerySchema,
  usageReportSchema,
} from '../../shared/usage-report';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { UsageReportRepository } from './usage-report';

const route = routeIn('reporting');

export interface ReportingRouteDeps {
  reports: UsageReportRepository;
}

const MS = /^\d{1,15}$/;

export function reportingRoutes(deps: ReportingRouteDeps): AnyRoute[] {
  return [
    route('GET', BUSINESS_ROUTES.workspaceReporting, {
      summary:
        "The caller's organisation's caption time per member and per week over ?from..?to (ms), or as CSV (?format=csv).",
      query: usageReportQuerySchema,
      response: { 200: usageReportSchema },
      produces: ['application/json', 'text/csv'],
      handler: async (request, reply) => {
        const { from, to, format } = request.query;
        if (!from || !to || !MS.test(from) || !MS.test(to) || Number(from) >= Number(to))
          return reply
            .code(400)
            .send(
              apiError('invalid-period', 'A period is from and to, in milliseconds, with from before to.'),
            );
        if (Number(to) - Number(from) > REPORT_MAX_SPAN_MS)
          return reply.code(400).send(apiError('invalid-period', 'A report covers at most a year.'));
        if (format !== undefined && format !== 'csv')
          return reply.code(400).send(apiError('invalid-format', 'The only file format is csv.'));
        const organizationId = request.organizationAccess!.organizationId;
        const report = await deps.reports.report(organizationId, Number(from), Number(to));
        if (format !== 'csv') return report;
        const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="hearken-usage-${day(report.fromMs)}-to-${day(report.toMs - 1)}.csv"`,
          )
          .send(usageReportCsv(report));
      },
    }),
  ];
}

export function registerReportingRoutes(app: FastifyInstance, deps: ReportingRouteDeps): void {
  registerDescribed(app, reportingRoutes(deps));
}
