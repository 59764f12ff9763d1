/**
 * The recap routes as described routes: what the server makes (an extractive recap, a caption
 * quality report) is what their response schemas say, and the OpenAPI document shows them.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import { captionQuality, recognisedTextsOf } from '../../../../src/shared/recap/caption-quality';
import { captionQualityResponseSchema, smartRecapResponseSchema } from '../../../../src/shared/recap/api';
import { generateSmartRecap } from '../../../../src/server/recap/generate';
import { type RecapRouteDeps, registerRecapRoutes } from '../../../../src/server/recap/routes';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { registerOpenApi } from '../../../../src/server/http/openapi';
import { spoken, typed } from '../../../helpers/transcript-fixture';

const lines = [
  spoken('a', 'Ann', 0, 'the library roof repair budget'),
  typed('b', 'Bob', 4_000, 'Council approval comes next month.'),
  {
    ...spoken('a', 'Ann', 8_000, 'we will meet the builders on friday'),
    asrText: 'we will meet the builder friday',
  },
];

describe('the recap routes', () => {
  it('answer what their response schemas say', async () => {
    const recap = await generateSmartRecap('room-1', lines, { now: () => 1, warn: () => undefined });
    expect(smartRecapResponseSchema.check({ recap })).toEqual({ ok: true, value: { recap } });
    const report = captionQuality('room-1', lines, recognisedTextsOf(lines), 1, true);
    expect(captionQualityResponseSchema.check({ report })).toEqual({ ok: true, value: { report } });
    const unknown = captionQuality('room-1', [], new Map(), 1, false);
    expect(unknown.wordErrorRate).toBeNull();
    expect(captionQualityResponseSchema.check({ report: unknown }).ok).toBe(true);
  });

  it('are in the OpenAPI document', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    await registerOpenApi(app, 'test');
    registerRecapRoutes(app, {} as RecapRouteDeps);
    await app.ready();
    const document = (await app.inject({ method: 'GET', url: API.openapi })).json();
    await app.close();
    const quality = document.paths['/api/v1/rooms/{roomId}/caption-quality'].get;
    expect(quality.tags).toEqual(['recap']);
    // Its own answers (200, 409 while live) and the common ones of access and validation.
    expect(Object.keys(quality.responses)).toEqual(['200', '400', '401', '403', '404', '409', '500', '503']);
    expect(document.paths['/api/v1/rooms/{roomId}/generateSmartRecap'].post).toBeDefined();
  });
});
