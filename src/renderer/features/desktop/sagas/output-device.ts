/** While the computer's audio is recorded, a change of output device (not to our virtual speaker) stops it. */
import { buffers, eventChannel } from 'redux-saga';
import { call, put, race, select, take } from 'typed-redux-saga';
import { usesInternalAudio } from '../../../../shared/desktop';
import type { AppDeps } from '../../../app/deps';
import { selectState } from '../../../app/root-reducer';
import { notificationsActions } from '../../notifications/slice';
import type { DesktopDeps } from '../deps';
import { currentOutput, outputChangeStopsRecording } from '../output-device';
import { TAG } from './ask-main';
import { stopCaptions } from './captions-control';

export function* watchOutputDevice(deps: AppDeps, desktop: DesktopDeps) {
  const changes = eventChannel<true>(
    (emit) => deps.audio.onDeviceChange(() => emit(true)),
    buffers.sliding(1),
  );
  let before: string | undefined;
  let recordingInternal = false;
  try {
    while (true) {
      const state = yield* select(selectState);
      const recording =
        state.audio.recording === 'RECORDING' || state.desktop.offline.recording === 'RECORDING';
      const internal =
        recording && usesInternalAudio(state.desktop.config?.preferences.audioSource ?? 'microphone');
      if (internal && !recordingInternal) before = currentOutput(yield* call([desktop, desktop.listOutputs]));
      recordingInternal = internal;
      const { change } = yield* race({ change: take(changes), other: take('*') });
      if (!change || !recordingInternal) continue;
      const after = currentOutput(yield* call([desktop, desktop.listOutputs]));
      if (outputChangeStopsRecording(before, after)) {
        deps.logger.log(
          'warn',
          TAG,
          `output changed from ${before ?? '?'} to ${after ?? '?'}: stopping internal audio`,
        );
        yield* call(stopCaptions);
        yield* put(notificationsActions.notify({ intent: 'warning', key: 'desktop.outputChanged' }));
      }
      before = after;
    }
  } finally {
    changes.close();
  }
}
