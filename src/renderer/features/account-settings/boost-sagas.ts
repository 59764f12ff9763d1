/** Reads and changes one's own boost list for the account settings' Boost tab (boost-slice.ts). */
import { put, takeEvery, takeLatest } from 'typed-redux-saga';
import { BOOST_WORDS_ROUTE, type BoostWordsResponse } from '../../../shared/boost-words';
import type { AppDeps } from '../../app/deps';
import { authedRequest } from '../sign-in/authed-request';
import { accountBoostActions } from './boost-slice';

function* load(deps: AppDeps) {
  const r = yield* authedRequest<BoostWordsResponse>(deps, 'GET', BOOST_WORDS_ROUTE);
  if (r.ok) {
    yield* put(accountBoostActions.loaded(r.data.words));
    if (r.data.upgradeRequired) yield* put(accountBoostActions.upgradeRequired());
  } else yield* put(accountBoostActions.loadFailed(r.message));
}

function* change(deps: AppDeps, action: ReturnType<typeof accountBoostActions.changeRequested>) {
  const r = yield* authedRequest<BoostWordsResponse>(deps, 'PATCH', BOOST_WORDS_ROUTE, action.payload);
  if (r.ok) yield* put(accountBoostActions.changed(r.data));
  else yield* put(accountBoostActions.changeFailed(r.message));
}

export function* accountBoostSaga(deps: AppDeps) {
  yield* takeLatest(accountBoostActions.loadRequested.type, load, deps);
  yield* takeEvery(accountBoostActions.changeRequested.type, change, deps);
}
