/**
 * `GET /api/v1/ready`: readiness for load balancers and Kubernetes (readiness.ts). 200 when this
 * server should be sent people, 503 when not (draining, or a part not answering). Anyone may ask:
 * the answer names the parts and whether each answered, never why one did not (a database's error
 * names hosts); the reason goes to the server's log, once each time a part stops answering.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api';
import { boolean, number, object, optional, record } from '../../shared/schema';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { Readiness } from './readiness';

const route = routeIn('meta');

const readinessSchema = object({
  ready: boolean(),
  draining: boolean(),
  checks: record(object({ ok: boolean(), ms: optional(number()) })),
});

interface ReadyRouteDeps {
  readiness: Readiness;
  log(level: 'warn' | 'info', message: string, extra?: object): void;
}

export function readyRoutes(deps: ReadyRouteDeps): AnyRoute[] {
  /** Parts failing at the last probe: a reason is logged when a part starts failing, not every probe. */
  let failing = new Set<string>();
  return [
    route('GET', API.ready, {
      summary:
        'Readiness: 200 when this server takes new people, 503 while it drains or a part it needs (database, NATS, Redis, speech) does not answer.',
      response: { 200: readinessSchema, 503: readinessSchema },
      handler: async (_request, reply) => {
        const report = await deps.readiness.report();
        const now = new Set(Object.keys(report.checks).filter((name) => !report.checks[name]!.ok));
        for (const name of now)
          if (!failing.has(name))
            deps.log('warn', `not ready: ${name} does not answer`, { error: report.checks[name]!.error });
        for (const name of failing) if (!now.has(name)) deps.log('info', `ready again: ${name} answers`);
        failing = now;
        const checks = Object.fromEntries(
          Object.entries(report.checks).map(([name, c]) => [name, { ok: c.ok, ms: c.ms }]),
        );
        return reply
          .code(report.ready ? 200 : 503)
          .send({ ready: report.ready, draining: report.draining, checks });
      },
    }),
  ];
}

export function registerReadyRoute(app: FastifyInstance, deps: ReadyRouteDeps): void {
  registerDescribed(app, readyRoutes(deps));
}
