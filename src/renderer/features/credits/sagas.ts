/**
 * The Premium credit of the person in a conversation (countdown.ts, slice.ts): read from
 * GET /api/v1.1/user-credits/{avaId} when they come in (accounts only: guests have no credits)
 * and again whenever their Premium stream stops, so what is shown follows the server's count;
 * counting down while the room says their stream is on Premium (audioStreams[].usePaidASR).
 * A failed read is logged only (accounts.md section 8: credit fetch errors are logged only).
 */
import type { Action } from '@reduxjs/toolkit';
import { actionChannel, call, put, select, take, takeEvery } from 'typed-redux-saga';
import { BUSINESS_API } from '../../../shared/business-api';
import type { UserCredits } from '../../../shared/credits';
import type { CheckoutResponse } from '../../../shared/licences';
import { authedRequest } from '../sign-in/authed-request';
import type { AppDeps } from '../../app/deps';
import { type RootState, selectState } from '../../app/root-reducer';
import { conversationActions } from '../conversation/slice';
import { identityHeaders } from '../identity/sagas';
import { socketActions } from '../socket/slice';
import { isRunning, ownBasicStream, ownPremiumStream } from './countdown';
import { creditsActions } from './slice';

const isRoomStatus = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  (action.payload.type === 'room-status' || action.payload.type === 'room-status-update');

export function* loadCredits(deps: AppDeps) {
  const state: RootState = yield* select(selectState);
  const identity = state.session.identity;
  if (!identity || identity.kind !== 'account') return;
  const result = yield* call(
    [deps.http, deps.http.get<UserCredits>],
    BUSINESS_API.userCredits(identity.avaId),
    { headers: identityHeaders(identity) },
  );
  if (result.ok) yield* put(creditsActions.loaded({ credits: result.data, nowMs: deps.now() }));
  else deps.logger.log('warn', 'credits', `credits not read: ${result.status} ${result.message}`);
}

/**
 * A room status: the countdown runs exactly while one's own stream is on Premium. `firstOfRoom`:
 * the credits are read once on coming in (not on every status: typing changes it often).
 */
export function* followStatus(deps: AppDeps, firstOfRoom: boolean) {
  const state: RootState = yield* select(selectState);
  const status = state.conversation.status;
  const avaId = state.session.identity?.avaId;
  if (state.session.identity?.kind !== 'account') return;
  if (firstOfRoom) yield* call(loadCredits, deps);
  const running = isRunning((yield* select(selectState)).credits.countdown);
  const premium = ownPremiumStream(status, avaId);
  if (premium && !running) yield* put(creditsActions.premiumStarted({ nowMs: deps.now() }));
  if (!premium && running) {
    yield* put(creditsActions.premiumStopped({ nowMs: deps.now(), toBasic: ownBasicStream(status, avaId) }));
    // The server's count, which is the one spent.
    yield* call(loadCredits, deps);
  }
}

/** Opens Checkout for hours of one's own Scribe time; the webhook adds them once paid. */
function* buyScribeTime(deps: AppDeps, action: ReturnType<typeof creditsActions.scribeTimeBuyRequested>) {
  const result = yield* authedRequest<CheckoutResponse>(
    deps,
    'POST',
    BUSINESS_API.buyScribeTime,
    action.payload,
  );
  if (!result.ok) {
    yield* put(creditsActions.scribeTimeBuyFailed(result.message));
    return;
  }
  yield* call([deps.navigation, deps.navigation.openUrl], result.data.url);
}

export function* creditsSaga(deps: AppDeps) {
  yield* takeEvery(creditsActions.scribeTimeRequested.type, loadCredits, deps);
  yield* takeEvery(creditsActions.scribeTimeBuyRequested.type, buyScribeTime, deps);
  let firstOfRoom = true;
  yield* takeEvery(conversationActions.exited.type, function* () {
    firstOfRoom = true;
    yield* put(creditsActions.reset());
  });
  // One status at a time, in order: a read in progress finishes before the next is looked at.
  const statuses = yield* actionChannel(isRoomStatus);
  for (;;) {
    yield* take(statuses);
    const first = firstOfRoom;
    firstOfRoom = false;
    yield* call(followStatus, deps, first);
  }
}
