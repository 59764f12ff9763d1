/**
 * POST /pushClientLogsToElastic: client log entries (accounts.md section 3's fields), from a
 * guest or an account, whose credential the access table asks for (issue 29, F-11: without one,
 * one address stored 100 MB in 20 s). Each identity has an allowance of entries and of bytes,
 * and each address one of entries and of bytes; entries are kept for the retention period
 * (retention.ts). They are stored, then forwarded to Elasticsearch/OpenSearch when one is
 * configured (without making the client wait on it). Client errors (window.onerror, unhandled
 * rejections, the crash page) and the spec's analytics events are also written to the server log.
 */
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_TAG, CLIENT_ERROR_TAG, isAnalyticsEvent } from '../../shared/analytics';
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

/** A client error's message in the server log's line (the whole entry is stored). */
const CLIENT_LOG_LINE_MAX = 500;

/** The allowances a batch is taken from, all of them or it is refused. */
export interface ClientLogLimiters {
  /** Entries per client address (a venue of people behind one address). */
  addressEntries: RateLimiter;
  /** Bytes per client address: guests are cheap to make, one address must not store for hundreds. */
  addressBytes: RateLimiter;
  /** Entries per identity (guest or account). */
  identityEntries: RateLimiter;
  /** Bytes per identity. */
  identityBytes: RateLimiter;
}

export interface ClientLogDeps {
  logs: ClientLogRepository;
  limiters: ClientLogLimiters;
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
        // The access table let only a guest or an account through: the author is proven.
        const avaId = request.principal.avaId!;
        // What is stored, as the client sent it (the entries' JSON).
        const bytes = Buffer.byteLength(JSON.stringify(entries));
        const { limiters } = deps;
        const allowances: [RateLimiter, string, number][] = [
          [limiters.identityEntries, avaId, entries.length],
          [limiters.identityBytes, avaId, bytes],
          [limiters.addressEntries, request.ip, entries.length],
          [limiters.addressBytes, request.ip, bytes],
        ];
        for (const [limiter, key, cost] of allowances) {
          if (!(await limiter.take(key, cost)))
            return sendTooManyRequests(reply, limiter.retryAfterSeconds(cost));
        }
        const receivedAtMs = deps.now();
        await deps.logs.add(entries, avaId, receivedAtMs);
        // Client errors and the spec's analytics events are written to the server log too, under
        // their names; other entries are only stored (the allowances above bound both).
        for (const entry of entries) {
          if (entry.tag === CLIENT_ERROR_TAG || entry.level === 'error') {
            deps.log('warn', `client error: ${entry.msg.slice(0, CLIENT_LOG_LINE_MAX)}`, {
              avaId,
              tag: entry.tag,
              app: entry.app,
              browser: entry.browser,
              ...(entry.extra ? { extra: entry.extra } : {}),
            });
          } else if (entry.tag === ANALYTICS_TAG && isAnalyticsEvent(entry.msg)) {
            deps.log('info', `analytics: ${entry.msg}`, { avaId, app: entry.app });
          }
        }
        if (deps.elastic) {
          const elastic = deps.elastic;
          void forwardToElastic(elastic, entries, { receivedAtMs, avaId }).then((result) => {
            if (!result.ok)
              deps.log('warn', `client logs not forwarded to ${elastic.url}: ${result.problem}`);
          });
        }
        return reply.code(202).send({ stored: entries.length });
      },
    }),
  ];
}

export function registerClientLogRoutes(app: FastifyInstance, deps: ClientLogDeps): void {
  registerDescribed(app, clientLogRoutes(deps));
}
