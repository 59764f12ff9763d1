/**
 * GET translation-languages as a described route: the checked answer the service gives, the
 * route's own refusal of what is not a language tag ('invalid-language'), and its schemas in the
 * OpenAPI document.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import { translationLanguagesResponseSchema } from '../../../../src/shared/translation';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { registerOpenApi } from '../../../../src/server/http/openapi';
import { registerTranslationRoutes } from '../../../../src/server/translation/routes';
import { translationService } from '../../../../src/server/translation/service';

let app: FastifyInstance;

async function translationApp(): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  await registerOpenApi(app, 'test');
  registerTranslationRoutes(app, translationService(undefined, 'no engine in this test'));
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
});

const get = (query: string) => app.inject({ method: 'GET', url: `${API.translationLanguages}${query}` });

describe('GET translation-languages', () => {
  it('answers what its response schema says', async () => {
    await translationApp();
    const response = await get('?from=en-US');
    expect(response.statusCode).toBe(200);
    expect(translationLanguagesResponseSchema.check(response.json()).ok).toBe(true);
  });

  it('keeps its own refusal of a tag that is not one, and refuses a repeated from as a query', async () => {
    await translationApp();
    expect((await get('?from=en%20US')).json().error.code).toBe('invalid-language');
    expect((await get('?from=en&from=fr')).json().error).toEqual({
      code: 'invalid-query',
      content: { message: 'from: expected string, got array' },
    });
  });

  it('is in the OpenAPI document', async () => {
    await translationApp();
    const document = (await app.inject({ method: 'GET', url: API.openapi })).json();
    const operation = document.paths[API.translationLanguages].get;
    expect(operation.tags).toEqual(['translation']);
    expect(operation.responses['200'].content['application/json'].schema.required).toContain('pairs');
  });
});
