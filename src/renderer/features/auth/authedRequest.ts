/**
 * Calls to the backend that need the signed-in identity: basic auth with the identity token
 * (src/shared/auth.ts). Without a token the call is not even sent: it fails with the spec's
 * 'No token provided. Please log in to get a token.' A token the server finds stale or refused
 * (for example one issued before the email was verified) is fetched again once, and the call
 * retried.
 */
import { call, put, select } from 'redux-saga/effects';
import { NO_TOKEN_MESSAGE, identityAuthorization, tokenNeedsRefetch } from '../../../shared/auth';
import type { AppDeps } from '../../app/deps';
import type { HttpResult } from '../../lib/http';
import { selectAuth } from './selectors';
import { type AuthState, authActions } from './slice';

/** The current token: the one held, unless it is 3,000,000 ms old (then fetched again). */
export function* currentToken(deps: AppDeps): Generator<unknown, string | undefined, unknown> {
  const auth = (yield select(selectAuth)) as AuthState;
  if (auth.phase !== 'signed-in') return undefined;
  if (auth.token && !tokenNeedsRefetch(auth.tokenFetchedAtMs, deps.now())) return auth.token;
  const token = (yield call([deps.auth, deps.auth.getIdToken], auth.token !== undefined)) as
    string | undefined;
  if (token) yield put(authActions.tokenFetched({ token, atMs: deps.now() }));
  return token;
}

export type AuthedMethod = 'GET' | 'POST' | 'PATCH';

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
  return deps.http.patch<T>(path, body, options);
}

export function* authedRequest<T>(
  deps: AppDeps,
  method: AuthedMethod,
  path: string,
  body?: unknown,
): Generator<unknown, HttpResult<T>, unknown> {
  const token = (yield call(currentToken, deps)) as string | undefined;
  if (!token) return { ok: false, status: 401, message: NO_TOKEN_MESSAGE, code: 'no-token' };
  let result = (yield call(send<T>, deps, method, path, body, token)) as HttpResult<T>;
  if (!result.ok && (result.status === 401 || result.status === 403) && RETRYABLE.has(String(result.code))) {
    const fresh = (yield call([deps.auth, deps.auth.getIdToken], true)) as string | undefined;
    if (fresh && fresh !== token) {
      yield put(authActions.tokenFetched({ token: fresh, atMs: deps.now() }));
      result = (yield call(send<T>, deps, method, path, body, fresh)) as HttpResult<T>;
    }
  }
  return result;
}
