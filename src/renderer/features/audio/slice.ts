/** The microphone: the recording state machine, the chosen input and the devices on offer, a stream's level. */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { AudioDevice } from '../../../shared/entities';
import type { AudioError } from '../../../shared/errors';
import type { KeyValueStorage } from '../../lib/storage';
import { type RecordingEvent, type RecordingState, nextRecordingState } from './recording-machine';
import type { Transport } from './webrtc-negotiation';
import { fieldSetter } from '../../lib/field-setter';

export interface AudioState {
  recording: RecordingState;
  devices: AudioDevice[];
  /** The chosen microphone (kept in localStorage), or undefined for the system default. */
  selectedMicId?: string;
  /** 0..100, updated every VOLUME_SAMPLE_INTERVAL_MS while recording. */
  volume: number;
  /** The last capture failure, from the spec's catalogue. */
  error?: AudioError;
  /**
   * The connection dropped while recording: the microphone is released (NOT_RECORDING) and
   * recording resumes by itself once the room is connected again. Still "on" for the user: the
   * record button stops it.
   */
  resuming: boolean;
  /**
   * A voiced reply is being spoken on this device: the microphone's audio is replaced by
   * silence until it ends, so the recogniser never captions the synthetic voice.
   */
  muted: boolean;
  /**
   * How the microphone reaches the server while recording (webrtc-negotiation.ts): WebRTC,
   * PCM frames on the socket, or held while WebRTC is being tried. Undefined when not recording.
   */
  transport?: Transport;
}

export const initialAudioState: AudioState = {
  recording: 'NOT_RECORDING',
  devices: [],
  volume: 0,
  resuming: false,
  muted: false,
};

export function loadAudioState(storage: KeyValueStorage): AudioState {
  const selectedMicId = storage.get(STORAGE_KEYS.selectedMicId);
  return { ...initialAudioState, selectedMicId: selectedMicId || undefined };
}

const set = fieldSetter<AudioState>();

const audioSlice = createSlice({
  name: 'audio',
  initialState: initialAudioState,
  reducers: {
    recordingEvent(state, action: PayloadAction<RecordingEvent>) {
      state.recording = nextRecordingState(state.recording, action.payload);
      if (action.payload === 'start') state.error = undefined;
      if (state.recording === 'NOT_RECORDING') {
        state.volume = 0;
        state.transport = undefined;
      }
    },
    transportChanged(state, action: PayloadAction<Transport | undefined>) {
      state.transport = action.payload;
    },
    resumeWaiting: set('resuming'),
    failed: set('error'),
    devicesLoaded: set('devices'),
    micSelected(state, action: PayloadAction<string | undefined>) {
      state.selectedMicId = action.payload || undefined;
    },
    voiceMuted: set('muted'),
    volumeChanged: set('volume'),
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const audioEvents = {
  /** The record button: start when not recording, stop otherwise. */
  toggleRequested: createAction('audio/toggleRequested'),
  /**
   * Start when not recording; never stops. For starts that are not a button press: a new
   * conversation, the tray's or global shortcut's "start captions".
   */
  startRequested: createAction('audio/startRequested'),
  stopRequested: createAction('audio/stopRequested'),
};

export const audioActions = { ...audioSlice.actions, ...audioEvents };
export const audioReducer = audioSlice.reducer;
