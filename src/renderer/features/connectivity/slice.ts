/** Whether the browser is online: the app-wide offline notice reads it. */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';

export interface ConnectivityState {
  online: boolean;
}

const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState: { online: true } as ConnectivityState,
  reducers: {
    changed(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const connectivityEvents = {
  /** The person pressed "Reconnect": check again and reload what failed while offline. */
  retryRequested: createAction('connectivity/retryRequested'),
};

export const connectivityActions = { ...connectivitySlice.actions, ...connectivityEvents };
export const connectivityReducer = connectivitySlice.reducer;
