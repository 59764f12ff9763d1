/**
 * Calls to the backend that need the signed-in identity: basic auth with the identity token
 * (src/shared/auth.ts). Without a token the call is not even sent: it fails with the spec's
 * 'No token provided. Please log in to get a token.' A token the server finds stale or refused
 * (for example one issued before the email was verified) is fetched again once, and the call
 * retried.
 */
import type { SagaIterator } from 'redux-saga';
import type { CallEffect } from 'redux-saga/effects';
import { type SagaGenerator, call, put, select } from 'typed-redux-saga';
import { NO_TOKEN_MESSAGE, identityAuthorization, tokenNeedsRefetch } from '../../../shared/auth';
import type { AppDeps } from '../../app/deps';
import type { HttpResult } from '../../lib/http';
import { selectAuth } from './selectors';
import { authActions } from './slice';

/** The current token: the one held, unless it is 3,000,000 ms old (then fetched again). */
export function* currentToken(deps: AppDeps) {
  const auth = yield* select(selectAuth);
  if (auth.phase !== 'signed-in') return undefined;
  if (auth.token && !tokenNeedsRefetch(auth.tokenFetchedAtMs, deps.now())) return auth.token;
  const token = yield* call([deps.auth, deps.auth.getIdToken], auth.token !== undefined);
  if (token) yield* put(authActions.tokenFetched({ token, atMs: deps.now() }));
  return token;
}

export type AuthedMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Refusals a fresh token can cure. */
const RETRYABLE = new Set([
  'expired-token',
  'invalid-token',
  'claims-mismatch',
  'revoked-token',
  'unverified-email',
]);

function send<T>(deps: AppDeps, method: AuthedMethod, path: string, body: unknown, token: string) {
  const options = { headers: { Authorization: identityAuthorization(token) } };
  if (method === 'GET') return deps.http.get<T>(path, options);
  if (method === 'POST') return deps.http.post<T>(path, body, options);
  if (method === 'DELETE') return deps.http.delete<T>(path, options);
  return deps.http.patch<T>(path, body, options);
}

function* authedRequestSaga<T>(deps: AppDeps, method: AuthedMethod, path: string, body: unknown) {
  const token = yield* call(currentToken, deps);
  if (!token) return { ok: false, status: 401, message: NO_TOKEN_MESSAGE, code: 'no-token' } as HttpResult<T>;
  let result = yield* call(send<T>, deps, method, path, body, token);
  if (!result.ok && (result.status === 401 || result.status === 403) && RETRYABLE.has(String(result.code))) {
    const fresh = yield* call([deps.auth, deps.auth.getIdToken], true);
    if (fresh && fresh !== token) {
      yield* put(authActions.tokenFetched({ token: fresh, atMs: deps.now() }));
      result = yield* call(send<T>, deps, method, path, body, fresh);
    }
  }
  return result;
}

/**
 * A call to the backend as the signed-in account, answered with the server's result (as a call
 * effect, so tests see it). `call` cannot infer T through a generic generator, hence one cast here.
 */
export function authedRequest<T>(
  deps: AppDeps,
  method: AuthedMethod,
  path: string,
  body?: unknown,
): SagaGenerator<HttpResult<T>, CallEffect> {
  const saga = authedRequestSaga as (
    deps: AppDeps,
    method: AuthedMethod,
    path: string,
    body: unknown,
  ) => SagaIterator<HttpResult<T>>;
  return call(saga, deps, method, path, body);
}
