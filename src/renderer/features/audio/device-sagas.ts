/** The microphones on offer: listed while the conversation screen is shown, the chosen one kept. */
import { buffers, eventChannel } from 'redux-saga';
import { call, put, race, take } from 'typed-redux-saga';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { AppDeps } from '../../app/deps';
import { conversationActions } from '../conversation/slice';
import { audioActions } from './slice';

const TAG = 'audio';

export function* refreshDevices(deps: AppDeps) {
  try {
    const devices = yield* call([deps.audio, deps.audio.listInputs]);
    yield* put(audioActions.devicesLoaded(devices));
  } catch (error) {
    deps.logger.log('warn', TAG, 'could not list microphones', error);
  }
}

/** Keeps the microphone list current while the conversation screen is shown. */
export function* watchDevices(deps: AppDeps) {
  const channel = eventChannel<true>(
    (emit) => deps.audio.onDeviceChange(() => emit(true)),
    buffers.sliding(1),
  );
  try {
    yield* call(refreshDevices, deps);
    while (true) {
      yield* take(channel);
      yield* call(refreshDevices, deps);
    }
  } finally {
    channel.close();
  }
}

export function* devicesWhileInConversation(deps: AppDeps) {
  yield* race({ watch: call(watchDevices, deps), exit: take(conversationActions.exited.type) });
}

export function* persistMic(deps: AppDeps, action: ReturnType<typeof audioActions.micSelected>) {
  if (action.payload)
    yield* call([deps.storage, deps.storage.set], STORAGE_KEYS.selectedMicId, action.payload);
  else yield* call([deps.storage, deps.storage.remove], STORAGE_KEYS.selectedMicId);
}
