/**
 * POST /pushClientLogsToElastic: client log entries (accounts.md section 3's fields). Guests log
 * too, so no token is needed; a valid one ties the entries to the account. Entries are stored,
 * then forwarded to Elasticsearch/OpenSearch when one is configured (without making the client
 * wait on it).
 */
import type { FastifyInstance } from 'fastify';
import { API, apiError } from '../../shared/api';
import {
  type Schema,
  array,
  formatIssue,
  number,
  object,
  oneOf,
  optional,
  string,
} from '../../shared/schema';
import {
  CLIENT_LOG_EXTRA_MAX_KEYS,
  CLIENT_LOG_LEVELS,
  CLIENT_LOG_MAX_MSG,
  CLIENT_LOGS_MAX_ENTRIES,
  type ClientLogEntry,
} from '../../shared/user';
import type { IdentityVerifier } from '../auth/verifier';
import type { ElasticConfig } from '../config';
import type { ClientLogRepository } from './repository';
import type { UserRepository } from '../accounts/users-repository';
import { forwardToElastic } from './elastic';
import { type RateLimiter, sendTooManyRequests } from '../http/address-limits';

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

const short = (max: number) => string({ max });

/** Extra metadata: any JSON object, with at most the keys and the characters of JSON shared/user.ts allows. */
const extraSchema: Schema<Record<string, unknown>> = {
  describe: `object of at most ${CLIENT_LOG_EXTRA_MAX_KEYS} keys`,
  json: { type: 'object', maxProperties: CLIENT_LOG_EXTRA_MAX_KEYS },
  optional: false,
  check(input, path = '') {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return { ok: false, issue: { path, message: 'expected object' } };
    }
    if (
      Object.keys(input).length > CLIENT_LOG_EXTRA_MAX_KEYS ||
      JSON.stringify(input).length > CLIENT_LOG_MAX_MSG
    ) {
      return { ok: false, issue: { path, message: 'is too large' } };
    }
    return { ok: true, value: input as Record<string, unknown> };
  },
};

const entrySchema = object({
  tag: short(100),
  msg: string({ max: CLIENT_LOG_MAX_MSG }),
  level: oneOf(CLIENT_LOG_LEVELS),
  extra: optional(extraSchema),
  os: short(100),
  app: short(100),
  browser: short(200),
  device: short(100),
  timestamp: number({ min: 0, max: 1e14 }),
});

const bodySchema = array(entrySchema, { max: CLIENT_LOGS_MAX_ENTRIES });

export function registerClientLogRoutes(app: FastifyInstance, deps: ClientLogDeps): void {
  app.post(API.clientLogs, async (request, reply) => {
    const parsed = bodySchema.check(request.body);
    if (!parsed.ok) return reply.code(400).send(apiError('invalid-body', formatIssue(parsed.issue)));
    const entries = parsed.value as ClientLogEntry[];
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
          if (!result.ok) deps.log('warn', `client logs not forwarded to ${elastic.url}: ${result.problem}`);
        },
      );
    }
    return reply.code(202).send({ stored: entries.length });
  });
}
