/**
 * Request logs never carry a secret. Fastify logs each request's URL (query string included) and
 * its errors' messages; Hearken's URLs carry room tokens (/api/v1/tokens/<token>, ?token= on
 * room links), the read-only share tokens of ended transcripts (/api/v1/shared-transcripts/<token>),
 * room names people type to join (/api/v1/room-names/<name>: knowing one is being let in) and,
 * around sign-in, identity tokens and credentials. Here:
 * - `redactUrl` masks those path segments (SECRET_PATH_ROUTES) and every sensitive query parameter;
 * - the `req` serializer logs the redacted URL (and no headers: Authorization never appears);
 * - the `err` serializer and every log line's string arguments (Fastify's "Route GET:<url> not
 *   found", error messages quoting a URL) go through `redactText`;
 * - pino's `redact` censors fields named like credentials in any logged object (an
 *   Authorization header, a body's `token`, `credential`, `identityToken`, `password`...).
 */
import type { FastifyServerOptions } from 'fastify';
import { API_ROUTES } from '../../shared/api';
import { RECAP_ROUTES } from '../../shared/recap/api';

export const REDACTED = '[redacted]';

/** Query parameter or field names whose value is a secret (compared without case). */
const SENSITIVE_NAME =
  /token|credential|password|secret|signature|apikey|api_key|oobcode|^code$|^key$|^sig$/i;

/** Routes whose last parameter is a secret (a token) or a room name: that segment is masked. */
export const SECRET_PATH_ROUTES: readonly string[] = [
  API_ROUTES.token,
  API_ROUTES.roomName,
  RECAP_ROUTES.sharedTranscript,
  RECAP_ROUTES.sharedTranscriptExport,
];

/** What a path segment is in free text: up to the next slash, query, fragment, space or quote. */
const SEGMENT = `[^/?#\\s"']+`;

/**
 * A route pattern (`/api/v1/tokens/:token`) as a regular expression matching its path up to and
 * including its last parameter, captured apart: the prefix (group 1), then the segment to mask.
 * Any API version is matched (`/api/v1.1/`), and other parameters as any segment.
 */
function secretSegmentPattern(route: string): string {
  const last = route.lastIndexOf('/:');
  const prefix = route
    .slice(0, last + 1)
    .split('/')
    .map((part) => (part.startsWith(':') ? SEGMENT : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
    .replace(/^\/api\/v1\//, '/api/v1(?:\\.\\d+)?/');
  return `(${prefix})${SEGMENT}`;
}

const SECRET_SEGMENT_PATTERNS = [...new Set(SECRET_PATH_ROUTES.map(secretSegmentPattern))];
const SECRET_PATH_SEGMENT = new RegExp(SECRET_SEGMENT_PATTERNS.join('|'), 'gi');

/** `name=value` pairs of query strings in free text (after ? or &). */
const QUERY_PAIR = /([?&])([^=&#\s"'?]+)=([^&#\s"']*)/g;

/** Whether a query parameter or object field of this name holds a secret. */
export function isSensitiveName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // keep the raw name
  }
  return SENSITIVE_NAME.test(decoded);
}

/** Masks every secret in a piece of text that may quote URLs (a message, a stack trace). */
export function redactText(text: string): string {
  return text
    .replace(SECRET_PATH_SEGMENT, (...match: unknown[]) => {
      // The one alternative that matched has its prefix captured.
      const prefix = match.slice(1, 1 + SECRET_SEGMENT_PATTERNS.length).find((g) => typeof g === 'string');
      return `${String(prefix)}${REDACTED}`;
    })
    .replace(QUERY_PAIR, (pair: string, sep: string, name: string) =>
      isSensitiveName(name) ? `${sep}${name}=${REDACTED}` : pair,
    );
}

/** A request URL (path and query) with its secrets masked. */
export function redactUrl(url: string): string {
  return redactText(url);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** What a request's log line says about it: Fastify's default fields, with the URL redacted. */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** An error as logged: type, message and stack, with quoted URLs redacted. */
export function serializeError(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  const code = (error as { code?: unknown }).code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return {
    type: error.name,
    message: redactText(String(error.message)),
    stack: redactText(error.stack ?? ''),
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
  };
}

const SENSITIVE_FIELDS = [
  'token',
  'credential',
  'identityToken',
  'idToken',
  'customToken',
  'refreshToken',
  'accessToken',
  'password',
  'authorization',
  'Authorization',
  'cookie',
];

/** pino `redact` paths: the fields above at the top of a logged object and two levels down. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SENSITIVE_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * Fastify's `logger` options for the server: the level, the redacting serializers, pino's
 * `redact`, and a hook that redacts the string arguments of every log call. `stream` (tests)
 * receives the JSON lines instead of standard output.
 */
export function serverLoggerOptions(level: string, stream?: { write(line: string): void }): LoggerOptions {
  return {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    hooks: {
      logMethod(args, method) {
        const cleaned = args.map((a: unknown) => (typeof a === 'string' ? redactText(a) : a));
        return method.apply(this, cleaned as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  };
}
