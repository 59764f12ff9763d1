/**
 * The desktop app's effects in a page (nothing runs in the web build, where deps.desktop is
 * absent):
 * - events from main (preferences, captions commands, the sign-in token, offline captions,
 *   navigation, expiry) become actions; the page then tells main it is ready for more;
 * - the window that records (the main window) starts captions in the conversation it is in, or
 *   starts one, or, when the server cannot be reached, captions on this computer; it reports
 *   its state to main, which shows it in the tray and the caption windows;
 * - the spec's desktop audio status (no audio for 5 s stops it), output-device changes during
 *   internal-audio recording, and screen-capture permission errors.
 */
import type { Action } from '@reduxjs/toolkit';
import { type EventChannel, type Task, buffers, eventChannel } from 'redux-saga';
import {
  all,
  call,
  cancel,
  delay,
  fork,
  join,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import { API } from '../../../shared/api';
import type { LinkState } from '../../../shared/audio-status';
import { int16ToLittleEndianBytes } from '../../../shared/audio';
import { VOLUME_SILENCE_TIMEOUT_MS } from '../../../shared/constants';
import { DESKTOP_ROUTES, SCREEN_CAPTURE_ERROR_SHOW_MS, usesInternalAudio } from '../../../shared/desktop';
import type {
  EventChannel as IpcEventChannel,
  EventPayloads,
  OfflineStatus,
  CaptionsState,
} from '../../../shared/ipc';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/rootReducer';
import type { HttpResult } from '../../lib/http';
import { type CaptureEvent, type CaptureSession, audioErrorOf, resolveMicId } from '../audio/capture';
import { audioActions } from '../audio/slice';
import { selectRecordingOn } from '../audio/selectors';
import { authActions } from '../auth/slice';
import { captionsActions } from '../captions/slice';
import { lobbyActions } from '../lobby/slice';
import { notificationsActions } from '../notifications/slice';
import { settingsActions } from '../settings/slice';
import { waitForIdentity } from '../session/sagas';
import type { Identity } from '../session/slice';
import { isSocketConnectedEvent } from '../socket/slice';
import type { SocketStatus } from '../socket/statusMachine';
import { CONNECT_TIMEOUT_MS } from '../socket/sagas';
import type { DesktopDeps } from './deps';
import type { DesktopCaptureNotice } from './desktopCapture';
import { currentOutput, outputChangeStopsRecording } from './outputDevice';
import { selectRecorderState } from './selectors';
import { desktopActions } from './slice';

const TAG = 'desktop';

/** How often the audio status looks at the capture pipeline. */
export const AUDIO_STATUS_TICK_MS = 1000;

type BridgeEvent = { [C in IpcEventChannel]: { channel: C; payload: EventPayloads[C] } }[IpcEventChannel];

const FORWARDED: readonly IpcEventChannel[] = [
  'desktop:configChanged',
  'captions:command',
  'captions:state',
  'auth:customToken',
  'offline:transcript',
  'offline:status',
  'app:expiryNotice',
  'app:navigate',
];

function bridgeChannel(desktop: DesktopDeps): EventChannel<BridgeEvent> {
  return eventChannel<BridgeEvent>((emit) => {
    const offs = FORWARDED.map((channel) =>
      desktop.bridge.on(channel, (payload: unknown) => emit({ channel, payload } as BridgeEvent)),
    );
    return () => offs.forEach((off) => off());
  }, buffers.expanding(64));
}

const ALLOWED_NAVIGATION = new Set<string>(Object.values(DESKTOP_ROUTES));

function* onBridgeEvent(deps: AppDeps, desktop: DesktopDeps, event: BridgeEvent) {
  switch (event.channel) {
    case 'desktop:configChanged':
      yield put(desktopActions.configLoaded(event.payload));
      return;
    case 'captions:command':
      yield put(desktopActions.captionsCommandReceived(event.payload.action));
      return;
    case 'captions:state':
      yield put(desktopActions.captionsStateReceived(event.payload));
      return;
    case 'auth:customToken':
      yield fork(signInWithCustomToken, deps, desktop, event.payload.customToken);
      return;
    case 'offline:transcript':
      yield put(captionsActions.received(event.payload));
      return;
    case 'offline:status':
      yield put(desktopActions.offlineStatusReceived(event.payload));
      return;
    case 'app:expiryNotice':
      yield put(desktopActions.expiryNoticeReceived(event.payload));
      yield put(
        event.payload.kind === 'expired'
          ? notificationsActions.notify({
              intent: 'danger',
              key: 'desktop.expired',
              values: { version: event.payload.latestVersion },
            })
          : notificationsActions.notify({
              intent: 'warning',
              key: 'desktop.expiresSoon',
              values: { count: event.payload.daysLeft, version: event.payload.latestVersion },
            }),
      );
      return;
    case 'app:navigate':
      if (ALLOWED_NAVIGATION.has(event.payload.path))
        yield call([deps.navigation, deps.navigation.navigate], event.payload.path);
      return;
    default:
      return;
  }
}

/**
 * A desktop sign-in's custom token (deep link, kept encrypted by main): the accounts feature signs
 * in with it; once that is over, succeeded or not, the stored copy is cleared (a custom token
 * signs in once, and expires within the hour anyway).
 */
export function* signInWithCustomToken(deps: AppDeps, desktop: DesktopDeps, customToken: string) {
  yield put(authActions.customTokenReceived(customToken));
  yield take([authActions.requestDone.type, authActions.requestFailed.type]);
  yield call(askMain, deps, desktop, 'auth:clearCustomToken', null);
}

/** Listens to main; tells it when listening has begun (events queued until then are sent). */
export function* listenToMain(deps: AppDeps, desktop: DesktopDeps) {
  const channel = bridgeChannel(desktop);
  try {
    yield call([desktop.bridge, desktop.bridge.invoke], 'window:ready', null);
    const token = (yield call([desktop.bridge, desktop.bridge.invoke], 'auth:takeCustomToken', null)) as
      string | null;
    if (token) yield fork(signInWithCustomToken, deps, desktop, token);
    while (true) {
      const event = (yield take(channel)) as BridgeEvent;
      yield call(onBridgeEvent, deps, desktop, event);
    }
  } finally {
    channel.close();
  }
}

/** A page asks main for something; a failure is logged, never thrown into the page. */
function* askMain<C extends Parameters<DesktopDeps['bridge']['invoke']>[0]>(
  deps: AppDeps,
  desktop: DesktopDeps,
  channel: C,
  request: Parameters<DesktopDeps['bridge']['invoke']>[1],
) {
  try {
    return (yield call([desktop.bridge, desktop.bridge.invoke], channel, request as never)) as unknown;
  } catch (error) {
    deps.logger.log('warn', TAG, `${channel} failed`, error);
    return undefined;
  }
}

// ---- The recording window ----

/** Offline captions need the server to be unreachable, not merely to refuse a request. */
export function serverUnreachable(result: HttpResult<unknown>): boolean {
  return (
    !result.ok &&
    (result.status === 0 || result.status === 502 || result.status === 503 || result.status === 504)
  );
}

export function* startCaptions(deps: AppDeps, desktop: DesktopDeps) {
  const state = (yield select()) as RootState;
  // Already on, or waiting for the connection to resume it.
  if (selectRecordingOn(state) || state.desktop.offline.recording !== 'NOT_RECORDING') return;
  const { conversation, socket } = state;
  const live = conversation.roomId && !conversation.readonly && conversation.status?.state.value !== 'ended';
  if (live && socket.status === 'online') {
    yield put(audioActions.startRequested());
    return;
  }
  const health = (yield call([deps.http, deps.http.get], API.health)) as HttpResult<unknown>;
  if (serverUnreachable(health)) {
    yield call(offlineCaptions, deps, desktop);
    return;
  }
  if (!live) yield put(lobbyActions.startRequested());
  const { timeout } = (yield race({
    online: take(isSocketConnectedEvent),
    timeout: delay(CONNECT_TIMEOUT_MS * 2),
  })) as {
    timeout?: true;
  };
  if (timeout) {
    deps.logger.log('warn', TAG, 'the conversation did not connect: captioning on this computer');
    yield call(offlineCaptions, deps, desktop);
    return;
  }
  yield put(audioActions.startRequested());
}

function* stopCaptions() {
  const state = (yield select()) as RootState;
  if (state.desktop.offline.recording !== 'NOT_RECORDING') yield put(desktopActions.offlineStopRequested());
  if (selectRecordingOn(state)) yield put(audioActions.stopRequested());
}

export function* onCaptionsCommand(
  deps: AppDeps,
  desktop: DesktopDeps,
  action: ReturnType<typeof desktopActions.captionsCommandReceived>,
) {
  const state = (yield select()) as RootState;
  const running = selectRecordingOn(state) || state.desktop.offline.recording !== 'NOT_RECORDING';
  const start = action.payload === 'start' || (action.payload === 'toggle' && !running);
  if (start) yield call(startCaptions, deps, desktop);
  else yield call(stopCaptions);
}

function captureChannel(session: CaptureSession): EventChannel<CaptureEvent> {
  return eventChannel<CaptureEvent>((emit) => session.subscribe(emit), buffers.expanding(32));
}

/**
 * Captions made on this computer: audio to main's speech process, its transcripts to every
 * window. `bridge`: standing in for a conversation whose connection dropped, so the room's
 * captions stay on screen and the notice says captions go back to the server once it is back.
 */
export function* offlineCaptions(deps: AppDeps, desktop: DesktopDeps, options: { bridge?: boolean } = {}) {
  const notice = options.bridge ? 'desktop.bridging' : 'desktop.noServer';
  yield put(notificationsActions.notify({ intent: 'warning', key: notice }));
  yield put(desktopActions.offlineRecordingEvent('start'));
  const state = (yield select()) as RootState;
  const deviceId = resolveMicId(state.audio.devices, state.audio.selectedMicId);
  const controller = new AbortController();
  let session: CaptureSession | undefined;
  let mainStarted = false;
  let outcome: 'stop' | 'failed' = 'stop';
  // Cancelled at any stage (a bridge ends when the connection is back), everything this
  // started is released in the finally below: the microphone, main's speech session, the state.
  try {
    try {
      session = (yield call(
        [deps.audio, deps.audio.start],
        { deviceId },
        controller.signal,
      )) as CaptureSession;
    } catch (error) {
      const code = audioErrorOf(error);
      deps.logger.log('error', TAG, `offline recording failed (${code})`, error);
      outcome = 'failed';
      yield put(notificationsActions.notify({ intent: 'danger', key: `errors.audio.${code}` }));
      return;
    }
    const identity = (yield call(waitForIdentity)) as Identity;
    mainStarted = true;
    const started = (yield call(askMain, deps, desktop, 'offline:start', {
      lang: state.settings.speechLang,
      author: identity.avaId,
      authorShow: identity.userName,
    })) as { ok: true } | { ok: false; message: string } | undefined;
    if (!started?.ok) {
      mainStarted = false;
      outcome = 'failed';
      yield put(
        notificationsActions.notify({
          intent: 'danger',
          key: 'desktop.offlineFailed',
          values: { message: started && !started.ok ? started.message : 'no answer' },
        }),
      );
      return;
    }
    if (!options.bridge) yield put(captionsActions.cleared());
    yield put(desktopActions.offlineRecordingEvent('started'));
    const channel = captureChannel(session);
    try {
      const pump = (yield fork(function* () {
        while (true) {
          const event = (yield take(channel)) as CaptureEvent;
          if (event.kind === 'ended') return;
          // Not awaited: audio keeps its pace; main drops what arrives after a stop.
          void desktop.bridge
            .invoke('offline:audio', int16ToLittleEndianBytes(event.samples))
            .catch(() => undefined);
        }
      })) as Task;
      const result = (yield race({
        stop: take([desktopActions.offlineStopRequested.type, audioActions.stopRequested.type]),
        failed: take(
          (a: Action) => desktopActions.offlineStatusReceived.match(a) && a.payload.state === 'failed',
        ),
        trackEnded: join(pump),
      })) as { failed?: ReturnType<typeof desktopActions.offlineStatusReceived>; trackEnded?: unknown };
      if (pump.isRunning()) yield cancel(pump);
      if (result.failed) {
        const status = result.failed.payload as Extract<OfflineStatus, { state: 'failed' }>;
        yield put(
          notificationsActions.notify({
            intent: 'danger',
            key: 'desktop.offlineFailed',
            values: { message: status.message },
          }),
        );
      }
      if ('trackEnded' in result)
        yield put(notificationsActions.notify({ intent: 'warning', key: 'audio.trackEnded' }));
    } finally {
      channel.close();
    }
  } finally {
    controller.abort();
    if (session) yield call([session, session.stop]);
    if (mainStarted) yield call(askMain, deps, desktop, 'offline:stop', null);
    yield put(desktopActions.offlineRecordingEvent(outcome));
  }
}

/** How long a dropped connection may last before this computer takes over the captions. */
export const OUTAGE_BRIDGE_AFTER_MS = CONNECT_TIMEOUT_MS;

const isResumeWait = (waiting: boolean) => (a: Action) =>
  audioActions.resumeWaiting.match(a) && a.payload === waiting;

/**
 * Captions must not stop for a deaf user in a meeting because the server went away: when the
 * connection drops mid-recording and has not come back within OUTAGE_BRIDGE_AFTER_MS, and the
 * server indeed cannot be reached, this computer captions until the recording resumes on the
 * server (or the user stops). The caption windows follow the switch both ways (reportState).
 */
export function* bridgeOutages(deps: AppDeps, desktop: DesktopDeps) {
  while (true) {
    yield take(isResumeWait(true));
    const { over } = (yield race({
      over: take(isResumeWait(false)),
      grace: delay(OUTAGE_BRIDGE_AFTER_MS),
    })) as { over?: Action };
    if (over) continue;
    // A server that answers will take the socket back soon: no need to switch engines twice.
    const { health } = (yield race({
      health: call([deps.http, deps.http.get], API.health),
      hung: delay(CONNECT_TIMEOUT_MS),
    })) as { health?: HttpResult<unknown> };
    if (health && !serverUnreachable(health)) continue;
    if (!((yield select((s: RootState) => s.audio.resuming)) as boolean)) continue;
    deps.logger.log(
      'warn',
      TAG,
      'connection lost mid-recording: captioning on this computer until it is back',
    );
    yield race({
      bridge: call(offlineCaptions, deps, desktop, { bridge: true }),
      over: take(isResumeWait(false)),
    });
  }
}

/** Tells main the recording state whenever it changes. */
export function* reportState(deps: AppDeps, desktop: DesktopDeps) {
  let last = '';
  while (true) {
    const state = (yield select(selectRecorderState)) as CaptionsState;
    const key = JSON.stringify(state);
    if (key !== last) {
      last = key;
      yield call(askMain, deps, desktop, 'captions:reportState', state);
    }
    yield take('*');
  }
}

const SOCKET_LINK: Record<SocketStatus, LinkState> = {
  uninitialized: 'new',
  pending: 'connecting',
  reconnecting: 'connecting',
  online: 'connected',
  disconnected: 'disconnected',
  offline: 'disconnected',
  closed: 'closed',
};
const OFFLINE_LINK: Record<OfflineStatus['state'], LinkState> = {
  starting: 'connecting',
  ready: 'connected',
  failed: 'failed',
  stopped: 'closed',
};

/** The link of the spec's audio status follows the socket, or the speech process offline. */
function* followLink() {
  let last: LinkState | undefined;
  while (true) {
    const state = (yield select()) as RootState;
    const offline = state.desktop.offline.recording !== 'NOT_RECORDING';
    const link = offline
      ? OFFLINE_LINK[state.desktop.offline.status?.state ?? 'starting']
      : state.audio.recording === 'NOT_RECORDING'
        ? 'closed'
        : SOCKET_LINK[state.socket.status];
    if (link !== last) {
      last = link;
      yield put(desktopActions.audioStatusEvent({ type: 'link', state: link }));
    }
    yield take('*');
  }
}

/**
 * Volume reports: a chunk arrived in the last tick. None for VOLUME_SILENCE_TIMEOUT_MS while
 * recording means the capture died: audio stops and the user is told.
 */
export function* watchVolume(deps: AppDeps, desktop: DesktopDeps) {
  while (true) {
    yield delay(AUDIO_STATUS_TICK_MS);
    const state = (yield select()) as RootState;
    const recording =
      state.audio.recording !== 'NOT_RECORDING' || state.desktop.offline.recording !== 'NOT_RECORDING';
    if (!recording) continue;
    const last = desktop.lastChunkAtMs();
    const now = deps.now();
    if (last !== undefined && now - last < AUDIO_STATUS_TICK_MS * 1.5) {
      yield put(desktopActions.audioStatusEvent({ type: 'volume' }));
    } else if (last === undefined || now - last >= VOLUME_SILENCE_TIMEOUT_MS) {
      const before = (yield select((s: RootState) => s.desktop.audioStatus.status)) as string;
      yield put(desktopActions.audioStatusEvent({ type: 'volumeTimeout' }));
      if (before !== 'notRecording') {
        deps.logger.log('warn', TAG, `no audio for ${VOLUME_SILENCE_TIMEOUT_MS} ms: stopping`);
        yield call(stopCaptions);
        yield put(notificationsActions.notify({ intent: 'warning', key: 'desktop.audioStalled' }));
      }
    }
  }
}

/** While the computer's audio is recorded, a change of output device (not to our virtual speaker) stops it. */
export function* watchOutputDevice(deps: AppDeps, desktop: DesktopDeps) {
  const changes = eventChannel<true>(
    (emit) => deps.audio.onDeviceChange(() => emit(true)),
    buffers.sliding(1),
  );
  let before: string | undefined;
  let recordingInternal = false;
  try {
    while (true) {
      const state = (yield select()) as RootState;
      const recording =
        state.audio.recording === 'RECORDING' || state.desktop.offline.recording === 'RECORDING';
      const internal =
        recording && usesInternalAudio(state.desktop.config?.preferences.audioSource ?? 'microphone');
      if (internal && !recordingInternal)
        before = currentOutput((yield call([desktop, desktop.listOutputs])) as never);
      recordingInternal = internal;
      const { change } = (yield race({ change: take(changes), other: take('*') })) as { change?: true };
      if (!change || !recordingInternal) continue;
      const after = currentOutput((yield call([desktop, desktop.listOutputs])) as never);
      if (outputChangeStopsRecording(before, after)) {
        deps.logger.log(
          'warn',
          TAG,
          `output changed from ${before ?? '?'} to ${after ?? '?'}: stopping internal audio`,
        );
        yield call(stopCaptions);
        yield put(notificationsActions.notify({ intent: 'warning', key: 'desktop.outputChanged' }));
      }
      before = after;
    }
  } finally {
    changes.close();
  }
}

/** Notices from desktop capture: the quick-setup screen, the screen-capture permission error. */
export function* watchCaptureNotices(deps: AppDeps, desktop: DesktopDeps) {
  const notices = eventChannel<DesktopCaptureNotice>(
    (emit) => desktop.captureNotices.subscribe(emit),
    buffers.expanding(8),
  );
  try {
    while (true) {
      const notice = (yield take(notices)) as DesktopCaptureNotice;
      switch (notice.kind) {
        case 'internalAudioUnavailable':
          if (notice.reason === 'macosNeedsSetup') {
            yield call([deps.navigation, deps.navigation.navigate], DESKTOP_ROUTES.internalAudioSetup);
            yield call(askMain, deps, desktop, 'window:showMain', null);
          }
          yield put(
            notificationsActions.notify({ intent: 'warning', key: 'desktop.systemAudioUnavailable' }),
          );
          break;
        case 'screenCaptureDenied':
          yield put(
            notificationsActions.notify({
              intent: 'danger',
              key: 'errors.audio.NO_SCREEN_SHARE',
              hideAfterMs: SCREEN_CAPTURE_ERROR_SHOW_MS,
              ...(desktop.platform === 'linux'
                ? {}
                : {
                    action: {
                      labelKey: 'desktop.openSystemSettings',
                      action: desktopActions.systemSettingsRequested('screenCapture'),
                    },
                  }),
            }),
          );
          break;
        case 'microphoneDenied':
          // The audio saga shows PERMISSION_DENIED; this adds the way to change it.
          if (desktop.platform !== 'linux')
            yield put(
              notificationsActions.notify({
                intent: 'danger',
                key: 'errors.audio.PERMISSION_DENIED',
                action: {
                  labelKey: 'desktop.openSystemSettings',
                  action: desktopActions.systemSettingsRequested('microphone'),
                },
              }),
            );
          break;
        case 'systemAudioEnded':
          yield put(
            notificationsActions.notify({
              intent: 'warning',
              key: 'desktop.systemAudioEnded',
              values: { message: notice.message },
            }),
          );
          break;
      }
    }
  } finally {
    notices.close();
  }
}

// ---- Requests from the page to main ----

export function* requestsToMain(deps: AppDeps, desktop: DesktopDeps) {
  yield all([
    takeEvery(
      desktopActions.captionsCommandRequested.type,
      function* (a: ReturnType<typeof desktopActions.captionsCommandRequested>) {
        yield call(askMain, deps, desktop, 'captions:command', { action: a.payload });
      },
    ),
    takeLatest(
      desktopActions.preferencesUpdateRequested.type,
      function* (a: ReturnType<typeof desktopActions.preferencesUpdateRequested>) {
        const config = (yield call(
          askMain,
          deps,
          desktop,
          'desktop:updatePreferences',
          a.payload,
        )) as RootState['desktop']['config'];
        if (config) yield put(desktopActions.configLoaded(config));
      },
    ),
    // The tray speaks the app's language.
    takeLatest(settingsActions.languageChanged.type, function* () {
      const language = (yield select((s: RootState) => s.settings.language)) as 'en' | 'fr';
      yield call(askMain, deps, desktop, 'desktop:updatePreferences', { language });
    }),
    takeEvery(
      desktopActions.windowMoveRequested.type,
      function* (a: ReturnType<typeof desktopActions.windowMoveRequested>) {
        yield call(askMain, deps, desktop, 'window:moveBy', a.payload);
      },
    ),
    takeLatest(
      desktopActions.windowInteractiveChanged.type,
      function* (a: ReturnType<typeof desktopActions.windowInteractiveChanged>) {
        yield call(askMain, deps, desktop, 'window:interactive', { interactive: a.payload });
      },
    ),
    takeEvery(desktopActions.windowHideRequested.type, function* () {
      yield call(askMain, deps, desktop, 'window:hide', null);
    }),
    takeEvery(desktopActions.showMainRequested.type, function* () {
      yield call(askMain, deps, desktop, 'window:showMain', null);
    }),
    takeEvery(
      desktopActions.systemSettingsRequested.type,
      function* (a: ReturnType<typeof desktopActions.systemSettingsRequested>) {
        yield call(askMain, deps, desktop, 'system:openSettings', { pane: a.payload });
      },
    ),
  ]);
}

/** Caption windows only show captions; the window that records is the main one. */
function isCaptionWindow(deps: AppDeps): boolean {
  return deps.navigation.currentPath().startsWith(DESKTOP_ROUTES.captions);
}

export function* desktopSaga(deps: AppDeps) {
  const desktop = deps.desktop;
  if (!desktop) return;
  const config = (yield call(
    askMain,
    deps,
    desktop,
    'desktop:getConfig',
    null,
  )) as RootState['desktop']['config'];
  if (config) yield put(desktopActions.configLoaded(config));
  yield fork(listenToMain, deps, desktop);
  yield fork(requestsToMain, deps, desktop);
  yield fork(watchCaptureNotices, deps, desktop);
  if (isCaptionWindow(deps)) return;
  // The tray follows the language of the app window from the start.
  const language = (yield select((s: RootState) => s.settings.language)) as 'en' | 'fr';
  yield call(askMain, deps, desktop, 'desktop:updatePreferences', { language });
  yield takeLatest(desktopActions.captionsCommandReceived.type, onCaptionsCommand, deps, desktop);
  yield fork(reportState, deps, desktop);
  yield fork(followLink);
  yield fork(watchVolume, deps, desktop);
  yield fork(watchOutputDevice, deps, desktop);
  yield fork(bridgeOutages, deps, desktop);
}
