/**
 * The download page's list of desktop builds (accounts.md: download), as the server read it
 * from the update feed (GET /api/v1/desktop-builds).
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { DesktopBuildsResponse } from '../../../shared/desktop-builds';

export interface DesktopBuildsState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  answer?: DesktopBuildsResponse;
  /** Why the list could not be read (the server's words, else the network's). */
  error?: string;
}

export const initialDesktopBuildsState: DesktopBuildsState = { status: 'idle' };

const desktopBuildsSlice = createSlice({
  name: 'desktopBuilds',
  initialState: initialDesktopBuildsState,
  reducers: {
    loading(state) {
      state.status = 'loading';
      state.error = undefined;
    },
    loaded(state, action: PayloadAction<DesktopBuildsResponse>) {
      state.status = 'loaded';
      state.answer = action.payload;
    },
    failed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

/** Events the saga acts on: the page opened, or "Try again". */
const desktopBuildsEvents = {
  requested: createAction('desktopBuilds/requested'),
};

export const desktopBuildsActions = { ...desktopBuildsSlice.actions, ...desktopBuildsEvents };
export const desktopBuildsReducer = desktopBuildsSlice.reducer;
