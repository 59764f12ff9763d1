/** Whether the browser is online: the app-wide offline notice reads it. */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';

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
    /** The person pressed "Reconnect": check again and reload what failed while offline. */
    retryRequested() {},
  },
});

export const connectivityActions = connectivitySlice.actions;
export const connectivityReducer = connectivitySlice.reducer;
