/**
 * Effects of the conversation screen: the host renames or ends the room, a participant leaves,
 * and when the room's state becomes `ended` everyone goes to the transcript view (unless
 * already there, conversation.md section 2).
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeEvery, takeLeading } from 'typed-redux-saga';
import { END_SEQUENCE_GUARD_MS } from '../../../shared/constants';
import { normalizeTitle } from '../../../shared/validation';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { audioActions } from '../audio/slice';
import { notificationsActions } from '../notifications/slice';
import { socketActions } from '../socket/slice';
import { conversationActions } from './slice';
import { selectIsHost, selectRoomId } from './selectors';
import { ROUTES, transcriptPath } from '../../../shared/routes';

const TAG = 'conversation';

export const isEndedStatusFor =
  (roomId: string) =>
  (action: Action): boolean =>
    socketActions.messageReceived.match(action) &&
    (action.payload.type === 'room-status' || action.payload.type === 'room-status-update') &&
    action.payload.status.id === roomId &&
    action.payload.status.state.value === 'ended';

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

/** Host: ask the server to end the room, then wait for the room status that says it ended. */
export function* endConversation(deps: AppDeps) {
  const roomId = yield* select(selectRoomId);
  if (!roomId) return;
  // The microphone stops first: ending is not a reason to keep sending the room audio.
  const recording = yield* select((s: RootState) => s.audio.recording);
  if (recording !== 'NOT_RECORDING') yield* put(audioActions.stopRequested());
  if (!deps.link.send({ type: 'connection-params-update', roomId, state: { value: 'ended' } })) {
    yield* put(conversationActions.endFailed());
    yield* call(notConnected);
    return;
  }
  const { timeout } = yield* race({
    ended: take(isEndedStatusFor(roomId)),
    timeout: delay(END_SEQUENCE_GUARD_MS),
  });
  if (timeout) {
    deps.logger.log('error', TAG, `the server did not confirm the end of ${roomId}`);
    yield* put(conversationActions.endFailed());
    yield* put(notificationsActions.notify({ intent: 'danger', key: 'conversation.endFailed' }));
  }
}

/** Not the host: tell the server we leave (reason `closed`), then show the transcript. */
export function* leaveConversation(deps: AppDeps) {
  const roomId = yield* select(selectRoomId);
  if (!roomId) return;
  deps.link.send({ type: 'close', reason: 'closed' });
  yield* call([deps.navigation, deps.navigation.navigate], transcriptPath(roomId));
}

function* endOrLeave(deps: AppDeps, action: Action) {
  if (conversationActions.endRequested.match(action)) yield* call(endConversation, deps);
  else yield* call(leaveConversation, deps);
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
