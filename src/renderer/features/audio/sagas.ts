/**
 * Recording: the record button starts the microphone (PENDING), and once the track is live and
 * the worklet runs (RECORDING) sends `audio/start` with the spec's metadata, then every 60 ms
 * chunk as a binary frame of little-endian Int16. It stops on the button, when the socket goes
 * away (the user is told), when the microphone ends, and when the user leaves or the room ends;
 * a microphone or speech-language change while recording restarts it.
 */
import type { Action } from '@reduxjs/toolkit';
import { type EventChannel, type Task, buffers, eventChannel } from 'redux-saga';
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
import { volumeLevel } from '../../../shared/audio';
import {
  CHUNK_LENGTH_MS,
  RECONNECT_MIN_INTERVAL_MS,
  SAMPLE_RATE_HZ,
  VOLUME_SAMPLE_INTERVAL_MS,
} from '../../../shared/constants';
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
  type ComputerAudioOutcome,
  computerAudioSource,
  sendComputerAudio,
} from '../desktop/sagas/computer-audio';
import { isSocketConnectedEvent, isSocketDroppedEvent, socketActions } from '../socket/slice';
import { type CaptureEvent, type CaptureSession, audioErrorOf, resolveMicId } from './capture';
import { canStart } from './recording-machine';
import { audioActions } from './slice';
import { nextVolume } from './volume';
import { type AudioRoute, routeChunk, webrtcTransport } from './webrtc-transport';
import { triesWebRtc } from './webrtc-negotiation';
import { devicesWhileInConversation, persistMic, refreshDevices } from './device-sagas';
import { HeldAudio } from './held-audio';
import { confirmOnPong, liveStartMetadata, sendHeldAudio } from './catch-up';
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

const isSocketGone = (action: Action): boolean =>
  socketActions.statusEvent.match(action) &&
  (action.payload === 'lost' || action.payload === 'offline' || action.payload === 'close');

const isRoomEnded = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  (action.payload.type === 'room-status' || action.payload.type === 'room-status-update') &&
  action.payload.status.state.value === 'ended';

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

function captureChannel(session: CaptureSession): EventChannel<CaptureEvent> {
  return eventChannel<CaptureEvent>((emit) => session.subscribe(emit), buffers.expanding(32));
}

/**
 * Sends chunks as they come; returns when the microphone track ends. While a voiced reply
 * plays (audio.muted: the one place the microphone is muted) each chunk is sent as silence of
 * the same length: the recogniser hears nothing of the synthetic voice, and the stream's clock
 * (word times, gaps) runs on as if the person had paused.
 */
export function* pumpChunks(
  deps: AppDeps,
  channel: EventChannel<CaptureEvent>,
  meter: { peak: number },
  route?: AudioRoute,
) {
  while (true) {
    const event = yield* take(channel);
    if (event.kind === 'ended') return 'ended' as const;
    const muted = yield* select((s: RootState) => s.audio.muted);
    const samples = muted ? new Int16Array(event.samples.length) : event.samples;
    meter.peak = Math.max(meter.peak, volumeLevel(samples));
    // On the socket, held while WebRTC is tried, or (connected) left to the peer connection.
    routeChunk(deps, route, samples, muted);
  }
}

/** Every VOLUME_SAMPLE_INTERVAL_MS, shows the loudest level of the period. */
export function* meterVolume(meter: { peak: number }) {
  while (true) {
    yield* delay(VOLUME_SAMPLE_INTERVAL_MS);
    const shown = yield* select((s: RootState) => s.audio.volume);
    const next = nextVolume(shown, meter.peak);
    meter.peak = 0;
    if (next !== undefined) yield* put(audioActions.volumeChanged(next));
  }
}

function* fail(deps: AppDeps, error: unknown) {
  const code: AudioError = audioErrorOf(error);
  deps.logger.log('error', TAG, `recording failed (${code})`, error);
  yield* put(audioActions.failed(code));
  yield* put(audioActions.recordingEvent('failed'));
  // Shown by AudioProblemNotice until recording starts again, not as a notice that fades.
}

/** One recording, from the button to its end. */
export function* recordOnce(deps: AppDeps, resumedFromMs?: number) {
  const state = yield* select(selectState);
  if (state.socket.status !== 'online' || !deps.link.isAttached) {
    yield* put(notificationsActions.notify({ intent: 'warning', key: 'audio.needsConnection' }));
    return 'stopped';
  }
  const deviceId = resolveMicId(state.audio.devices, state.audio.selectedMicId);
  const device = state.audio.devices.find((d) => d.id === deviceId);
  yield* put(audioActions.recordingEvent('start'));

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
  const route: AudioRoute = { transport: viaWebRtc ? 'pending' : 'socket', held: [], capture };
  const started = source ? { ...metadata, source } : metadata;
  // Where the frames sit in the capture, for the socket's own frames (held audio is checked against it).
  const liveStart = function* (live: RecordingStartMetadata) {
    return viaWebRtc
      ? { ...live, format: 'webrtc' as const }
      : yield* call(liveStartMetadata, deps, live, captureId, capture);
  };
  deps.link.send({ type: 'audio', action: 'start', metadata: yield* call(liveStart, started) });
  // Labels of microphones are only given once permission is granted: list them again.
  yield* fork(refreshDevices, deps);

  const channel = captureChannel(session);
  const meter = { peak: 0 };
  let outcome: RecordingOutcome = 'stopped';
  let pump: Task | undefined;
  let metering: Task | undefined;
  let computerAudio: Task | undefined;
  let webrtc: Task | undefined;
  let confirming: Task | undefined;
  try {
    pump = yield* fork(pumpChunks, deps, channel, meter, route);
    confirming = yield* fork(confirmOnPong, capture);
    if (viaWebRtc) webrtc = yield* fork(webrtcTransport, deps, session.track!, route, started);
    metering = yield* fork(meterVolume, meter);
    // The desktop's "both": the computer's sound on a connection of its own, for as long as this
    // recording (the gap of a resumed recording is marked once, by the microphone's stream).
    const { resumedFromMs: _marked, ...computerMetadata } = metadata;
    if (session.computerAudio)
      computerAudio = yield* fork(sendComputerAudio, deps, session.computerAudio, computerMetadata);
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
      // The desktop's "both" (the computer's sound on a connection of its own) still stops and
      // resumes as before: its stream holds nothing yet (docs/transcripts.md "Held audio").
      if (dropped && computerAudio) outcome = 'lost';
      else if (dropped) {
        // The connection dropped: the microphone goes on, its audio kept until it is back.
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
        route.transport = viaWebRtc ? 'pending' : 'socket';
        route.held = [];
        if (viaWebRtc) webrtc = yield* fork(webrtcTransport, deps, session.track!, route, withoutGap);
        phase = 'live';
        lostAtMs = undefined;
        yield* put(notificationsActions.notify({ intent: 'success', key: 'audio.resumed' }));
        continue;
      }
      const serverStop = result.stoppedByServer as
        ReturnType<typeof socketActions.messageReceived> | undefined;
      if (serverStop?.payload.type === 'recording-stopped') {
        // Said in words: a microphone that stops by itself must never look like a fault.
        yield* put(notificationsActions.notify(STOPPED_BY_SERVER[serverStop.payload.reason]));
      }
      if (result.micChanged || result.langChanged) outcome = 'restart';
      const computer = result.computerAudio as ComputerAudioOutcome | undefined;
      if (result.trackEnded || computer?.kind === 'ended') {
        outcome = 'failed';
        yield* put(notificationsActions.notify({ intent: 'warning', key: 'audio.trackEnded' }));
      }
      // The computer audio's own connection lost: both streams wait and resume together (waitToResume).
      if (computer?.kind === 'lost') outcome = 'lost';
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
export function* recordUntilStopped(deps: AppDeps) {
  try {
    yield* call(recordAndResume, deps);
  } finally {
    // Stopped, failed, left or ended (not a reload, which runs no more code): nothing to resume.
    forgetRecording(deps.tabStorage);
  }
}

function* recordAndResume(deps: AppDeps) {
  // Set when the connection dropped mid-recording: the resumed recording tells the room, which
  // marks the lost span for every reader (server clock, from the socket's measured offset).
  let resumedFromMs: number | undefined;
  while (true) {
    const outcome = yield* recordOnce(deps, resumedFromMs);
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
  while (true) {
    yield* take([audioActions.toggleRequested.type, audioActions.startRequested.type]);
    const state = yield* select(selectState);
    if (!canStart(state.audio.recording)) continue;
    if (state.conversation.readonly) continue;
    yield* call(recordUntilStopped, deps);
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
