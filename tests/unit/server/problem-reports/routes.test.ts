/**
 * POST /api/v1/reports on a bare Fastify with the one error handler: the body is checked before
 * anything is stored, a report is stored under its author and their organisation and written to
 * the server log, and a caller over their allowance is told to wait (429, Retry-After) while
 * another caller still reports.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_REPORT_ROUTES } from '../../../../src/shared/problem-reports';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { AddressLimiter } from '../../../../src/server/http/address-limits';
import {
  PROBLEM_REPORT_LIMIT,
  type ProblemReportRouteDeps,
  registerProblemReportRoutes,
} from '../../../../src/server/problem-reports/routes';

const stored: { body: unknown; author: unknown }[] = [];
const logged: { level: string; message: string; extra?: Record<string, unknown> }[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request) => {
    // The access hook's work: an account with a profile in an organisation, or a guest.
    const avaId = String(request.headers['x-test-ava-id'] ?? 'member-1');
    (request as unknown as { principal: unknown }).principal = avaId.startsWith('guest')
      ? { kind: 'guest', avaId }
      : {
          kind: 'account',
          avaId,
          identity: { uid: `uid-${avaId}` },
          profile: { avaId, userName: 'Ada', organizationId: 'org-1' },
        };
  });
  registerProblemReportRoutes(app, {
    reports: {
      add: async (body: unknown, author: unknown) => (stored.push({ body, author }), stored.length),
    },
    limiters: {
      caller: new AddressLimiter(PROBLEM_REPORT_LIMIT, () => 0),
      address: new AddressLimiter({ ratePerSecond: 1, burst: 1000 }, () => 0),
    },
    now: () => 1000,
    log: (level: string, message: string, extra?: Record<string, unknown>) =>
      void logged.push({ level, message, ...(extra ? { extra } : {}) }),
  } as unknown as ProblemReportRouteDeps);
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: unknown, avaId = 'member-1') =>
  app.inject({
    method: 'POST',
    url: PROBLEM_REPORT_ROUTES.reports,
    headers: { 'content-type': 'application/json', 'x-test-ava-id': avaId },
    payload: JSON.stringify(payload),
  });

describe('POST /api/v1/reports', () => {
  it('stores the report under its author and organisation, and logs it', async () => {
    const response = await post({ description: '  Captions froze  ', category: 'captions', roomId: 'r_1' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ id: stored.length });
    expect(stored.at(-1)).toEqual({
      body: { description: 'Captions froze', category: 'captions', roomId: 'r_1' },
      author: { avaId: 'member-1', userName: 'Ada', organizationId: 'org-1' },
    });
    expect(logged.at(-1)).toEqual({
      level: 'warn',
      message: 'problem reported (captions)',
      extra: expect.objectContaining({
        description: 'Captions froze',
        roomId: 'r_1',
        organizationId: 'org-1',
      }),
    });
  });

  it('refuses a bad body with 400, storing nothing', async () => {
    const before = stored.length;
    for (const bad of [
      { description: 'hi', category: 'captions' },
      { description: 'Long enough', category: 'weather' },
      { description: 'Long enough', category: 'other', roomId: 'has spaces' },
      { category: 'other' },
    ]) {
      expect((await post(bad, 'member-400')).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(stored.length).toBe(before);
  });

  it('tells a caller over their allowance to wait; another caller still reports', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PROBLEM_REPORT_LIMIT.burst; i += 1)
      statuses.push(
        (await post({ description: `Report ${i} here`, category: 'other' }, 'member-2')).statusCode,
      );
    expect(statuses).toEqual([...Array<number>(PROBLEM_REPORT_LIMIT.burst).fill(202), 429]);
    const refused = await post({ description: 'One more time', category: 'other' }, 'member-2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post({ description: 'A guest report', category: 'audio' }, 'guest-9')).statusCode).toBe(
      202,
    );
    expect(stored.at(-1)?.author).toEqual({
      avaId: 'guest-9',
      userName: undefined,
      organizationId: undefined,
    });
  });
});
