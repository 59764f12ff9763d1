import { call, put, select, take, takeLatest } from 'typed-redux-saga';
import {
  API,
  type CreateGuestBody,
  type CreatedGuestResponse,
  type GuestUserResponse,
} from '../../../shared/api';
import { guestAuthorization, identityAuthorization } from '../../../shared/auth';
import { STORAGE_KEYS } from '../../../shared/constants';
import { isValidDisplayName } from '../../../shared/validation';
import type { AppDeps } from '../../app/deps';
import { type Identity, sessionActions } from './slice';
import { selectSession } from './selectors';

const TAG = 'session';

/** The Authorization header that proves `identity` (none when it has no proof yet). */
export function identityHeaders(identity: Identity): Record<string, string> {
  if (identity.kind === 'account' && identity.token)
    return { Authorization: identityAuthorization(identity.token) };
  if (identity.kind === 'guest' && identity.credential)
    return { Authorization: guestAuthorization(identity.credential) };
  return {};
}

/**
 * Gets the guest identity: the avaId and credential kept in localStorage if the server still
 * accepts them, otherwise a new guest (POST createGuest), whose avaId and credential are then
 * kept. A stored avaId without a credential (kept by an older version) proves nothing, so it is
 * replaced.
 */
export function* bootstrapSession(deps: AppDeps) {
  const storedId = deps.storage.get(STORAGE_KEYS.avaId);
  const storedCredential = deps.storage.get(STORAGE_KEYS.guestCredential);
  const storedName = deps.storage.get(STORAGE_KEYS.userName);
  let guest: GuestUserResponse | undefined;
  let credential: string | undefined;
  if (storedId && storedCredential) {
    const found = yield* call([deps.http, deps.http.get<GuestUserResponse>], API.guest(storedId), {
      headers: { Authorization: guestAuthorization(storedCredential) },
    });
    if (found.ok) {
      guest = found.data;
      credential = storedCredential;
    } else if (found.status !== 404 && found.status !== 401 && found.status !== 403) {
      // The server is unreachable or failing: keep the known id rather than minting a new one.
      deps.logger.log('warn', TAG, `could not check guest ${storedId}: ${found.message}`);
      yield* put(sessionActions.ready(identityOf(storedId, storedCredential, storedName, undefined)));
      return;
    }
  }
  if (!guest) {
    const body: CreateGuestBody =
      storedName && isValidDisplayName(storedName) ? { userName: storedName } : {};
    const created = yield* call([deps.http, deps.http.post<CreatedGuestResponse>], API.createGuest, body);
    if (!created.ok) {
      deps.logger.log('error', TAG, `could not create a guest: ${created.message}`);
      yield* put(sessionActions.failed(created.message));
      return;
    }
    const { credential: issued, ...user } = created.data;
    guest = user;
    credential = issued;
    deps.storage.set(STORAGE_KEYS.avaId, guest.avaId);
    deps.storage.set(STORAGE_KEYS.guestCredential, issued);
  }
  yield* put(sessionActions.ready(identityOf(guest.avaId, credential, storedName, guest)));
}

function identityOf(
  avaId: string,
  credential: string | undefined,
  storedName: string | undefined,
  guest: GuestUserResponse | undefined,
): Identity {
  const userName =
    storedName && isValidDisplayName(storedName)
      ? storedName.trim()
      : (guest?.userName ?? guest?.avaName ?? '');
  return { kind: 'guest', avaId, userName, ...(credential ? { credential } : {}) };
}

function* persistUserName(deps: AppDeps, action: ReturnType<typeof sessionActions.userNameChanged>) {
  const name = action.payload.trim();
  // An account's name is saved with the account (profile saga), not left in this browser for
  // whoever uses it as a guest after signing out.
  const session = yield* select(selectSession);
  if (session.identity?.kind === 'account') return;
  if (isValidDisplayName(name)) yield* call([deps.storage, deps.storage.set], STORAGE_KEYS.userName, name);
}

/** Resolves with the identity once the session is ready (at once if it already is). */
export function* waitForIdentity() {
  let session = yield* select(selectSession);
  while (session.status !== 'ready' || !session.identity) {
    yield* take(sessionActions.ready);
    session = yield* select(selectSession);
  }
  return session.identity;
}

export function* sessionSaga(deps: AppDeps) {
  yield* takeLatest(sessionActions.bootstrapRequested.type, bootstrapSession, deps);
  yield* takeLatest(sessionActions.userNameChanged.type, persistUserName, deps);
}
