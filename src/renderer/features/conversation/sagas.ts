/**
 * Effects of the conversation screen: the host renames or ends the room, a participant leaves,
 * and when the room's state becomes `ended` everyone goes to the transcript view (unless
 * already there, conversation.md section 2).
 */
import type { Action } from '@reduxjs/toolkit';
import { call, fork, put, select, take, takeEvery, takeLeading } from 'typed-redux-saga';
import { normalizeTitle } from '../../../shared/validation';
import type { AppDeps } from '../../app/deps';
import { type RootState, selectState } from '../../app/root-reducer';
import { afterHostEnded, runEndSequence } from '../ending/sagas';
import { endingActions } from '../ending/slice';
import { notificationsActions } from '../notifications/slice';
import { socketActions } from '../socket/slice';
import { conversationActions } from './slice';
import { endedByTimeLimit, isEndedStatusFor } from './ended';
import { selectIsHost } from './selectors';
import { ROUTES, transcriptPath } from '../../../shared/routes';

/** The server refused to join us to a room that has already ended. */
const isRoomEndedError = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  action.payload.type === 'error' &&
  action.payload.error.code === 'room-ended';

function* notConnected() {
  yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

export function* updateTitle(
  deps: AppDeps,
  action: ReturnType<typeof conversationActions.titleUpdateRequested>,
) {
  const title = normalizeTitle(action.payload);
  if (title === undefined) return;
  if (!(yield* select(selectIsHost))) return;
  if (!deps.link.send({ type: 'update-title', title })) yield* call(notConnected);
}

/** One way of ending: the end sequence (ending/sagas.ts), for the host's end and a leave alike. */
function* endOrLeave(deps: AppDeps, action: Action) {
  yield* call(runEndSequence, deps, conversationActions.endRequested.match(action));
}

/** When the room ends, go to its transcript unless already on the transcript view. */
export function* followRoomEnd(deps: AppDeps) {
  let handledRoom: string | undefined;
  while (true) {
    const action = yield* take<
      ReturnType<typeof socketActions.messageReceived> | ReturnType<typeof conversationActions.entered>
    >([socketActions.messageReceived.type, conversationActions.entered.type]);
    if (conversationActions.entered.match(action)) {
      handledRoom = undefined;
      continue;
    }
    const roomId = yield* select((s: RootState) => s.conversation.roomId);
    if (!roomId || handledRoom === roomId) continue;
    if (!isEndedStatusFor(roomId)(action) && !isRoomEndedError(action)) continue;
    handledRoom = roomId;
    // Ended by the host while this person was still in it: told so, and saved to their history.
    // Ended at its time limit: everyone is told that, the host included.
    const state = yield* select(selectState);
    const byTimeLimit = endedByTimeLimit(action);
    if (isEndedStatusFor(roomId)(action) && state.conversation.endPhase === 'none' && !selectIsHost(state))
      yield* fork(afterHostEnded, deps, roomId, byTimeLimit);
    else if (byTimeLimit) yield* put(endingActions.timeLimitReached(roomId));
    // The host's own end goes on after the room ended (the boost question comes after:
    // ending/sagas.ts), on this screen and this connection; it goes to the transcript itself.
    if (selectIsHost(state) && state.ending.startedAtMs !== undefined) continue;
    const path = deps.navigation.currentPath();
    if (!path.startsWith(ROUTES.transcript)) {
      yield* call([deps.navigation, deps.navigation.navigate], transcriptPath(roomId));
    }
  }
}

export function* conversationSaga(deps: AppDeps) {
  yield* takeEvery(conversationActions.titleUpdateRequested.type, updateTitle, deps);
  yield* takeLeading(
    [conversationActions.endRequested.type, conversationActions.leaveRequested.type],
    endOrLeave,
    deps,
  );
  yield* call(followRoomEnd, deps);
}
