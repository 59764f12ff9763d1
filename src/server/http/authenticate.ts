/**
 * Authenticated calls: the identity token comes in the Authorization header as basic auth
 * (src/shared/auth.ts); a call without one fails with the spec's 'No token provided...' message,
 * a refused one with a reason the client can act on (log in again, verify the email).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../../shared/api';
import { NO_TOKEN_MESSAGE, parseIdentityAuthorization } from '../../shared/auth';
import type { AuthFailureReason, IdentityVerifier, VerifiedIdentity } from '../auth/verifier';

const REFUSALS: Record<AuthFailureReason, { status: number; message: string }> = {
  'invalid-token': { status: 401, message: 'This sign-in is not valid. Please log in again.' },
  'claims-mismatch': { status: 401, message: 'This sign-in is not valid. Please log in again.' },
  'expired-token': { status: 401, message: 'Your sign-in has expired. Please log in again.' },
  'revoked-token': { status: 401, message: 'Your sign-in was revoked. Please log in again.' },
  'unknown-user': { status: 401, message: 'This account does not exist. Please sign up or log in again.' },
  'disabled-user': { status: 403, message: 'This account is disabled.' },
  'unverified-email': { status: 403, message: 'Please verify your email address first.' },
  'anonymous-user': { status: 403, message: 'Please sign in with an account.' },
  unavailable: { status: 503, message: 'The sign-in service cannot be reached. Please try again.' },
};

/**
 * The verified identity of the request, or undefined after answering the refusal. `verifier`
 * is undefined when the server has no identity provider configured (accounts off).
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  verifier: IdentityVerifier | undefined,
): Promise<VerifiedIdentity | undefined> {
  if (!verifier) {
    await reply
      .code(503)
      .send(apiError('accounts-unavailable', 'Accounts are not configured on this server.'));
    return undefined;
  }
  const token = parseIdentityAuthorization(request.headers.authorization);
  if (!token) {
    await reply.code(401).send(apiError('no-token', NO_TOKEN_MESSAGE));
    return undefined;
  }
  const result = await verifier.verify(token);
  if (!result.ok) {
    const refusal = REFUSALS[result.reason];
    await reply.code(refusal.status).send(apiError(result.reason, refusal.message));
    return undefined;
  }
  return result.identity;
}
