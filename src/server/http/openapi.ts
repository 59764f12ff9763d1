/**
 * The HTTP API as an OpenAPI 3 document, made by @fastify/swagger from the described routes
 * (http/route.ts) as they are registered, and served at GET /api/v1/openapi.json. Routes that
 * are not the API (the web client's files) carry no tag and are left out.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api';
import { object, string } from '../../shared/schema';
import { registerDescribed, routeIn } from './route';

const route = routeIn('meta');

/** Loads the document's collector: before any route, so it sees every one. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hearken',
        version,
        description:
          'The conversation server of Hearken. Who may call each route: docs/security.md. Errors: {"error":{"code","content":{"message"}}}.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    hideUntagged: true,
  });
  registerDescribed(app, [
    route('GET', API.openapi, {
      summary: 'This document: every route of the API with its schemas.',
      response: { 200: object({ openapi: string() }) },
      handler: () => app.swagger(),
    }),
  ]);
}
