/**
 * The conversation's limits on the client. The server enforces them (it ends the room a few
 * seconds after the limit, SESSION_END_GRACE_MS); the host's client ends it first, at the limit
 * itself, through the one end sequence with close reason max_convo_time_reached, so the
 * microphone stops and the transcript is saved as in any other end.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import type { ClientMessage } from '../../../shared/protocol';
import { remainingMs } from '../../../shared/session-limits';
import type { AppDeps } from '../../app/deps';
import { type RootState, selectState } from '../../app/root-reducer';
import { selectIsHost } from '../conversation/selectors';
import { runEndSequence } from '../ending/sagas';
import { notificationsActions } from '../notifications/slice';
import { socketActions } from '../socket/slice';
import { sessionLimitsActions } from './actions';

const isRoomStatus = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  (action.payload.type === 'room-status' || action.payload.type === 'room-status-update');

/**
 * Every status restarts the wait from the session's end as it now stands (a prolonged session
 * moves it), on the server's clock as PONG measured it.
 */
export function* endAtTheLimit(deps: AppDeps) {
  const state: RootState = yield* select(selectState);
  const status = state.conversation.status;
  const session = status?.restrictedSession;
  if (!status || !session || status.state.value === 'ended' || !selectIsHost(state)) return;
  const serverNow = deps.now() + (state.socket.clockOffsetMs ?? 0);
  yield* delay(remainingMs(session, serverNow));
  deps.logger.log('info', 'session-limits', `${status.id} reached its ${session.tier} time limit`);
  yield* call(runEndSequence, deps, true, 'max_convo_time_reached' as const);
}

function* send(deps: AppDeps, message: ClientMessage) {
  if (!deps.link.send(message))
    yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

export function* sessionLimitsSaga(deps: AppDeps) {
  yield* takeLatest(isRoomStatus, endAtTheLimit, deps);
  yield* takeEvery(sessionLimitsActions.prolongRequested.type, function* () {
    const message: ClientMessage = { type: 'prolong-restricted-session' };
    yield* call(send, deps, message);
  });
  yield* takeEvery(
    sessionLimitsActions.forceMuteRequested.type,
    function* (action: ReturnType<typeof sessionLimitsActions.forceMuteRequested>) {
      const message: ClientMessage = { type: 'force-mute', avaId: action.payload };
      yield* call(send, deps, message);
    },
  );
}
