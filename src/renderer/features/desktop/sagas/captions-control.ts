/**
 * Captions on and off in the window that records (the main window), whatever asked (tray,
 * global shortcut, a caption window): in the conversation it is in, or a new one, or, when the
 * server cannot be reached, on this computer.
 */
import { call, delay, put, race, select, take } from 'typed-redux-saga';
import { API } from '../../../../shared/api';
import type { AppDeps } from '../../../app/deps';
import { selectState } from '../../../app/root-reducer';
import { selectRecordingOn } from '../../audio/selectors';
import { audioActions } from '../../audio/slice';
import { lobbyActions } from '../../lobby/slice';
import { CONNECT_TIMEOUT_MS } from '../../socket/sagas';
import { isSocketConnectedEvent } from '../../socket/slice';
import type { DesktopDeps } from '../deps';
import { desktopActions } from '../slice';
import { TAG } from './ask-main';
import { offlineCaptions } from './offline-captions';
import { serverUnreachable } from './server-unreachable';

export function* startCaptions(deps: AppDeps, desktop: DesktopDeps) {
  const state = yield* select(selectState);
  // Already on, or waiting for the connection to resume it.
  if (selectRecordingOn(state) || state.desktop.offline.recording !== 'NOT_RECORDING') return;
  const { conversation, socket } = state;
  const live = conversation.roomId && !conversation.readonly && conversation.status?.state.value !== 'ended';
  if (live && socket.status === 'online') {
    yield* put(audioActions.startRequested());
    return;
  }
  const health = yield* call([deps.http, deps.http.get], API.health);
  if (serverUnreachable(health)) {
    yield* call(offlineCaptions, deps, desktop);
    return;
  }
  if (!live) yield* put(lobbyActions.startRequested());
  const { timeout } = yield* race({
    online: take(isSocketConnectedEvent),
    timeout: delay(CONNECT_TIMEOUT_MS * 2),
  });
  if (timeout) {
    deps.logger.log('warn', TAG, 'the conversation did not connect: captioning on this computer');
    yield* call(offlineCaptions, deps, desktop);
    return;
  }
  yield* put(audioActions.startRequested());
}

export function* stopCaptions() {
  const state = yield* select(selectState);
  if (state.desktop.offline.recording !== 'NOT_RECORDING') yield* put(desktopActions.offlineStopRequested());
  if (selectRecordingOn(state)) yield* put(audioActions.stopRequested());
}

export function* onCaptionsCommand(
  deps: AppDeps,
  desktop: DesktopDeps,
  action: ReturnType<typeof desktopActions.captionsCommandReceived>,
) {
  const state = yield* select(selectState);
  const running = selectRecordingOn(state) || state.desktop.offline.recording !== 'NOT_RECORDING';
  const start = action.payload === 'start' || (action.payload === 'toggle' && !running);
  if (start) yield* call(startCaptions, deps, desktop);
  else yield* call(stopCaptions);
}
