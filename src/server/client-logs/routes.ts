/**
 * POST /pushClientLogsToElastic: client log entries (accounts.md section 3's fields). Guests log
 * too, so no token is needed; a valid one ties the entries to the account. Entries are stored,
 * then forwarded to Elasticsearch/OpenSearch when one is configured (without making the client
 * wait on it).
 */
import type { FastifyInstance } from 'fastify';
import { API, apiErrorSchema } from '../../shared/api';
import { number, object } from '../../shared/schema';
import { clientLogsBodySchema } from '../../shared/user';
import type { IdentityVerifier } from '../auth';
import type { ElasticConfig } from '../config';
import type { ClientLogRepository } from './repository';
import type { UserRepository } from '../accounts';
import { forwardToElastic } from './elastic';
import { type RateLimiter, sendTooManyRequests, type AnyRoute, registerDescribed, routeIn } from '../http';

const route = routeIn('client-logs');

export interface ClientLogDeps {
  logs: ClientLogRepository;
  /** Log entries per client address (guests log too, so no account bounds them). */
  limiter: RateLimiter;
  users: UserRepository;
  verifier: IdentityVerifier | undefined;
  elastic?: ElasticConfig;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

/** The answer: how many entries were stored (all of them, or the request was refused). */
const storedSchema = object({ stored: number({ min: 0, integer: true }) });

export function clientLogRoutes(deps: ClientLogDeps): AnyRoute[] {
  return [
    route('POST', API.clientLogs, {
      summary: "Stores the client's log entries (and forwards them to Elasticsearch when configured).",
      body: clientLogsBodySchema,
      response: { 202: storedSchema, 429: apiErrorSchema },
      handler: async (request, reply) => {
        const entries = request.body;
        if (!(await deps.limiter.take(request.ip, entries.length))) {
          return sendTooManyRequests(reply, deps.limiter.retryAfterSeconds(entries.length));
        }
        // The author, when the access hook verified one (guest or account).
        const avaId = request.principal.avaId;
        const receivedAtMs = deps.now();
        await deps.logs.add(entries, avaId, receivedAtMs);
        if (deps.elastic) {
          const elastic = deps.elastic;
          void forwardToElastic(elastic, entries, { receivedAtMs, ...(avaId ? { avaId } : {}) }).then(
            (result) => {
              if (!result.ok)
                deps.log('warn', `client logs not forwarded to ${elastic.url}: ${result.problem}`);
            },
          );
        }
        return reply.code(202).send({ stored: entries.length });
      },
    }),
  ];
}

export function registerClientLogRoutes(app: FastifyInstance, deps: ClientLogDeps): void {
  registerDescribed(app, clientLogRoutes(deps));
}
