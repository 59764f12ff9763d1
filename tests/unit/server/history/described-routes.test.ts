/**
 * The history routes as described routes (http/route.ts) on a bare Fastify with the one error
 * handler: what their schemas refuse, and the refusals the handlers keep (their own codes), are
 * answered before any repository is asked. The OpenAPI document is made from them.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import { SAVED_TRANSCRIPTS_BULK_DELETE_MAX } from '../../../../src/shared/saved-transcripts';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { registerOpenApi } from '../../../../src/server/http/openapi';
import { type HistoryRouteDeps, registerHistoryRoutes } from '../../../../src/server/history/routes';

let app: FastifyInstance;

/** Deps that fail the test if a refused request reaches them. */
const untouched = new Proxy({} as HistoryRouteDeps, {
  get: (_, name) => {
    throw new Error(`a refused request reached deps.${String(name)}`);
  },
});

async function historyApp(): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  await registerOpenApi(app, 'test');
  registerHistoryRoutes(app, untouched);
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
});

const errorOf = (response: { json(): unknown }) => (response.json() as { error: unknown }).error;

describe('bulk delete', () => {
  it('refuses naming no conversation, before any repository is asked', async () => {
    await historyApp();
    const response = await app.inject({
      method: 'POST',
      url: API.savedTranscriptsBulkDelete,
      payload: { roomIds: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid-body' });
  });

  it(`refuses more than ${SAVED_TRANSCRIPTS_BULK_DELETE_MAX} ids, or ids that are not text`, async () => {
    await historyApp();
    const tooMany = await app.inject({
      method: 'POST',
      url: API.savedTranscriptsBulkDelete,
      payload: { roomIds: Array.from({ length: SAVED_TRANSCRIPTS_BULK_DELETE_MAX + 1 }, (_, i) => `r${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);
    const notText = await app.inject({
      method: 'POST',
      url: API.savedTranscriptsBulkDelete,
      payload: { roomIds: [1] },
    });
    expect(notText.statusCode).toBe(400);
  });
});

describe('the history routes', () => {
  it('refuse a title that is not text with 400 invalid-body naming it', async () => {
    await historyApp();
    const response = await app.inject({
      method: 'PATCH',
      url: API.savedTranscript('r1'),
      payload: { title: 42 },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'invalid-body',
      content: { message: 'title: expected string, got number' },
    });
  });

  it('keep the list’s own refusals: the query’s avaId, the spec’s two page sizes, a repeated field', async () => {
    await historyApp();
    const list = (query: string) => app.inject({ method: 'GET', url: `${API.savedTranscripts}${query}` });
    expect(errorOf(await list(''))).toEqual({
      code: 'invalid-query',
      content: { message: 'avaId: is required' },
    });
    expect(errorOf(await list('?avaId=a&limit=5'))).toEqual({
      code: 'invalid-query',
      content: { message: 'limit: 1 or 10' },
    });
    expect(errorOf(await list('?avaId=a&limit=x'))).toEqual({
      code: 'invalid-query',
      content: { message: 'limit: expected number, got string' },
    });
    expect(errorOf(await list('?avaId=a&search=a&search=b'))).toEqual({
      code: 'invalid-query',
      content: { message: 'search: expected string, got array' },
    });
  });

  it('refuse a bad rating with invalid-rating and the rule in words, a missing body too', async () => {
    await historyApp();
    for (const payload of [{ stars: 6 }, { stars: '4' }, undefined]) {
      const response = await app.inject({
        method: 'POST',
        url: API.roomRating('r1'),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'invalid-rating' });
    }
  });

  it('are in the OpenAPI document with their schemas', async () => {
    await historyApp();
    const document = (await app.inject({ method: 'GET', url: API.openapi })).json();
    const list = document.paths['/api/v1/saved-transcripts'].get;
    expect(list.tags).toEqual(['history']);
    expect(list.parameters.map((p: { name: string }) => p.name)).toContain('avaId');
    const rating = document.paths['/api/v1/rooms/{roomId}/rating'];
    expect(rating.post.requestBody.content['application/json'].schema.required).toEqual(['stars']);
    expect(rating.get.responses['200']).toBeDefined();
  });
});
