/**
 * One's own boost list over HTTP (shared/boost-words.ts: BOOST_WORDS_ROUTE), for the account
 * settings' Boost tab. Who may call it is the access table's (signed-in accounts, their own
 * list only: the list is the caller's avaId's, never one named in the request). A change made
 * here reaches recognition from the person's next connection to a conversation.
 */
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../shared/api';
import { BOOST_WORDS_ROUTE, applyBoostChange, type BoostWordsResponse } from '../../shared/boost-words';
import { formatIssue, object, oneOf, string } from '../../shared/schema';
import type { BoostWordsRepository } from './repository';
import { mayBoost } from '../auth/entitlements';
import type { ServerLimits } from '../limits';
import { BOOST_REQUIRES_UPGRADE } from '../../shared/boost-words';

export interface BoostWordRouteDeps {
  boostWords: BoostWordsRepository;
  now: () => number;
  /** Who may boost (HEARKEN_BOOST_FOR): a plan without boost reads its list but cannot change it. */
  boostFor: ServerLimits['boostFor'];
}

/** The input's length is the rules' to refuse ('Too many characters.'), not the schema's. */
const changeSchema = object({ action: oneOf(['add', 'remove'] as const), words: string({ max: 100_000 }) });

export function registerBoostWordRoutes(app: FastifyInstance, deps: BoostWordRouteDeps): void {
  app.get(BOOST_WORDS_ROUTE, async (request, reply) => {
    const avaId = request.principal.avaId;
    if (!avaId) return reply.code(404).send(apiError('not-found', 'create your profile first'));
    return {
      words: await deps.boostWords.list(avaId),
      ...(mayBoost(request.principal, deps.boostFor) ? {} : { upgradeRequired: true }),
    } satisfies BoostWordsResponse;
  });

  app.patch(BOOST_WORDS_ROUTE, async (request, reply) => {
    const avaId = request.principal.avaId;
    if (!avaId) return reply.code(404).send(apiError('not-found', 'create your profile first'));
    if (!mayBoost(request.principal, deps.boostFor))
      return reply.code(403).send(apiError('not-entitled', BOOST_REQUIRES_UPGRADE));
    const body = changeSchema.check(request.body ?? {});
    if (!body.ok) return reply.code(400).send(apiError('invalid-body', formatIssue(body.issue)));
    const list = await deps.boostWords.list(avaId);
    const result = applyBoostChange(list, body.value);
    if (!result.ok) return reply.code(400).send(apiError('invalid-body', result.error));
    // An empty list of changes is ignored: nothing is written.
    if (result.added.length > 0 || result.removed.length > 0)
      await deps.boostWords.save(avaId, result.words, deps.now());
    return { words: result.words, added: result.added, removed: result.removed } satisfies BoostWordsResponse;
  });
}
