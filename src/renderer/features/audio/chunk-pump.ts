/**
 * The recording's chunks as they come from the capture: each goes where the route says
 * (webrtc-transport.ts routeChunk), and the loudest level of each period goes to the meter.
 */
import { type EventChannel, buffers, eventChannel } from 'redux-saga';
import { delay, put, select, take } from 'typed-redux-saga';
import { volumeLevel } from '../../../shared/audio';
import { VOLUME_SAMPLE_INTERVAL_MS } from '../../../shared/constants';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import type { CaptureEvent, CaptureSession } from './capture';
import { audioActions } from './slice';
import { nextVolume } from './volume';
import { type AudioRoute, routeChunk } from './webrtc-transport';

export function captureChannel(session: CaptureSession): EventChannel<CaptureEvent> {
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
