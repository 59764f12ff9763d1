/** Whether the browser is online: the app-wide offline notice reads it. */
import { createAction, createSlice } from '@reduxjs/toolkit';
import { fieldSetter } from '../../lib/field-setter';

export interface ConnectivityState {
  online: boolean;
}

const set = fieldSetter<ConnectivityState>();

const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState: { online: true } as ConnectivityState,
  reducers: {
    changed: set('online'),
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const connectivityEvents = {
  /** The person pressed "Reconnect": check again and reload what failed while offline. */
  retryRequested: createAction('connectivity/retryRequested'),
};

export const connectivityActions = { ...connectivitySlice.actions, ...connectivityEvents };
export const connectivityReducer = connectivitySlice.reducer;
