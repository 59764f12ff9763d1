/**
 * Who may read `GET /metrics` (metrics/routes.ts): this machine without a proxy in between, or
 * whoever presents the configured token; and the route through Fastify answers Prometheus text
 * or a 401 in the API's error shape.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Counter, Registry } from 'prom-client';
import {
  isLoopbackAddress,
  mayReadMetrics,
  registerMetricsRoute,
} from '../../../../src/server/metrics/routes';
import { METRICS_PATH } from '../../../../src/shared/api';

const local = { remoteAddress: '127.0.0.1', forwardedFor: undefined, authorization: undefined };

describe('mayReadMetrics', () => {
  it('answers loopback that came through no proxy', () => {
    expect(mayReadMetrics(local, undefined)).toBe(true);
    expect(mayReadMetrics({ ...local, remoteAddress: '::1' }, undefined)).toBe(true);
    expect(mayReadMetrics({ ...local, remoteAddress: '::ffff:127.0.0.5' }, undefined)).toBe(true);
    expect(mayReadMetrics({ ...local, forwardedFor: '203.0.113.9' }, undefined)).toBe(false);
    expect(mayReadMetrics({ ...local, remoteAddress: '10.0.0.2' }, undefined)).toBe(false);
    expect(mayReadMetrics({ ...local, remoteAddress: undefined }, undefined)).toBe(false);
  });

  it('answers the right bearer token from anywhere, and a wrong one nowhere', () => {
    const remote = { remoteAddress: '10.0.0.2', forwardedFor: '203.0.113.9' };
    expect(mayReadMetrics({ ...remote, authorization: 'Bearer s3cret' }, 's3cret')).toBe(true);
    expect(mayReadMetrics({ ...remote, authorization: 'Bearer wrong' }, 's3cret')).toBe(false);
    expect(mayReadMetrics({ ...remote, authorization: 'Bearer s3cret' }, undefined)).toBe(false);
    // A wrong token is refused even on loopback: it says someone meant to prove something.
    expect(mayReadMetrics({ ...local, authorization: 'Bearer wrong' }, 's3cret')).toBe(false);
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackAddress('127.1.2.3')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::2')).toBe(false);
  });
});

describe('GET /metrics', () => {
  it('answers Prometheus text, or 401 in the API’s error shape', async () => {
    const registry = new Registry();
    new Counter({ name: 'hearken_test_total', help: 'a test counter', registers: [registry] }).inc(3);
    const app = Fastify();
    registerMetricsRoute(app, { token: 'tok', registries: [registry] });
    const ok = await app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '127.0.0.1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('hearken_test_total 3');
    const far = await app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '10.1.1.1' });
    expect(far.statusCode).toBe(401);
    expect(far.json()).toEqual({
      error: {
        code: 'metrics-unauthorized',
        content: {
          message: 'Metrics need Authorization: Bearer and the HEARKEN_METRICS_TOKEN of this server.',
        },
      },
    });
    const withToken = await app.inject({
      method: 'GET',
      url: METRICS_PATH,
      remoteAddress: '10.1.1.1',
      headers: { authorization: 'Bearer tok' },
    });
    expect(withToken.statusCode).toBe(200);
    await app.close();
  });
});
