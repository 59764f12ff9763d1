/** The remote-config flags (web_enable_sso, theme_colors_v2, convo_v2, desktop_v2), refreshed hourly. */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import { DEFAULT_REMOTE_CONFIG, type RemoteConfigFlags } from '../../../shared/user';

export interface RemoteConfigState {
  flags: RemoteConfigFlags;
  fetchedAtMs?: number;
}

export const initialRemoteConfigState: RemoteConfigState = { flags: DEFAULT_REMOTE_CONFIG };

const remoteConfigSlice = createSlice({
  name: 'remoteConfig',
  initialState: initialRemoteConfigState,
  reducers: {
    loaded(state, action: PayloadAction<{ flags: Partial<RemoteConfigFlags>; atMs: number }>) {
      // Only the known flags, only true/false: a server's typo cannot switch on the wrong thing.
      for (const key of Object.keys(DEFAULT_REMOTE_CONFIG) as (keyof RemoteConfigFlags)[]) {
        const value = action.payload.flags[key];
        if (typeof value === 'boolean') state.flags[key] = value;
      }
      state.fetchedAtMs = action.payload.atMs;
    },
  },
});

export const remoteConfigActions = remoteConfigSlice.actions;
export const remoteConfigReducer = remoteConfigSlice.reducer;
