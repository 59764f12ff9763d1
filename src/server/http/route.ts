/**
 * An HTTP route described once: its method and path (from the shared route tables), its
 * feature (the OpenAPI tag, given once per feature by routeIn), what it
 * takes and answers (schemas of shared/schema.ts, the same the client's types come from), and
 * its handler, in one object. Who may call it is its row in the authorisation table
 * (auth/access.ts), found by `METHOD path`: a route whose row is missing does not compile, and
 * the access hook refuses to start without it too.
 *
 * Fastify validates params, query and body with these schemas before the handler runs (a
 * route-level validator compiler that calls the schema's `check`), so a handler receives typed,
 * checked values; a value that does not pass is answered 400 by the one error handler
 * (http/errors.ts). Responses are written with JSON.stringify: the response schemas document,
 * they never drop a field. The OpenAPI document (http/openapi.ts) is made from the same objects.
 * Why our schema language and not TypeBox: docs/http-routes.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { apiErrorSchema } from '../../shared/api';
import { formatIssue, type Schema } from '../../shared/schema';
import { type AccessRow, HTTP_ACCESS, type HttpRouteKey } from '../auth';
import { commonErrorStatuses } from './common-answers';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request whose params, query and body have passed their schemas. */
export type CheckedRequest<P, Q, B> = FastifyRequest<{ Params: P; Querystring: Q; Body: B }>;

export interface RouteDefinition<P, Q, B> {
  /** One line for the OpenAPI document: what the route does. */
  summary: string;
  params?: Schema<P>;
  query?: Schema<Q>;
  body?: Schema<B>;
  /**
   * The answers by status code, for readers (a JSON body; a file route says so in `produces`):
   * its successes and the errors its own handler gives. The errors of access, validation and
   * the error handler are added to the document by themselves (http/common-answers.ts).
   */
  response?: Readonly<Record<number, Schema<unknown>>>;
  /** Set when the answer is not JSON (a file, a page): its media types. */
  produces?: readonly string[];
  /** Fastify route options that are not about the request's shape (body limit, config). */
  options?: { bodyLimit?: number };
  handler(request: CheckedRequest<P, Q, B>, reply: FastifyReply): unknown;
}

/** A route of any shape, as the registration and the OpenAPI document see it. */
export interface AnyRoute {
  readonly method: RouteMethod;
  readonly url: string;
  readonly summary: string;
  readonly tag: string;
  readonly params?: Schema<unknown>;
  readonly query?: Schema<unknown>;
  readonly body?: Schema<unknown>;
  readonly response?: Readonly<Record<number, Schema<unknown>>>;
  readonly produces?: readonly string[];
  readonly options?: { bodyLimit?: number };
  handler(request: FastifyRequest, reply: FastifyReply): unknown;
}

/**
 * The route maker of one feature: `routeIn('boost')` describes the boost routes, each under the
 * feature's OpenAPI tag, as `route(method, path, definition)` (Fastify's own shorthand order).
 * `METHOD path` must be a row of the authorisation table: the type says `no-access-row` where it
 * is not, so the mistake is found by the compiler.
 */
export function routeIn(tag: string) {
  return function route<
    const M extends RouteMethod,
    const U extends string,
    P = Record<string, never>,
    Q = Record<string, never>,
    B = undefined,
  >(
    method: M,
    url: U,
    definition: RouteDefinition<P, Q, B> &
      (`${M} ${U}` extends HttpRouteKey ? unknown : { 'no-access-row': `${M} ${U}` }),
  ): AnyRoute {
    return { ...(definition as unknown as Omit<AnyRoute, 'method' | 'url' | 'tag'>), method, url, tag };
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's description, for the OpenAPI document and the test that every route has one. */
    described?: AnyRoute;
  }
}

type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

/** What Fastify calls to validate one part of a request: the part's schema `check`. */
function validatorOf(definition: AnyRoute, part: HttpPart) {
  const schema =
    part === 'body'
      ? definition.body
      : part === 'querystring'
        ? definition.query
        : part === 'params'
          ? definition.params
          : undefined;
  return (input: unknown) => {
    if (!schema) return true;
    // An absent body is an empty one: a route whose fields are all optional takes no body at all.
    const value = part === 'body' && (input === null || input === undefined) ? {} : input;
    const checked = schema.check(value);
    return checked.ok ? { value: checked.value } : { error: new Error(formatIssue(checked.issue)) };
  };
}

/** Every answer of a route, by status: the common errors first, then its own. */
function documentedAnswers(definition: AnyRoute): Record<string, unknown> {
  const row = (HTTP_ACCESS as Record<string, AccessRow>)[`${definition.method} ${definition.url}`];
  const common = row ? commonErrorStatuses(definition, row) : [];
  const answers: Record<string, unknown> = {};
  for (const status of common) answers[status] = apiErrorSchema.json;
  for (const [status, schema] of Object.entries(definition.response ?? {})) answers[status] = schema.json;
  return answers;
}

/** Registers described routes on `app`. */
export function registerDescribed(app: FastifyInstance, routes: readonly AnyRoute[]): void {
  for (const definition of routes) {
    app.route({
      method: definition.method as HTTPMethods,
      url: definition.url,
      ...(definition.options?.bodyLimit ? { bodyLimit: definition.options.bodyLimit } : {}),
      // The JSON Schema forms are what the OpenAPI document shows; the validator and the
      // serializer below are the route's own, so they are never what decides.
      schema: {
        summary: definition.summary,
        tags: [definition.tag],
        ...(definition.params ? { params: definition.params.json } : {}),
        ...(definition.query ? { querystring: definition.query.json } : {}),
        ...(definition.body ? { body: definition.body.json } : {}),
        response: documentedAnswers(definition),
        ...(definition.produces ? { produces: [...definition.produces] } : {}),
      },
      validatorCompiler: ({ httpPart }) => validatorOf(definition, httpPart as HttpPart),
      serializerCompiler: () => (data) => JSON.stringify(data),
      config: { described: definition },
      handler: definition.handler,
    });
  }
}
