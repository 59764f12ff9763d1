/**
 * Captions made on this computer: audio to main's speech process, its transcripts to every
 * window. Used when no server can be reached, and to bridge a dropped connection mid-recording.
 */
import type { Action } from '@reduxjs/toolkit';
import { type EventChannel, buffers, eventChannel } from 'redux-saga';
import { call, cancel, delay, fork, join, put, race, select, take } from 'typed-redux-saga';
import { API } from '../../../../shared/api';
import { int16ToLittleEndianBytes } from '../../../../shared/audio';
import type { OfflineStatus } from '../../../../shared/ipc';
import type { AppDeps } from '../../../app/deps';
import { type RootState, selectState } from '../../../app/root-reducer';
import { type CaptureEvent, type CaptureSession, audioErrorOf, resolveMicId } from '../../audio/capture';
import { audioActions } from '../../audio/slice';
import { captionsActions } from '../../captions/slice';
import { notificationsActions } from '../../notifications/slice';
import { waitForIdentity } from '../../identity/sagas';
import { CONNECT_TIMEOUT_MS } from '../../socket/sagas';
import type { DesktopDeps } from '../deps';
import { mixedForDevice } from '../desktop-capture';
import { desktopActions } from '../slice';
import { TAG, askMain } from './ask-main';
import { serverUnreachable } from './server-unreachable';

function captureChannel(session: CaptureSession): EventChannel<CaptureEvent> {
  return eventChannel<CaptureEvent>((emit) => session.subscribe(emit), buffers.expanding(32));
}

const isOfflineFailure = (a: Action): a is ReturnType<typeof desktopActions.offlineStatusReceived> =>
  desktopActions.offlineStatusReceived.match(a) && a.payload.state === 'failed';

/**
 * `bridge`: standing in for a conversation whose connection dropped, so the room's captions stay
 * on screen and the notice says captions go back to the server once it is back.
 */
export function* offlineCaptions(deps: AppDeps, desktop: DesktopDeps, options: { bridge?: boolean } = {}) {
  const notice = options.bridge ? 'desktop.bridging' : 'desktop.noServer';
  yield* put(notificationsActions.notify({ intent: 'warning', key: notice }));
  yield* put(desktopActions.offlineRecordingEvent('start'));
  const state = yield* select(selectState);
  const deviceId = resolveMicId(state.audio.devices, state.audio.selectedMicId);
  const controller = new AbortController();
  let session: CaptureSession | undefined;
  let mainStarted = false;
  let outcome: 'stop' | 'failed' = 'stop';
  // Cancelled at any stage (a bridge ends when the connection is back), everything this
  // started is released in the finally below: the microphone, main's speech session, the state.
  try {
    try {
      const captured = yield* call([deps.audio, deps.audio.start], { deviceId }, controller.signal);
      // One speech session on the device: the microphone and the computer's sound are mixed there.
      session = mixedForDevice(captured);
    } catch (error) {
      const code = audioErrorOf(error);
      deps.logger.log('error', TAG, `offline recording failed (${code})`, error);
      outcome = 'failed';
      yield* put(notificationsActions.notify({ intent: 'danger', key: `errors.audio.${code}` }));
      return;
    }
    const identity = yield* call(waitForIdentity);
    mainStarted = true;
    const started = yield* askMain(deps, desktop, 'offline:start', {
      lang: state.settings.speechLang,
      author: identity.avaId,
      authorShow: identity.userName,
    });
    if (!started?.ok) {
      mainStarted = false;
      outcome = 'failed';
      yield* put(
        notificationsActions.notify({
          intent: 'danger',
          key: 'desktop.offlineFailed',
          values: { message: started && !started.ok ? started.message : 'no answer' },
        }),
      );
      return;
    }
    if (!options.bridge) yield* put(captionsActions.cleared());
    yield* put(desktopActions.offlineRecordingEvent('started'));
    const channel = captureChannel(session);
    try {
      const pump = yield* fork(function* () {
        while (true) {
          const event = yield* take(channel);
          if (event.kind === 'ended') return;
          // Not awaited: audio keeps its pace; main drops what arrives after a stop.
          void desktop.bridge
            .invoke('offline:audio', int16ToLittleEndianBytes(event.samples))
            .catch(() => undefined);
        }
      });
      const result = yield* race({
        stop: take([desktopActions.offlineStopRequested.type, audioActions.stopRequested.type]),
        failed: take(isOfflineFailure),
        trackEnded: join(pump),
      });
      if (pump.isRunning()) yield* cancel(pump);
      if (result.failed) {
        const status = result.failed.payload as Extract<OfflineStatus, { state: 'failed' }>;
        yield* put(
          notificationsActions.notify({
            intent: 'danger',
            key: 'desktop.offlineFailed',
            values: { message: status.message },
          }),
        );
      }
      if ('trackEnded' in result)
        yield* put(notificationsActions.notify({ intent: 'warning', key: 'audio.trackEnded' }));
    } finally {
      channel.close();
    }
  } finally {
    controller.abort();
    if (session) yield* call([session, session.stop]);
    if (mainStarted) yield* askMain(deps, desktop, 'offline:stop', null);
    yield* put(desktopActions.offlineRecordingEvent(outcome));
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
    yield* take(isResumeWait(true));
    const { over } = yield* race({
      over: take(isResumeWait(false)),
      grace: delay(OUTAGE_BRIDGE_AFTER_MS),
    });
    if (over) continue;
    // A server that answers will take the socket back soon: no need to switch engines twice.
    const { health } = yield* race({
      health: call([deps.http, deps.http.get], API.health),
      hung: delay(CONNECT_TIMEOUT_MS),
    });
    if (health && !serverUnreachable(health)) continue;
    if (!(yield* select((s: RootState) => s.audio.resuming))) continue;
    deps.logger.log(
      'warn',
      TAG,
      'connection lost mid-recording: captioning on this computer until it is back',
    );
    yield* race({
      bridge: call(offlineCaptions, deps, desktop, { bridge: true }),
      over: take(isResumeWait(false)),
    });
  }
}
