/**
 * Recording: the record button starts the microphone (PENDING), and once the track is live and
 * the worklet runs (RECORDING) sends `audio/start` with the spec's metadata, then every 60 ms
 * chunk as a binary frame of little-endian Int16. It stops on the button, when the socket goes
 * away (the user is told), when the microphone ends, and when the user leaves or the room ends;
 * a microphone or speech-language change while recording restarts it.
 */
import { ANALYTICS_EVENTS, ANALYTICS_TAG } from '../../../shared/analytics';
import type { Action } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import {
  call,
  cancel,
  cancelled,
  delay,
  fork,
  join,
  put,
  race,
  select,
  take,
  takeLatest,
} from 'typed-redux-saga';
import { CHUNK_LENGTH_MS, RECONNECT_MIN_INTERVAL_MS, SAMPLE_RATE_HZ } from '../../../shared/constants';
import type { AudioDevice, RecordingStartMetadata } from '../../../shared/entities';
import type { AudioError } from '../../../shared/errors';
import type { RecordingStoppedReason } from '../../../shared/protocol';
import { AUTO_STOP_AFTER_MS } from '../../../shared/session-limits';
import type { AppDeps } from '../../app/deps';
import { type RootState, selectState } from '../../app/root-reducer';
import { conversationActions } from '../conversation/slice';
import { type NoticeInput, notificationsActions } from '../notifications/slice';
import { settingsActions } from '../settings/slice';
import {
  ComputerAudioHold,
  type ComputerAudioOutcome,
  computerAudioAgain,
  computerAudioSource,
  sendComputerAudio,
} from '../desktop/sagas/computer-audio';
import { isSocketConnectedEvent, isSocketDroppedEvent, socketActions } from '../socket/slice';
import { type CaptureSession, audioErrorOf, resolveMicId } from './capture';
import { captureChannel, meterVolume, pumpChunks } from './chunk-pump';
import { canStart } from './recording-machine';
import { audioActions } from './slice';
import { type AudioRoute, type WebRtcOutcome, webrtcTransport } from './webrtc-transport';
import { triesWebRtc } from './webrtc-negotiation';
import { devicesWhileInConversation, persistMic, refreshDevices } from './device-sagas';
import { HeldAudio } from './held-audio';
import {
  type HeldAfterStop,
  confirmOnPong,
  isRoomEnded,
  isSocketGone,
  liveStartMetadata,
  sendHeldAfterStop,
  sendHeldAudio,
} from './catch-up';

export { meterVolume, pumpChunks } from './chunk-pump';
import { randomId } from '../../../shared/ids';
import { forgetRecording, rememberRecording, resumeAfterReload } from './reload-resume';

const TAG = 'audio';

export function recordingMetadata(
  lang: string,
  nowMs: number,
  device: AudioDevice | undefined,
  resumedFromMs?: number,
): RecordingStartMetadata {
  return {
    ...(resumedFromMs !== undefined ? { resumedFromMs: Math.max(0, Math.round(resumedFromMs)) } : {}),
    lang,
    format: 'pcm_s16le',
    sampleRateHz: SAMPLE_RATE_HZ,
    recordingMode: 'web',
    chunkLengthMs: CHUNK_LENGTH_MS,
    recordingStart: nowMs,
    mic: device?.isBluetooth ? 'BT' : 'BUILTIN',
  };
}

/**
 * Why one recording ended. `restart`: record again at once (new mic or language); `lost`: the
 * connection dropped, record again once it is back.
 */
export type RecordingOutcome = 'stopped' | 'restart' | 'failed' | 'lost';

/** What the person reads when the server stopped their microphone, by its reason. */
const STOPPED_BY_SERVER: Record<RecordingStoppedReason, NoticeInput> = {
  // Captions stopped by a rule, not a fault: said until dismissed, with the way on in one tap.
  'auto-stop': {
    intent: 'warning',
    key: 'audio.autoStopped',
    values: { seconds: AUTO_STOP_AFTER_MS / 1000 },
    sticky: true,
    action: { labelKey: 'audio.autoStoppedGoOn', action: audioActions.startRequested() },
  },
  'force-mute': { intent: 'warning', key: 'audio.forceMuted' },
  // No audio reached the server for a while (a stalled capture, a broken network path).
  'no-audio': { intent: 'warning', key: 'audio.noAudioStopped' },
};

/** The server stopped this member's microphone (auto stop, the host's force-mute, no audio). */
const isStoppedByServer = (action: Action): boolean =>
  socketActions.messageReceived.match(action) && action.payload.type === 'recording-stopped';

const isStopRequest = (action: Action): boolean =>
  audioActions.stopRequested.match(action) || audioActions.toggleRequested.match(action);

function* fail(deps: AppDeps, error: unknown) {
  const code: AudioError = audioErrorOf(error);
  deps.logger.log('error', TAG, `recording failed (${code})`, error);
  yield* put(audioActions.failed(code));
  yield* put(audioActions.recordingEvent('failed'));
  // Shown by AudioProblemNotice until recording starts again, not as a notice that fades.
}

/**
 * One recording, from the button to its end. Stopped while its connection is down (or its held
 * audio is being sent), it leaves what it held in `leftover`, to be sent once the connection is
 * back (sendHeldAfterStop).
 */
export function* recordOnce(deps: AppDeps, resumedFromMs?: number, leftover: { held?: HeldAfterStop } = {}) {
  const state = yield* select(selectState);
  if (state.socket.status !== 'online' || !deps.link.isAttached) {
    yield* put(notificationsActions.notify({ intent: 'warning', key: 'audio.needsConnection' }));
    return 'stopped';
  }
  const deviceId = resolveMicId(state.audio.devices, state.audio.selectedMicId);
  const device = state.audio.devices.find((d) => d.id === deviceId);
  yield* put(audioActions.recordingEvent('start'));
  if (deps.audio.permissionState && (yield* call([deps.audio, deps.audio.permissionState])) === 'prompt')
    deps.logger.log('info', ANALYTICS_TAG, ANALYTICS_EVENTS.microphonePermissionPrompted);

  const controller = new AbortController();
  let session: CaptureSession | undefined;
  try {
    const result = yield* race({
      session: call([deps.audio, deps.audio.start], { deviceId }, controller.signal),
      stop: take(isStopRequest),
      gone: take(isSocketGone),
      exit: take(conversationActions.exited.type),
    });
    session = result.session;
    if (!session) {
      controller.abort();
      yield* put(audioActions.recordingEvent('stop'));
      return result.gone && isSocketDroppedEvent(result.gone) ? 'lost' : 'stopped';
    }
  } catch (error) {
    controller.abort();
    yield* call(fail, deps, error);
    return 'failed';
  } finally {
    if (yield* cancelled()) controller.abort();
  }

  yield* put(audioActions.recordingEvent('started'));
  // Recording again: why it stopped before is no longer news.
  yield* put(notificationsActions.dismissKey('audio.autoStopped'));
  yield* put(notificationsActions.dismissKey('audio.pausedByReload'));
  // A reload from here on resumes this recording (reload-resume.ts).
  rememberRecording(deps.tabStorage, yield* select((s: RootState) => s.conversation.roomId));
  deps.logger.log(
    'info',
    TAG,
    `recording at ${session.contextRateHz} Hz${deviceId ? ` from ${deviceId}` : ''}`,
  );
  const lang = yield* select((s: RootState) => s.settings.speechLang);
  const metadata = recordingMetadata(lang, deps.now(), device, resumedFromMs);
  // The computer's sound alone (desktop) goes under its own label, not as the person speaking.
  const source = session.hears === 'computer-audio' ? yield* call(computerAudioSource) : undefined;
  // WebRTC when the browser has it and the remote configuration says so: the server offers a
  // peer connection, or refuses and the recording goes on the socket (webrtc-transport.ts).
  const viaWebRtc = triesWebRtc({
    peerAvailable:
      deps.webrtc !== undefined && (yield* select((s: RootState) => s.remoteConfig.flags.web_use_webrtc)),
    hasTrack: session.track !== undefined,
    computerAudio: session.hears === 'computer-audio',
  });
  // The microphone's audio the server may not have: sent again as held audio after a drop
  // (held-audio.ts); the microphone itself stays open through it.
  const capture = new HeldAudio();
  const captureId = randomId(12);
  const route: AudioRoute = { transport: viaWebRtc ? 'pending' : 'socket', capture };
  // WebRTC is tried again after a dropped socket, but not after its own connection failed.
  let onWebRtc = viaWebRtc;
  const started = source ? { ...metadata, source } : metadata;
  // Where the live audio sits in the capture, on either transport (held audio is checked against it).
  const liveStart = function* (live: RecordingStartMetadata) {
    const placed = yield* call(liveStartMetadata, deps, live, captureId, capture);
    return onWebRtc ? { ...placed, format: 'webrtc' as const } : placed;
  };
  const firstStart = yield* call(liveStart, started);
  deps.link.send({ type: 'audio', action: 'start', metadata: firstStart });
  // Labels of microphones are only given once permission is granted: list them again.
  yield* fork(refreshDevices, deps);

  const channel = captureChannel(session);
  const meter = { peak: 0 };
  let outcome: RecordingOutcome = 'stopped';
  let pump: Task | undefined;
  let metering: Task | undefined;
  let computerAudio: Task | undefined;
  let computerHold: ComputerAudioHold | undefined;
  let webrtc: Task | undefined;
  let confirming: Task | undefined;
  try {
    pump = yield* fork(pumpChunks, deps, channel, meter, route);
    confirming = yield* fork(confirmOnPong, capture);
    if (viaWebRtc) webrtc = yield* fork(webrtcTransport, deps, session.track!, route, firstStart);
    metering = yield* fork(meterVolume, meter);
    // The desktop's "both": the computer's sound on a connection of its own, for as long as this
    // recording, held like the microphone's through a drop (the gap of a resumed recording is
    // marked once, by the microphone's stream).
    const { resumedFromMs: _marked, ...computerMetadata } = metadata;
    if (session.computerAudio) computerHold = new ComputerAudioHold(session.computerAudio, deps.now);
    if (computerHold) computerAudio = yield* fork(sendComputerAudio, deps, computerHold, computerMetadata);
    // live: audio goes as it comes; holding: the connection is down, the microphone's audio is
    // kept; catching-up: the connection is back and the held audio is being sent.
    let phase: 'live' | 'holding' | 'catching-up' = 'live';
    let lostAtMs: number | undefined;
    while (true) {
      const result = yield* race({
        ...(computerAudio ? { computerAudio: join(computerAudio) } : {}),
        stop: take(isStopRequest),
        ...(phase === 'live'
          ? {
              micChanged: take(audioActions.micSelected.type),
              langChanged: take(settingsActions.speechLangChanged.type),
            }
          : {}),
        gone: take(isSocketGone),
        ...(webrtc && phase === 'live' ? { webrtcOver: join(webrtc) } : {}),
        ended: take(isRoomEnded),
        exit: take(conversationActions.exited.type),
        trackEnded: join(pump),
        stoppedByServer: take(isStoppedByServer),
        ...(phase === 'holding' ? { back: take(isSocketConnectedEvent) } : {}),
        ...(phase === 'catching-up'
          ? { caughtUp: call(sendHeldAudio, deps, capture, started, captureId, lostAtMs) }
          : {}),
      });
      const dropped = result.gone !== undefined && isSocketDroppedEvent(result.gone as Action);
      if (dropped) {
        // The connection dropped: the microphone goes on, its audio kept until it is back. The
        // desktop's "both": the computer's sound is held too; its own connection is opened again
        // once the microphone's audio has caught up, and sends what it held first.
        if (computerAudio) yield* cancel(computerAudio);
        computerAudio = undefined;
        if (phase === 'live') {
          const offset = (yield* select((s: RootState) => s.socket.clockOffsetMs)) ?? 0;
          lostAtMs = deps.now() + offset;
          yield* put(notificationsActions.notify({ intent: 'warning', key: 'audio.holdingConnectionLost' }));
        }
        phase = 'holding';
        route.holding = true;
        capture.lost();
        if (webrtc) yield* cancel(webrtc);
        webrtc = undefined;
        yield* put(audioActions.resumeWaiting(true));
        continue;
      }
      const computer = result.computerAudio as ComputerAudioOutcome | undefined;
      if (computer?.kind === 'lost' && computerHold) {
        // The computer sound's own connection alone was lost: opened again after the
        // reconnection interval, while the microphone goes on (it is never opened again for it).
        computerAudio = yield* fork(computerAudioAgain, deps, computerHold, computerMetadata);
        continue;
      }
      const webrtcOver = result.webrtcOver as WebRtcOutcome | undefined;
      if (webrtcOver) {
        webrtc = undefined;
        // Its connection failed after carrying audio: what it may have lost, and what was said
        // since, goes as held audio now (the socket is up), then the live audio on the socket.
        if (webrtcOver.holding) {
          onWebRtc = false;
          // What it may lack begins with the first chunk no PONG confirmed (none: nothing lacks).
          const offset = (yield* select((s: RootState) => s.socket.clockOffsetMs)) ?? 0;
          const first = capture.first;
          lostAtMs = first ? first.capturedAtMs + offset : undefined;
          phase = 'catching-up';
        }
        continue;
      }
      if (result.back) {
        phase = 'catching-up';
        yield* put(audioActions.resumeWaiting(false));
        continue;
      }
      if (result.caughtUp !== undefined) {
        // All held audio sent: the live audio follows at once, in this same step.
        const live = result.caughtUp ? started : { ...started, resumedFromMs: lostAtMs };
        const { resumedFromMs: _sent, ...withoutGap } = started;
        deps.link.send({
          type: 'audio',
          action: 'start',
          metadata: yield* call(liveStart, result.caughtUp ? withoutGap : live),
        });
        route.holding = false;
        route.transport = onWebRtc ? 'pending' : 'socket';
        if (onWebRtc)
          webrtc = yield* fork(
            webrtcTransport,
            deps,
            session.track!,
            route,
            yield* call(liveStart, withoutGap),
          );
        // The desktop's "both": the computer's sound on a new connection of its own.
        if (computerHold && !computerAudio)
          computerAudio = yield* fork(sendComputerAudio, deps, computerHold, computerMetadata);
        phase = 'live';
        lostAtMs = undefined;
        yield* put(notificationsActions.notify({ intent: 'success', key: 'audio.resumed' }));
        continue;
      }
      // Stopped, or the microphone ended, while holding: what it held is still to be captioned.
      if (phase !== 'live' && !result.exit && !result.ended && capture.length > 0)
        leftover.held = { held: capture, metadata: started, captureId, lostAtMs };
      const serverStop = result.stoppedByServer as
        ReturnType<typeof socketActions.messageReceived> | undefined;
      if (serverStop?.payload.type === 'recording-stopped') {
        // Said in words: a microphone that stops by itself must never look like a fault.
        yield* put(notificationsActions.notify(STOPPED_BY_SERVER[serverStop.payload.reason]));
      }
      if (result.micChanged || result.langChanged) outcome = 'restart';
      if (result.trackEnded || computer?.kind === 'ended') {
        outcome = 'failed';
        yield* put(notificationsActions.notify({ intent: 'warning', key: 'audio.trackEnded' }));
      }
      if (computer?.kind === 'refused') {
        outcome = 'failed';
        yield* put(
          notificationsActions.notify({
            intent: 'danger',
            key: 'desktop.computerAudioRefused',
            values: { message: computer.message },
          }),
        );
      }
      break;
    }
  } finally {
    if (webrtc) yield* cancel(webrtc);
    if (computerAudio) yield* cancel(computerAudio);
    computerHold?.close();
    if (confirming) yield* cancel(confirming);
    if (pump) yield* cancel(pump);
    if (metering) yield* cancel(metering);
    channel.close();
    try {
      yield* call([session, session.stop]);
    } catch (error) {
      deps.logger.log('warn', TAG, 'error while releasing the microphone', error);
    }
    deps.link.send({ type: 'audio', action: 'stop' });
    yield* put(audioActions.resumeWaiting(false));
    yield* put(audioActions.recordingEvent(outcome === 'failed' ? 'failed' : 'stop'));
  }
  return outcome;
}

/**
 * After the connection dropped mid-recording: true once the room is connected again; false if
 * the user stops first (the record button, a stop request), leaves, or the room ends.
 */
export function* waitToResume() {
  // Still online: the connection lost was the computer audio's own (desktop), which is opened
  // again with the next recording, no sooner than a reconnection would be.
  const online = (yield* select((s: RootState) => s.socket.status)) === 'online';
  yield* put(audioActions.resumeWaiting(true));
  yield* put(notificationsActions.notify({ intent: 'warning', key: 'audio.pausedConnectionLost' }));
  try {
    const result = yield* race({
      back: online ? delay(RECONNECT_MIN_INTERVAL_MS) : take(isSocketConnectedEvent),
      stop: take(isStopRequest),
      closed: take((a: Action) => socketActions.statusEvent.match(a) && a.payload === 'close'),
      ended: take(isRoomEnded),
      exit: take(conversationActions.exited.type),
    });
    return result.back !== undefined;
  } finally {
    yield* put(audioActions.resumeWaiting(false));
  }
}

/**
 * One start of the user's: records until they stop, restarting at once for a new microphone
 * or language, and again once the connection is back after it dropped (a network blip must
 * not silently end someone's captions for the rest of a meeting).
 */
export function* recordUntilStopped(deps: AppDeps, leftover: { held?: HeldAfterStop } = {}) {
  try {
    yield* call(recordAndResume, deps, leftover);
  } finally {
    // Stopped, failed, left or ended (not a reload, which runs no more code): nothing to resume.
    forgetRecording(deps.tabStorage);
  }
}

function* recordAndResume(deps: AppDeps, leftover: { held?: HeldAfterStop }) {
  // Set when the connection dropped mid-recording: the resumed recording tells the room, which
  // marks the lost span for every reader (server clock, from the socket's measured offset).
  let resumedFromMs: number | undefined;
  while (true) {
    const outcome = yield* recordOnce(deps, resumedFromMs, leftover);
    resumedFromMs = undefined;
    if (outcome === 'restart') continue;
    if (outcome === 'lost') {
      const offset = (yield* select((s: RootState) => s.socket.clockOffsetMs)) ?? 0;
      const lostAtMs = deps.now() + offset;
      if (yield* call(waitToResume)) {
        resumedFromMs = lostAtMs;
        yield* put(notificationsActions.notify({ intent: 'success', key: 'audio.resumed' }));
        continue;
      }
    }
    return;
  }
}

/** Each start (the record button while not recording, startRequested) runs recordUntilStopped. */
export function* recordingLoop(deps: AppDeps) {
  // Held audio of a recording stopped during a drop, being sent: a new recording waits for it.
  let sendingHeld: Task | undefined;
  while (true) {
    yield* take([audioActions.toggleRequested.type, audioActions.startRequested.type]);
    const state = yield* select(selectState);
    if (!canStart(state.audio.recording)) continue;
    if (state.conversation.readonly) continue;
    if (sendingHeld?.isRunning()) yield* join(sendingHeld);
    const leftover: { held?: HeldAfterStop } = {};
    yield* call(recordUntilStopped, deps, leftover);
    sendingHeld = leftover.held ? yield* fork(sendHeldAfterStop, deps, leftover.held) : undefined;
  }
}

export function* audioSaga(deps: AppDeps) {
  yield* fork(recordingLoop, deps);
  yield* takeLatest(conversationActions.entered.type, devicesWhileInConversation, deps);
  yield* takeLatest(conversationActions.entered, (action: ReturnType<typeof conversationActions.entered>) =>
    resumeAfterReload(deps, action),
  );
  yield* takeLatest(audioActions.micSelected.type, persistMic, deps);
}
