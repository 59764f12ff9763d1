import type { RootState } from '../../app/rootReducer';

export const selectRecordingState = (state: RootState) => state.audio.recording;
export const selectDevices = (state: RootState) => state.audio.devices;
export const selectSelectedMicId = (state: RootState) => state.audio.selectedMicId;
export const selectVolume = (state: RootState) => state.audio.volume;
export const selectAudioError = (state: RootState) => state.audio.error;
