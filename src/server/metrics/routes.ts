/**
 * `GET /metrics`: the server's Prometheus metrics in the text format (prom-client). Who may read
 * them is decided here, not by a person's credential (the access table's row says so): a request
 * from loopback that came through no proxy, or one with `Authorization: Bearer <token>` when
 * HEARKEN_METRICS_TOKEN is set. Behind a proxy on the same machine every request comes from
 * loopback, so one that carries X-Forwarded-For is never taken for a local one.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { METRICS_PATH, apiError, apiErrorSchema } from '../../shared/api';
import type { Schema } from '../../shared/schema';
import { type AnyRoute, registerDescribed, routeIn } from '../http';

const route = routeIn('meta');

export interface MetricsRequest {
  /** The TCP peer's address (not X-Forwarded-For). */
  remoteAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  authorization: string | undefined;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether this request may read the metrics (pure: tested as a table). */
export function mayReadMetrics(request: MetricsRequest, token: string | undefined): boolean {
  const bearer = /^Bearer (.+)$/i.exec(request.authorization ?? '')?.[1]?.trim();
  if (token && bearer) return sameSecret(bearer, token);
  return isLoopbackAddress(request.remoteAddress) && request.forwardedFor === undefined;
}

/** Prometheus' text format, for the document: as long as the metrics are (no bound to show). */
const prometheusText: Schema<string> = {
  describe: "Prometheus' text format",
  json: { type: 'string' },
  optional: false,
  check: (input, path = '') =>
    typeof input === 'string'
      ? { ok: true, value: input }
      : { ok: false, issue: { path, message: 'expected string' } },
};

interface MetricsRouteDeps {
  token: string | undefined;
  registries: readonly Registry[];
}

export function metricsRoutes(deps: MetricsRouteDeps): AnyRoute[] {
  return [
    route('GET', METRICS_PATH, {
      summary: "The server's Prometheus metrics, in Prometheus' text format (for operators).",
      // Prometheus' text, not JSON: a refusal alone is JSON (the API's error shape).
      produces: ['text/plain'],
      response: { 200: prometheusText, 401: apiErrorSchema },
      handler: async (request, reply) => {
        const allowed = mayReadMetrics(
          {
            remoteAddress: request.socket.remoteAddress,
            forwardedFor: request.headers['x-forwarded-for'],
            authorization: request.headers.authorization,
          },
          deps.token,
        );
        if (!allowed) {
          return reply
            .code(401)
            .send(
              apiError(
                'metrics-unauthorized',
                deps.token
                  ? 'Metrics need Authorization: Bearer and the HEARKEN_METRICS_TOKEN of this server.'
                  : 'Metrics are answered on this machine only (set HEARKEN_METRICS_TOKEN to read them from elsewhere).',
              ),
            );
        }
        const merged = Registry.merge([...deps.registries]);
        return reply.header('content-type', merged.contentType).send(await merged.metrics());
      },
    }),
  ];
}

export function registerMetricsRoute(app: FastifyInstance, deps: MetricsRouteDeps): void {
  registerDescribed(app, metricsRoutes(deps));
}
