/**
 * The desktop app's state in a page: the preferences main keeps (caption mode, theme, audio
 * source...), the captions state main shares with every window, the on-device ("offline")
 * recording of the window that records, the spec's desktop audio status, and the version
 * expiry notice. Empty and unused in the web build.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import {
  type AudioStatusEvent,
  type AudioStatusState,
  initialAudioStatus,
  nextAudioStatus,
} from '../../../shared/audio-status';
import type {
  CaptionsAction,
  CaptionsState,
  DesktopConfig,
  ExpiryNotice,
  InvokeRequest,
  OfflineStatus,
} from '../../../shared/ipc';
import { type RecordingEvent, type RecordingState, nextRecordingState } from '../audio/recording-machine';
import { fieldSetter } from '../../lib/field-setter';

export interface DesktopState {
  config?: DesktopConfig;
  /** What the recording window last reported, as main relays it to every window. */
  captions: CaptionsState;
  /** Captions made on this computer, in the recording window. */
  offline: { recording: RecordingState; status?: OfflineStatus };
  audioStatus: AudioStatusState;
  /** The last audio status event means capture must stop (no audio for 5 s while recording). */
  audioMustStop: boolean;
  expiry?: ExpiryNotice;
}

export const initialDesktopState: DesktopState = {
  captions: { recording: 'NOT_RECORDING', audioStatus: 'notRecording', offline: false },
  offline: { recording: 'NOT_RECORDING' },
  audioStatus: initialAudioStatus,
  audioMustStop: false,
};

const set = fieldSetter<DesktopState>();

const desktopSlice = createSlice({
  name: 'desktop',
  initialState: initialDesktopState,
  reducers: {
    configLoaded: set('config'),
    captionsStateReceived: set('captions'),
    offlineRecordingEvent(state, action: PayloadAction<RecordingEvent>) {
      state.offline.recording = nextRecordingState(state.offline.recording, action.payload);
    },
    offlineStatusReceived(state, action: PayloadAction<OfflineStatus>) {
      state.offline.status = action.payload;
    },
    audioStatusEvent(state, action: PayloadAction<AudioStatusEvent>) {
      const next = nextAudioStatus(state.audioStatus, action.payload);
      state.audioStatus = next.state;
      state.audioMustStop = next.stopAudio;
    },
    expiryNoticeReceived: set('expiry'),
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const desktopEvents = {
  /** Main (tray, shortcut, a caption window) asks this window to start or stop captions. */
  captionsCommandReceived: createAction<CaptionsAction>('desktop/captionsCommandReceived'),
  /** A button in this page asks for captions (sent to main, which tells the recording window). */
  captionsCommandRequested: createAction<CaptionsAction>('desktop/captionsCommandRequested'),
  offlineStopRequested: createAction('desktop/offlineStopRequested'),
  preferencesUpdateRequested: createAction<InvokeRequest<'desktop:updatePreferences'>>(
    'desktop/preferencesUpdateRequested',
  ),
  windowMoveRequested: createAction<{ dx: number; dy: number }>('desktop/windowMoveRequested'),
  /** The pointer entered (true) or left the caption window's controls. */
  windowInteractiveChanged: createAction<boolean>('desktop/windowInteractiveChanged'),
  windowHideRequested: createAction('desktop/windowHideRequested'),
  showMainRequested: createAction('desktop/showMainRequested'),
  systemSettingsRequested: createAction<InvokeRequest<'system:openSettings'>['pane']>(
    'desktop/systemSettingsRequested',
  ),
};

export const desktopActions = { ...desktopSlice.actions, ...desktopEvents };
export const desktopReducer = desktopSlice.reducer;
