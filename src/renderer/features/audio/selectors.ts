import type { RootState } from '../../app/root-reducer';

export const selectRecordingState = (state: RootState) => state.audio.recording;
/** Waiting for the connection to come back to resume recording. */
export const selectResuming = (state: RootState) => state.audio.resuming;
/** Recording, starting, or waiting to resume: what "captions on" means to the user. */
export const selectRecordingOn = (state: RootState) =>
  state.audio.recording !== 'NOT_RECORDING' || state.audio.resuming;
export const selectDevices = (state: RootState) => state.audio.devices;
export const selectSelectedMicId = (state: RootState) => state.audio.selectedMicId;
export const selectVolume = (state: RootState) => state.audio.volume;
export const selectAudioError = (state: RootState) => state.audio.error;
