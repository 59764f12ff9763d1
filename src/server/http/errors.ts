/**
 * The one error handler of the HTTP API: every error a route throws, Fastify's own included
 * (bad JSON, a body too large, a value its schema refuses), is answered in our error shape
 * `{"error":{"code","content":{"message"}}}` (shared/api.ts), never Fastify's and never a stack
 * trace. What the caller did wrong is told; what went wrong inside is logged and told only as
 * "internal".
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { apiError } from '../../shared/api';

/** The code of a value a route's schema refused, by the part of the request it was in. */
const INVALID_PART: Readonly<Record<string, string>> = {
  body: 'invalid-body',
  querystring: 'invalid-query',
  params: 'invalid-params',
  headers: 'invalid-headers',
};

/** Fastify's own errors a caller causes, and the code each is answered with. */
const CALLER_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body-too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid-content-length',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported-media-type',
};

export interface ErrorAnswer {
  status: number;
  body: ReturnType<typeof apiError>;
  /** True when the fault is the server's: logged as an error. */
  internal: boolean;
}

/** How an error is answered: pure, so its table is tested without a server. */
export function answerFor(error: Partial<FastifyError> & { message: string }): ErrorAnswer {
  if (error.validation || error.code === 'FST_ERR_VALIDATION') {
    const code = INVALID_PART[error.validationContext ?? 'body'] ?? 'invalid-body';
    // The route's schema named the field and what is wrong with it (http/route.ts).
    return { status: 400, body: apiError(code, error.message), internal: false };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  const code = error.code ? CALLER_ERRORS[error.code] : undefined;
  if (code) return { status, body: apiError(code, error.message), internal: false };
  if (status >= 400 && status < 500) {
    return { status, body: apiError(status, error.message), internal: false };
  }
  return {
    status: 500,
    body: apiError('internal', 'Something went wrong on the server. Please try again.'),
    internal: true,
  };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const answer = answerFor(error);
    if (answer.internal) request.log.error({ err: error }, 'a request failed');
    await reply.code(answer.status).send(answer.body);
  });
}
