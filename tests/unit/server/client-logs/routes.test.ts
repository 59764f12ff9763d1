/**
 * POST /pushClientLogsToElastic as a described route, on a bare Fastify with the one error
 * handler: its body (an array of entries, shared/user.ts) is checked by the route's schema
 * before anything is counted or stored, and a refusal names the entry and the field. A batch is
 * counted against its author's allowances and its address's, in entries and in bytes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS, ANALYTICS_TAG, CLIENT_ERROR_TAG } from '../../../../src/shared/analytics';
import { API } from '../../../../src/shared/api';
import { CLIENT_LOG_EXTRA_MAX_KEYS, type ClientLogEntry } from '../../../../src/shared/user';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { type ClientLogDeps, registerClientLogRoutes } from '../../../../src/server/client-logs/routes';
import { AddressLimiter } from '../../../../src/server/http/address-limits';

const stored: ClientLogEntry[][] = [];
/** What each allowance was asked for: [allowance, key, cost]. */
const taken: [string, string, number][] = [];
/** An allowance that counts what it is asked for, and has `burst` of it. */
function counting(name: string, burst: number) {
  const limiter = new AddressLimiter({ ratePerSecond: burst / 3600, burst }, () => 0);
  return {
    take: (key: string, cost = 1) => (taken.push([name, key, cost]), limiter.take(key, cost)),
    retryAfterSeconds: (cost?: number) => limiter.retryAfterSeconds(cost),
  };
}
let app: FastifyInstance;
/** What the route wrote to the server log. */
const logged: { level: string; message: string; extra?: object }[] = [];

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request) => {
    // The access hook's work: the credential named this guest.
    const avaId = request.headers['x-test-ava-id'] ?? 'guest-1';
    (request as unknown as { principal: unknown }).principal = { kind: 'guest', avaId };
  });
  registerClientLogRoutes(app, {
    logs: { add: async (entries: ClientLogEntry[]) => void stored.push(entries) },
    limiters: {
      addressEntries: counting('address entries', 10_000),
      addressBytes: counting('address bytes', 1_000_000),
      identityEntries: counting('identity entries', 50),
      identityBytes: counting('identity bytes', 20_000),
    },
    now: () => 0,
    log: (level: string, message: string, extra?: object) => void logged.push({ level, message, extra }),
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
const post = (payload: unknown, avaId = 'guest-1') =>
  app.inject({
    method: 'POST',
    url: API.clientLogs,
    headers: { 'content-type': 'application/json', 'x-test-ava-id': avaId },
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

  it('counts a batch in entries and bytes against its author and its address', async () => {
    taken.length = 0;
    const batch = [entry, entry];
    expect((await post(batch, 'guest-2')).statusCode).toBe(202);
    const bytes = Buffer.byteLength(JSON.stringify(batch));
    expect(taken).toEqual([
      ['identity entries', 'guest-2', 2],
      ['identity bytes', 'guest-2', bytes],
      ['address entries', '127.0.0.1', 2],
      ['address bytes', '127.0.0.1', bytes],
    ]);
  });

  it('refuses 429 what is over an identity’s entries or bytes, storing none; another identity still logs', async () => {
    const before = stored.length;
    // 50 entries an identity: a batch of 100 is over it at once.
    const many = await post(
      Array.from({ length: 100 }, () => entry),
      'guest-3',
    );
    expect(many.statusCode).toBe(429);
    expect(many.json().error.code).toBe('rate-limited');
    expect(Number(many.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // 20,000 bytes an identity: five entries of 4,000 characters are over it.
    const heavy = await post(
      Array.from({ length: 5 }, () => ({ ...entry, msg: 'x'.repeat(4000) })),
      'guest-4',
    );
    expect(heavy.statusCode).toBe(429);
    expect(stored.length).toBe(before);
    expect((await post([entry], 'guest-5')).statusCode).toBe(202);
  });

  it('refuses a body that is not an array', async () => {
    const response = await post({ entries: [entry] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.content.message).toBe('expected array, got object');
  });
});

describe('the server log', () => {
  it('has client errors and the spec’s analytics events by name, and nothing of other entries', async () => {
    logged.length = 0;
    const crash = {
      ...entry,
      tag: CLIENT_ERROR_TAG,
      level: 'error',
      msg: 'TypeError: x is undefined',
      extra: { source: 'window.onerror', where: 'app.js:1:2' },
    };
    const events = Object.values(ANALYTICS_EVENTS).map((msg) => ({ ...entry, tag: ANALYTICS_TAG, msg }));
    const notAnEvent = { ...entry, tag: ANALYTICS_TAG, msg: 'Pressed A Button' };
    const response = await post([entry, crash, ...events, notAnEvent], 'guest-logged');
    expect(response.statusCode).toBe(202);
    expect(logged).toEqual([
      {
        level: 'warn',
        message: 'client error: TypeError: x is undefined',
        extra: expect.objectContaining({ avaId: 'guest-logged', extra: crash.extra }),
      },
      ...Object.values(ANALYTICS_EVENTS).map((name) => ({
        level: 'info',
        message: `analytics: ${name}`,
        extra: { avaId: 'guest-logged', app: 'web' },
      })),
    ]);
    expect(Object.values(ANALYTICS_EVENTS)).toEqual(
      expect.arrayContaining([
        'Had Conversation',
        'Rated',
        'Signed Out',
        'Application Opened',
        'Application Closed',
        'Microphone Permission Prompted',
      ]),
    );
  });
});
