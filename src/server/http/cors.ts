/**
 * Cross-origin calls from the product's own web clients. A client opened with the `endpoint`
 * query parameter talks to a backend on another host of the product's domain (shared/routes.ts
 * acceptEndpoint); the browser lets it only if this server names the client's origin. Any other
 * origin gets no CORS header at all, so the browser refuses it as it would without this hook.
 */
import type { FastifyInstance } from 'fastify';
import { acceptEndpoint } from '../../shared/routes';

export const CORS_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';
export const CORS_HEADERS = 'Authorization, Content-Type, Accept';
/** Seconds a browser may reuse a preflight's answer: short, so a change of policy reaches it soon. */
export const CORS_MAX_AGE_S = 600;

export function registerCors(app: FastifyInstance): void {
  // onRequest: the preflight is answered before any route, access check or body parsing.
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !acceptEndpoint(origin)) return;
    void reply.header('Access-Control-Allow-Origin', origin);
    // The answer depends on the Origin: a cache must not give one origin's answer to another.
    void reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      void reply.header('Access-Control-Allow-Methods', CORS_METHODS);
      void reply.header('Access-Control-Allow-Headers', CORS_HEADERS);
      void reply.header('Access-Control-Max-Age', String(CORS_MAX_AGE_S));
      return reply.code(204).send();
    }
  });
}
