/**
 * A described route (http/route.ts) on a bare Fastify with the one error handler
 * (http/errors.ts): its schemas decide what reaches the handler, and every refusal, Fastify's
 * own included, is answered in our error shape.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorCode } from '../../../../src/shared/api';
import { number, object, optional, string } from '../../../../src/shared/schema';
import { answerFor, registerErrorHandler } from '../../../../src/server/http/errors';
import { registerDescribed, routeIn } from '../../../../src/server/http/route';

const route = routeIn('test');

let app: FastifyInstance;
const received: unknown[] = [];

async function appWithRoute(): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  registerDescribed(app, [
    // A row of the access table: the type insists on one.
    route('PATCH', '/api/v1/saved-transcripts/:roomId', {
      summary: 'test',
      params: object({ roomId: string({ min: 1, max: 64 }) }),
      body: object({ title: string({ max: 10, trim: true }), stars: optional(number({ integer: true })) }),
      handler: (request) => {
        received.push({ params: request.params, body: request.body });
        return { ok: true };
      },
    }),
    route('GET', '/api/v1/saved-transcripts', {
      summary: 'test',
      query: object({ avaId: string({ min: 1 }) }),
      handler: () => {
        throw new Error('database at 10.0.0.3 refused: password for hearken');
      },
    }),
  ]);
  await app.ready();
  return app;
}

afterEach(async () => {
  received.length = 0;
  await app?.close();
});

const patch = (url: string, payload: string) =>
  app.inject({ method: 'PATCH', url, headers: { 'content-type': 'application/json' }, payload });

describe('a described route', () => {
  it('hands the handler checked values: trimmed, unknown fields dropped', async () => {
    await appWithRoute();
    const response = await patch('/api/v1/saved-transcripts/r1', '{"title":"  Hi  ","extra":1}');
    expect(response.statusCode).toBe(200);
    expect(received).toEqual([{ params: { roomId: 'r1' }, body: { title: 'Hi' } }]);
  });

  it('answers a body its schema refuses with 400 invalid-body naming the field', async () => {
    await appWithRoute();
    const response = await patch('/api/v1/saved-transcripts/r1', '{"title":42}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid-body', content: { message: 'title: expected string, got number' } },
    });
    expect(received).toEqual([]);
  });

  it('reads a missing body as an empty one (its required fields are named)', async () => {
    await appWithRoute();
    const response = await app.inject({ method: 'PATCH', url: '/api/v1/saved-transcripts/r1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.content.message).toBe('title: is required');
  });

  it('answers bad JSON with 400 invalid-json in our shape, not Fastify’s', async () => {
    await appWithRoute();
    const response = await patch('/api/v1/saved-transcripts/r1', '{"title": "a"');
    expect(response.statusCode).toBe(400);
    expect(apiErrorCode(response.json())).toBe('invalid-json');
    expect(response.body).not.toContain('statusCode');
  });

  it('refuses a NUL in a path parameter with 400 invalid-params', async () => {
    await appWithRoute();
    const response = await patch('/api/v1/saved-transcripts/a%00b', '{"title":"x"}');
    expect(response.statusCode).toBe(400);
    expect(apiErrorCode(response.json())).toBe('invalid-params');
  });

  it('refuses a bad query with 400 invalid-query', async () => {
    await appWithRoute();
    const response = await app.inject({ method: 'GET', url: '/api/v1/saved-transcripts' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'invalid-query',
      content: { message: 'avaId: is required' },
    });
  });

  it('answers a failure inside as internal, without its message or a stack', async () => {
    await appWithRoute();
    const response = await app.inject({ method: 'GET', url: '/api/v1/saved-transcripts?avaId=a' });
    expect(response.statusCode).toBe(500);
    expect(apiErrorCode(response.json())).toBe('internal');
    expect(response.body).not.toMatch(/10\.0\.0\.3|password|at /);
  });
});

describe('answerFor', () => {
  it.each([
    [{ message: 'too big', code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }, 413, 'body-too-large'],
    [
      { message: 'bad type', code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 },
      415,
      'unsupported-media-type',
    ],
    [{ message: 'Not Found', statusCode: 404 }, 404, 404],
    [{ message: 'boom' }, 500, 'internal'],
  ])('answers %j with %i %s', (error, status, code) => {
    const answer = answerFor(error);
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
  });
});
