import type { RootState } from '../../app/root-reducer';
import { DEFAULT_DESKTOP_THEME } from '../../../shared/desktop';

export const selectDesktopConfig = (state: RootState) => state.desktop.config;
export const selectDesktopPreferences = (state: RootState) => state.desktop.config?.preferences;
export const selectDesktopTheme = (state: RootState) =>
  state.desktop.config?.preferences.theme ?? DEFAULT_DESKTOP_THEME;
export const selectSharedCaptionsState = (state: RootState) => state.desktop.captions;
export const selectOffline = (state: RootState) => state.desktop.offline;
export const selectAudioStatus = (state: RootState) => state.desktop.audioStatus.status;
export const selectExpiry = (state: RootState) => state.desktop.expiry;

/**
 * The recording state this window reports: the socket recording, or the on-device one. Waiting
 * to resume after a dropped connection counts as PENDING: captions are on, not yet flowing.
 */
export function selectRecorderState(state: RootState) {
  const offline = state.desktop.offline.recording !== 'NOT_RECORDING';
  const online =
    state.audio.resuming && state.audio.recording === 'NOT_RECORDING' ? 'PENDING' : state.audio.recording;
  return {
    recording: offline ? state.desktop.offline.recording : online,
    audioStatus: state.desktop.audioStatus.status,
    ...(offline || !state.conversation.roomId ? {} : { roomId: state.conversation.roomId }),
    offline,
  };
}
