/**
 * The signed-in account of a request. Who may call a route is decided before the handler runs
 * (access-hook.ts, from the table in auth/access.ts); a handler of an account route only reads
 * the identity the hook verified.
 */
import type { FastifyRequest } from 'fastify';
import type { UserProfile } from '../../shared/user';
import type { VerifiedIdentity } from '../auth';

/** The verified identity; throws if the route's row let a non-account through (a table bug). */
export function accountOf(request: FastifyRequest): VerifiedIdentity {
  const principal = request.principal;
  if (principal.kind !== 'account') {
    throw new Error(`${request.method} ${request.url} reached an account handler without an account`);
  }
  return principal.identity;
}

/** The account's profile as the hook found it (one look-up per request), if it has one yet. */
export function profileOf(request: FastifyRequest): UserProfile | undefined {
  return request.principal.kind === 'account' ? request.principal.profile : undefined;
}
