/**
 * The Scribe dashboard's routes as described routes: beginChat's body is checked by its shared
 * schema (and an empty message keeps its own words), an unknown training item is the route's
 * 404, and the OpenAPI document shows them.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import { SCRIBE_API, scribeTrainingItemsResponseSchema } from '../../../../src/shared/scribe/api';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { registerOpenApi } from '../../../../src/server/http/openapi';
import { type ScribeRouteDeps, registerScribeRoutes } from '../../../../src/server/scribes/routes';

let app: FastifyInstance;

const deps = {
  desk: {
    beginChat: () => {
      throw new Error('a refused request reached the desk');
    },
  },
  training: {
    list: () => [{ name: 'intro', displayName: 'Introduction', url: '/audio', language: 'en-US' }],
    item: () => undefined,
  },
} as unknown as ScribeRouteDeps;

async function scribeApp(): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  await registerOpenApi(app, 'test');
  registerScribeRoutes(app, deps);
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
});

const beginChat = (payload: object) => app.inject({ method: 'POST', url: SCRIBE_API.beginChat, payload });

describe('the Scribe routes', () => {
  it('check beginChat’s body with its schema, and keep the empty message’s own words', async () => {
    await scribeApp();
    expect((await beginChat({ messageToUser: 'hi' })).json().error).toEqual({
      code: 'invalid-body',
      content: { message: 'avaId: is required' },
    });
    expect((await beginChat({ avaId: 'a', messageToUser: 'x'.repeat(501) })).json().error).toEqual({
      code: 'invalid-body',
      content: { message: 'messageToUser: must be at most 500 characters' },
    });
    expect((await beginChat({ avaId: 'a', messageToUser: '   ' })).json().error).toEqual({
      code: 'invalid-body',
      content: { message: 'messageToUser: nothing to say' },
    });
  });

  it('answer the training items as their schema says, and an unknown item with 404', async () => {
    await scribeApp();
    const items = await app.inject({ method: 'GET', url: SCRIBE_API.training });
    expect(scribeTrainingItemsResponseSchema.check(items.json())).toEqual({ ok: true, value: items.json() });
    const audio = await app.inject({ method: 'GET', url: SCRIBE_API.trainingAudio('nope') });
    expect([audio.statusCode, audio.json().error.code]).toEqual([404, 'training-not-found']);
  });

  it('are in the OpenAPI document', async () => {
    await scribeApp();
    const document = (await app.inject({ method: 'GET', url: API.openapi })).json();
    expect(document.paths['/api/v1.1/users/beginChat'].post.tags).toEqual(['scribes']);
    const audio = document.paths['/api/v1/scribe-training/{name}/audio'].get;
    expect(audio.responses['200'].content['audio/wav'].schema).toEqual({ type: 'string', format: 'binary' });
  });
});
