/** Sends a rating once; the server's "already rated" is a state of its own, not an error. */
import { call, put, takeEvery } from 'typed-redux-saga';
import { API } from '../../../shared/api';
import type { AppDeps } from '../../app/deps';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { ratingActions } from './slice';

export function* sendRating(deps: AppDeps, action: ReturnType<typeof ratingActions.submitted>) {
  const { roomId, rating } = action.payload;
  const identity = yield* call(waitForIdentity);
  const result = yield* call([deps.http, deps.http.post<unknown>], API.roomRating(roomId), rating, {
    headers: identityHeaders(identity),
  });
  if (result.ok) {
    yield* put(ratingActions.settled({ roomId, status: 'rated' }));
  } else if (result.status === 409) {
    yield* put(ratingActions.settled({ roomId, status: 'already-rated' }));
  } else {
    deps.logger.log('warn', 'rating', `could not rate ${roomId}: ${result.status} ${result.message}`);
    yield* put(ratingActions.settled({ roomId, status: 'failed', error: result.message }));
  }
}

export function* ratingSaga(deps: AppDeps) {
  yield* takeEvery(ratingActions.submitted.type, sendRating, deps);
}
