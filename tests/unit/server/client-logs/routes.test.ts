/**
 * POST /pushClientLogsToElastic as a described route, on a bare Fastify with the one error
 * handler: its body (an array of entries, shared/user.ts) is checked by the route's schema
 * before anything is counted or stored, and a refusal names the entry and the field.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import { CLIENT_LOG_EXTRA_MAX_KEYS, type ClientLogEntry } from '../../../../src/shared/user';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { type ClientLogDeps, registerClientLogRoutes } from '../../../../src/server/client-logs/routes';

const stored: ClientLogEntry[][] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { principal: unknown }).principal = { kind: 'outsider' };
  });
  registerClientLogRoutes(app, {
    logs: { add: async (entries: ClientLogEntry[]) => void stored.push(entries) },
    limiter: { take: () => true, retryAfterSeconds: () => 1 },
    now: () => 0,
    log: () => undefined,
  } as unknown as ClientLogDeps);
  await app.ready();
});
afterAll(() => app.close());

const entry: ClientLogEntry = {
  tag: 'auth',
  msg: 'signed in',
  level: 'info',
  os: 'Linux',
  app: 'web',
  browser: 'Firefox',
  device: 'desktop',
  timestamp: 1,
};
const post = (payload: unknown) =>
  app.inject({
    method: 'POST',
    url: API.clientLogs,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('POST client logs', () => {
  it('stores a valid batch and answers how many', async () => {
    const response = await post([entry, { ...entry, extra: { step: 2 } }]);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ stored: 2 });
    expect(stored.at(-1)).toHaveLength(2);
  });

  it('refuses a bad entry with 400 invalid-body naming the entry and the field, storing none', async () => {
    const before = stored.length;
    const missing = await post([entry, { tag: 'x' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({
      code: 'invalid-body',
      content: { message: '[1].msg: is required' },
    });
    const level = await post([{ ...entry, level: 'fatal' }]);
    expect(level.json().error.content.message).toBe('[0].level: expected one of debug, info, warn, error');
    const extra = Object.fromEntries(Array.from({ length: CLIENT_LOG_EXTRA_MAX_KEYS + 1 }, (_, i) => [i, i]));
    const large = await post([{ ...entry, extra }]);
    expect(large.json().error.content.message).toBe('[0].extra: is too large');
    expect(stored.length).toBe(before);
  });

  it('refuses a body that is not an array', async () => {
    const response = await post({ entries: [entry] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.content.message).toBe('expected array, got object');
  });
});
