import { call, delay, fork, put, race, select, take, takeLatest, takeLeading } from 'typed-redux-saga';
import { API, type RoomNameResponse, type TokenResponse } from '../../../shared/api';
import { makeRoomId } from '../../../shared/ids';
import { checkRoomName, normalizeRoomName } from '../../../shared/validation';
import type { AppDeps } from '../../app/deps';
import { selectState } from '../../app/root-reducer';
import { audioActions } from '../audio/slice';
import { conversationActions } from '../conversation/slice';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { CONNECT_TIMEOUT_MS } from '../socket/sagas';
import { isSocketConnectedEvent } from '../socket/slice';
import { lobbyActions } from './slice';
import { conversationPath } from '../../../shared/routes';

const TAG = 'lobby';

/**
 * A new room of our own: its id is our avaId plus a random id (makeRoomId). Starting a
 * conversation means "caption me": the microphone starts as soon as the room is connected,
 * with no second press (the record button stops it).
 */
export function* startConversation(deps: AppDeps, action?: ReturnType<typeof lobbyActions.startRequested>) {
  const identity = yield* call(waitForIdentity);
  const roomId = makeRoomId(identity.avaId);
  const panel = action?.payload?.panel;
  yield* call([deps.navigation, deps.navigation.navigate], conversationPath(roomId, false, undefined, panel));
  // A phone conversation's audio is the call's: the microphone waits to be asked for.
  if (panel === 'phone') return;
  // Forked, so that waiting for the connection does not hold back another start.
  yield* fork(recordWhenConnected, roomId);
}

/** Starts recording in `roomId` once its socket connects, unless the user left it first. */
export function* recordWhenConnected(roomId: string) {
  const { connected } = yield* race({
    connected: take(isSocketConnectedEvent),
    exit: take(conversationActions.exited.type),
    timeout: delay(CONNECT_TIMEOUT_MS * 2),
  });
  if (!connected) return;
  const state = yield* select(selectState);
  if (state.conversation.roomId !== roomId || state.conversation.readonly) return;
  yield* put(audioActions.startRequested());
}

export function* joinByName(deps: AppDeps, action: ReturnType<typeof lobbyActions.joinByNameRequested>) {
  const problem = checkRoomName(action.payload);
  if (problem) {
    yield* put(lobbyActions.joinFailed({ kind: 'validation', problem }));
    return;
  }
  const name = normalizeRoomName(action.payload);
  const identity = yield* call(waitForIdentity);
  const result = yield* call([deps.http, deps.http.get<RoomNameResponse>], API.roomName(name), {
    headers: identityHeaders(identity),
  });
  if (!result.ok) {
    deps.logger.log('warn', TAG, `room name ${name}: ${result.status} ${result.message}`);
    yield* put(lobbyActions.joinFailed({ kind: 'server', message: result.message, status: result.status }));
    return;
  }
  yield* put(lobbyActions.joinResolved());
  yield* call(
    [deps.navigation, deps.navigation.navigate],
    conversationPath(result.data.roomId, result.data.readonly === true, result.data.token),
  );
}

/** `?token=` on /web/conversations: resolve it to its room and join (read-only if either says so). */
export function* joinByToken(deps: AppDeps, action: ReturnType<typeof lobbyActions.tokenReceived>) {
  const { token, readonly } = action.payload;
  const identity = yield* call(waitForIdentity);
  const result = yield* call([deps.http, deps.http.get<TokenResponse>], API.token(token), {
    headers: identityHeaders(identity),
  });
  if (!result.ok) {
    deps.logger.log('warn', TAG, `token: ${result.status} ${result.message}`);
    yield* put(lobbyActions.tokenFailed(result.message));
    return;
  }
  yield* put(lobbyActions.tokenResolved());
  yield* call(
    [deps.navigation, deps.navigation.navigate],
    conversationPath(result.data.roomId, readonly || result.data.readonly === true, token),
    { replace: true },
  );
}

export function* lobbySaga(deps: AppDeps) {
  yield* takeLeading(lobbyActions.startRequested.type, startConversation, deps);
  yield* takeLatest(lobbyActions.joinByNameRequested.type, joinByName, deps);
  yield* takeLatest(lobbyActions.tokenReceived.type, joinByToken, deps);
}
