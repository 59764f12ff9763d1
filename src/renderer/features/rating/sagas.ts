/** Sends a rating once; the server's "already rated" is a state of its own, not an error. */
import { call, put, select, takeEvery } from 'typed-redux-saga';
import { ANALYTICS_EVENTS, ANALYTICS_TAG } from '../../../shared/analytics';
import type { RatingAnswer } from '../../../shared/rating';
import { API } from '../../../shared/api';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { ratingActions } from './slice';

export function* sendRating(deps: AppDeps, action: ReturnType<typeof ratingActions.submitted>) {
  const { roomId, rating } = action.payload;
  const identity = yield* call(waitForIdentity);
  const result = yield* call([deps.http, deps.http.post<unknown>], API.roomRating(roomId), rating, {
    headers: identityHeaders(identity),
  });
  if (result.ok) {
    deps.logger.log('info', ANALYTICS_TAG, ANALYTICS_EVENTS.rated, { roomId, stars: rating.stars });
    yield* put(ratingActions.settled({ roomId, status: 'rated' }));
  } else if (result.status === 409) {
    yield* put(ratingActions.settled({ roomId, status: 'already-rated' }));
  } else {
    deps.logger.log('warn', 'rating', `could not rate ${roomId}: ${result.status} ${result.message}`);
    yield* put(ratingActions.settled({ roomId, status: 'failed', error: result.message }));
  }
}

/**
 * Reads back one's own rating before the form is offered. If the read fails the form is offered
 * anyway: sending then meets the server's "already rated", which is said as such.
 */
export function* checkRating(deps: AppDeps, action: ReturnType<typeof ratingActions.checkRequested>) {
  const roomId = action.payload;
  const status = yield* select((s: RootState) => s.rating.byRoom[roomId]?.status);
  if (status !== 'checking') return;
  const identity = yield* call(waitForIdentity);
  const result = yield* call([deps.http, deps.http.get<RatingAnswer>], API.roomRating(roomId), {
    headers: identityHeaders(identity),
  });
  const stored = result.ok ? result.data.rating : null;
  if (!result.ok)
    deps.logger.log('warn', 'rating', `could not read back the rating of ${roomId}: ${result.status}`);
  yield* put(ratingActions.settled({ roomId, status: stored ? 'already-rated' : 'open' }));
}

export function* ratingSaga(deps: AppDeps) {
  yield* takeEvery(ratingActions.checkRequested.type, checkRating, deps);
  yield* takeEvery(ratingActions.submitted.type, sendRating, deps);
}
