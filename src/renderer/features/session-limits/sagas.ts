/**
 * The conversation's limits on the client. The server enforces them (it ends the room a few
 * seconds after the limit, SESSION_END_GRACE_MS); the host's client ends it first, at the limit
 * itself, through the one end sequence with close reason max_convo_time_reached, so the
 * microphone stops and the transcript is saved as in any other end. When auto stop stops a
 * stream, everyone in the room is told why captions stopped.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, fork, put, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import type { ClientMessage, ServerMessage } from '../../../shared/protocol';
import { AUTO_STOPPED_REASON, AUTO_STOP_AFTER_MS, remainingMs } from '../../../shared/session-limits';
import { conversationActions } from '../conversation/slice';
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

/** What says auto stop stopped captions, or that they started again. */
const isAutoStopNews = (action: Action): boolean => {
  if (conversationActions.entered.match(action)) return true;
  if (!socketActions.messageReceived.match(action)) return false;
  const m = action.payload;
  return (
    (m.type === 'recording-stopped' && m.reason === 'auto-stop') ||
    (m.type === 'room-status-update' &&
      (m.reason === AUTO_STOPPED_REASON || m.reason === 'audio-stream-started'))
  );
};

/**
 * Every reader in the room is told why captions stopped, until they dismiss it or captions
 * start again. The device whose microphone was stopped is told first (recording-stopped comes
 * before the room's update) and has its own notice, with the way on (audio/sagas.ts).
 */
export function* tellWhyCaptionsStopped() {
  let ownMicrophone = false;
  while (true) {
    const action = yield* take(isAutoStopNews);
    const message: ServerMessage | undefined = socketActions.messageReceived.match(action)
      ? action.payload
      : undefined;
    if (message?.type === 'recording-stopped') {
      ownMicrophone = true;
    } else if (message?.type === 'room-status-update' && message.reason === AUTO_STOPPED_REASON) {
      if (!ownMicrophone)
        yield* put(
          notificationsActions.notify({
            intent: 'warning',
            key: 'sessionLimits.autoStopped',
            values: { seconds: AUTO_STOP_AFTER_MS / 1000 },
            sticky: true,
          }),
        );
      ownMicrophone = false;
    } else {
      // Captions started again, or another conversation: the notice has said its piece.
      ownMicrophone = false;
      yield* put(notificationsActions.dismissKey('sessionLimits.autoStopped'));
    }
  }
}

function* send(deps: AppDeps, message: ClientMessage) {
  if (!deps.link.send(message))
    yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

export function* sessionLimitsSaga(deps: AppDeps) {
  yield* takeLatest(isRoomStatus, endAtTheLimit, deps);
  yield* fork(tellWhyCaptionsStopped);
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
