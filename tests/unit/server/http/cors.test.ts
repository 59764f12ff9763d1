/**
 * CORS for the product's own web clients: an origin on the product's domain is echoed back (and
 * its preflight answered with 204 before any route), any other origin gets no CORS header.
 */
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCors } from '../../../../src/server/http/cors';

let app: FastifyInstance | undefined;

async function server(): Promise<FastifyInstance> {
  app = Fastify();
  registerCors(app);
  app.get('/api/v1/thing', async () => ({ ok: true }));
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('registerCors', () => {
  it("echoes an origin of the product's domain on an ordinary request", async () => {
    const res = await (
      await server()
    ).inject({
      method: 'GET',
      url: '/api/v1/thing',
      headers: { origin: 'https://app.hearken.app' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.hearken.app');
    expect(res.headers['vary']).toMatch(/Origin/);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers its preflight with 204, the methods and headers it may use', async () => {
    const res = await (
      await server()
    ).inject({
      method: 'OPTIONS',
      url: '/api/v1/thing',
      headers: { origin: 'https://app.hearken.app', 'access-control-request-method': 'PATCH' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.hearken.app');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PATCH, DELETE, OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Accept');
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('gives another origin no CORS header (a look-alike domain, or plain http)', async () => {
    const s = await server();
    for (const origin of ['https://evilhearken.app', 'http://app.hearken.app', 'https://example.com']) {
      const res = await s.inject({ method: 'GET', url: '/api/v1/thing', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await s.inject({ method: 'OPTIONS', url: '/api/v1/thing', headers: { origin } });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.statusCode).not.toBe(204);
    }
  });

  it('adds nothing to a request without an Origin', async () => {
    const res = await (await server()).inject({ method: 'GET', url: '/api/v1/thing' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
