/**
 * Who is using this page: a guest (an avaId and the credential the server signed for it, kept on
 * this device) or a signed-in account (its avaId and identity token). Every feature reads the
 * avaId, the name shown to others and the proof to present from here, whichever kind it is.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';

export type SessionStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface Identity {
  kind: 'guest' | 'account';
  avaId: string;
  userName: string;
  /** Identity token of a signed-in account (none for guests). */
  token?: string;
  /** A guest's credential, signed by the server: proves the avaId on every call (accounts use `token`). */
  credential?: string;
}

export interface SessionState {
  status: SessionStatus;
  identity?: Identity;
  /** Why the guest identity could not be had, in the server's words. */
  error?: string;
}

export const initialSessionState: SessionState = { status: 'idle' };

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Start (or retry) getting an identity. */
    bootstrapRequested(state) {
      state.status = 'loading';
      state.error = undefined;
    },
    ready(state, action: PayloadAction<Identity>) {
      state.status = 'ready';
      state.identity = action.payload;
      state.error = undefined;
    },
    failed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** A valid display name (checked by the form with isValidDisplayName). */
    userNameChanged(state, action: PayloadAction<string>) {
      if (state.identity) state.identity.userName = action.payload.trim();
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
