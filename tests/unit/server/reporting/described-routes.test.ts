/**
 * Workspace reporting as a described route: its own refusals of a bad period or format (codes
 * the reporting page knows) come before any report is made, and the OpenAPI document says it
 * answers JSON or CSV.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import { BUSINESS_ROUTES } from '../../../../src/shared/business-api';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { registerOpenApi } from '../../../../src/server/http/openapi';
import { registerReportingRoutes } from '../../../../src/server/reporting/routes';
import type { UsageReportRepository } from '../../../../src/server/reporting/usage-report';

let app: FastifyInstance;

async function reportingApp(): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  await registerOpenApi(app, 'test');
  const reports = {
    report: () => {
      throw new Error('a refused request reached the repository');
    },
  } as unknown as UsageReportRepository;
  registerReportingRoutes(app, { reports });
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
});

const errorOf = async (query: string) =>
  (await app.inject({ method: 'GET', url: `${BUSINESS_ROUTES.workspaceReporting}${query}` })).json().error;

describe('GET workspace reporting', () => {
  it('keeps its own refusals of a period and a format', async () => {
    await reportingApp();
    expect((await errorOf('')).code).toBe('invalid-period');
    expect((await errorOf('?from=2&to=1')).code).toBe('invalid-period');
    expect(await errorOf(`?from=0&to=${400 * 24 * 3600 * 1000}`)).toEqual({
      code: 'invalid-period',
      content: { message: 'A report covers at most a year.' },
    });
    expect((await errorOf('?from=1&to=2&format=xlsx')).code).toBe('invalid-format');
  });

  it('is in the OpenAPI document as JSON or CSV', async () => {
    await reportingApp();
    const document = (await app.inject({ method: 'GET', url: API.openapi })).json();
    const operation = document.paths[BUSINESS_ROUTES.workspaceReporting].get;
    expect(operation.tags).toEqual(['reporting']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/json', 'text/csv']);
  });
});
