/**
 * The guest and server routes of http/routes.ts as described routes, on a bare Fastify with the
 * one error handler: the body's schema refuses a wrong type in the API's error shape, the
 * handler still refuses a name out of bounds with its own code, and a good body makes a guest.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import type { GuestUser } from '../../../../src/shared/entities';
import { DISPLAY_NAME_MESSAGE } from '../../../../src/shared/validation';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { type RouteDeps, registerRoutes } from '../../../../src/server/http/routes';

let app: FastifyInstance;
const created: GuestUser[] = [];

async function appWithRoutes(): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  const deps = {
    guests: { create: async (user: GuestUser) => void created.push(user) },
    credentials: { sign: (avaId: string) => `credential-of-${avaId}` },
    guestLimiter: { take: () => true, retryAfterSeconds: () => 1 },
    version: '1.2.3',
    firebase: () => null,
    speech: () => ({
      tiers: {
        basic: { engine: 'pocketsphinx', available: true },
        premium: { engine: 'pocketsphinx', available: true, fallback: true },
      },
      langs: ['en-US'],
    }),
    now: () => 1000,
  } as unknown as RouteDeps;
  registerRoutes(app, deps);
  await app.ready();
  return app;
}

afterEach(async () => {
  created.length = 0;
  await app?.close();
});

const createGuest = (payload?: object) =>
  app.inject({ method: 'POST', url: API.createGuest, ...(payload ? { payload } : {}) });

describe('POST guest-users/me', () => {
  it('refuses a name that is not text with 400 invalid-body naming the field', async () => {
    await appWithRoutes();
    const response = await createGuest({ userName: 42 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid-body', content: { message: 'userName: expected string, got number' } },
    });
    expect(created).toEqual([]);
  });

  it('refuses a name out of bounds with its own code and message', async () => {
    await appWithRoutes();
    const response = await createGuest({ userName: ' x ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'invalid-user-name',
      content: { message: DISPLAY_NAME_MESSAGE },
    });
  });

  it('creates a guest from a trimmed name, or with no body at all', async () => {
    await appWithRoutes();
    const named = await createGuest({ userName: '  Ada  ', unknown: true });
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ userName: 'Ada', accountType: 'Temporary', createdAtMs: 1000 });
    expect(named.json().credential).toBe(`credential-of-${named.json().avaId}`);
    const unnamed = await createGuest();
    expect(unnamed.statusCode).toBe(201);
    expect(unnamed.json().userName).toMatch(/^Guest \d{4}$/);
  });
});

describe('GET config and health', () => {
  it('answers what the server can do, and that it lives', async () => {
    await appWithRoutes();
    const config = await app.inject({ method: 'GET', url: API.config });
    expect(config.json()).toMatchObject({ version: '1.2.3', firebase: null, speech: { langs: ['en-US'] } });
    expect((await app.inject({ method: 'GET', url: API.health })).json()).toEqual({ ok: true });
  });
});
