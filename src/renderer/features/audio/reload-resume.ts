/**
 * A reload mid-conversation must not silently end the host's captions. While this tab records,
 * its tab storage says in which room; a reload keeps it (a closed tab, a stop, leaving or the
 * room ending clear it). Back in that room and connected, recording starts again by itself where
 * the browser lets audio start without a gesture; where it does not, a notice that stays says
 * captions are paused until the person presses its one button.
 */
import type { Action } from '@reduxjs/toolkit';
import { race, select, take, put, call } from 'typed-redux-saga';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import type { KeyValueStorage } from '../../lib/storage';
import { conversationActions } from '../conversation/slice';
import { notificationsActions } from '../notifications/slice';
import { isSocketConnectedEvent } from '../socket/slice';
import { audioActions } from './slice';

const RECORDING_ROOM = 'hearken.recordingRoom';

export function rememberRecording(storage: KeyValueStorage | undefined, roomId: string | undefined): void {
  if (roomId) storage?.set(RECORDING_ROOM, roomId);
}

export function forgetRecording(storage: KeyValueStorage | undefined): void {
  storage?.remove(RECORDING_ROOM);
}

/** True when this tab was recording in `roomId` before the page was loaded again. */
export function wasRecordingIn(storage: KeyValueStorage | undefined, roomId: string): boolean {
  return storage?.get(RECORDING_ROOM) === roomId;
}

/**
 * Whether this page may start audio now, without a press (the browser's autoplay policy): a
 * context that starts suspended would wait for a gesture, so the person is asked instead.
 */
export function audioStartsWithoutGesture(): boolean {
  if (typeof AudioContext !== 'function') return false;
  try {
    const probe = new AudioContext();
    const running = probe.state === 'running';
    void probe.close();
    return running;
  } catch {
    return false;
  }
}

/** On entering the room this tab was recording in: once connected, recording resumes or is offered. */
export function* resumeAfterReload(
  deps: AppDeps,
  action: ReturnType<typeof conversationActions.entered>,
  startsWithoutGesture: () => boolean = audioStartsWithoutGesture,
) {
  const { roomId } = action.payload;
  if (!wasRecordingIn(deps.tabStorage, roomId)) return;
  if ((yield* select((s: RootState) => s.socket.status)) !== 'online') {
    const result = yield* race({
      back: take(isSocketConnectedEvent),
      exit: take(conversationActions.exited.type),
    });
    if (!result.back) return;
  }
  const state = yield* select((s: RootState) => s);
  if (state.conversation.readonly || state.conversation.status?.state.value === 'ended') {
    forgetRecording(deps.tabStorage);
    return;
  }
  if (state.audio.recording !== 'NOT_RECORDING') return;
  if (yield* call(startsWithoutGesture)) {
    yield* put(audioActions.startRequested());
    // Said once the microphone is on again (a failure has its own notice).
    const { started } = yield* race({
      started: take((a: Action) => audioActions.recordingEvent.match(a) && a.payload === 'started'),
      other: take((a: Action) => audioActions.recordingEvent.match(a) && a.payload !== 'start'),
    });
    if (started) {
      yield* put(notificationsActions.notify({ intent: 'success', key: 'audio.resumedAfterReload' }));
    }
    return;
  }
  yield* put(
    notificationsActions.notify({
      intent: 'warning',
      key: 'audio.pausedByReload',
      sticky: true,
      action: { labelKey: 'audio.resumeAfterReload', action: audioActions.startRequested() },
    }),
  );
}
