/**
 * One's own boost list over HTTP (shared/boost-words.ts: BOOST_WORDS_ROUTE), for the account
 * settings' Boost tab. Who may call it is the access table's (signed-in accounts, their own
 * list only: the list is the caller's avaId's, never one named in the request). A change made
 * here reaches recognition from the person's next connection to a conversation.
 */
import type { FastifyInstance } from 'fastify';
import { apiError, apiErrorSchema } from '../../shared/api';
import {
  BOOST_REQUIRES_UPGRADE,
  BOOST_WORDS_ROUTE,
  applyBoostChange,
  boostWordsChangeSchema,
  boostWordsResponseSchema,
  type BoostWordsResponse,
} from '../../shared/boost-words';
import type { BoostWordsRepository } from './repository';
import { mayBoost } from '../auth';
import type { ServerLimits } from '../limits';
import { type AnyRoute, registerDescribed, routeIn } from '../http';

const route = routeIn('boost');

export interface BoostWordRouteDeps {
  boostWords: BoostWordsRepository;
  now: () => number;
  /** Who may boost (HEARKEN_BOOST_FOR): a plan without boost reads its list but cannot change it. */
  boostFor: ServerLimits['boostFor'];
}

export function boostWordRoutes(deps: BoostWordRouteDeps): AnyRoute[] {
  return [
    route('GET', BOOST_WORDS_ROUTE, {
      summary: "The caller's boost list, and whether their plan uses it.",
      response: { 200: boostWordsResponseSchema, 404: apiErrorSchema },
      handler: async (request, reply) => {
        const avaId = request.principal.avaId;
        if (!avaId) return reply.code(404).send(apiError('not-found', 'create your profile first'));
        return {
          words: await deps.boostWords.list(avaId),
          ...(mayBoost(request.principal, deps.boostFor) ? {} : { upgradeRequired: true }),
        } satisfies BoostWordsResponse;
      },
    }),
    route('PATCH', BOOST_WORDS_ROUTE, {
      summary: "Adds or removes words of the caller's boost list (comma-separated, as typed).",
      body: boostWordsChangeSchema,
      response: { 200: boostWordsResponseSchema },
      handler: async (request, reply) => {
        const avaId = request.principal.avaId;
        if (!avaId) return reply.code(404).send(apiError('not-found', 'create your profile first'));
        if (!mayBoost(request.principal, deps.boostFor))
          return reply.code(403).send(apiError('not-entitled', BOOST_REQUIRES_UPGRADE));
        const list = await deps.boostWords.list(avaId);
        const result = applyBoostChange(list, request.body);
        if (!result.ok) return reply.code(400).send(apiError('invalid-body', result.error));
        // An empty list of changes is ignored: nothing is written.
        if (result.added.length > 0 || result.removed.length > 0)
          await deps.boostWords.save(avaId, result.words, deps.now());
        return {
          words: result.words,
          added: result.added,
          removed: result.removed,
        } satisfies BoostWordsResponse;
      },
    }),
  ];
}

export function registerBoostWordRoutes(app: FastifyInstance, deps: BoostWordRouteDeps): void {
  registerDescribed(app, boostWordRoutes(deps));
}
