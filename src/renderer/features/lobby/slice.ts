/**
 * The conversations page (/web/conversations): start a conversation, join one by its room name,
 * or arrive with a link token. Holds what the page shows while a name or token is resolved.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { RoomNameProblem } from '../../../shared/validation';

export type JoinProblem =
  | { kind: 'validation'; problem: RoomNameProblem }
  /** The server's words (httpErrorMessage), e.g. an unknown room name. */
  | { kind: 'server'; message: string; status: number };

export interface LobbyState {
  joinStatus: 'idle' | 'resolving' | 'failed';
  joinProblem?: JoinProblem;
  tokenStatus: 'idle' | 'resolving' | 'failed';
  tokenProblem?: string;
}

export const initialLobbyState: LobbyState = { joinStatus: 'idle', tokenStatus: 'idle' };

const lobbySlice = createSlice({
  name: 'lobby',
  initialState: initialLobbyState,
  reducers: {
    joinByNameRequested(state, _action: PayloadAction<string>) {
      state.joinStatus = 'resolving';
      state.joinProblem = undefined;
    },
    joinFailed(state, action: PayloadAction<JoinProblem>) {
      state.joinStatus = 'failed';
      state.joinProblem = action.payload;
    },
    joinResolved(state) {
      state.joinStatus = 'idle';
      state.joinProblem = undefined;
    },
    /** The user is editing the name again: the old problem no longer applies. */
    joinProblemCleared(state) {
      if (state.joinStatus === 'failed') state.joinStatus = 'idle';
      state.joinProblem = undefined;
    },
    tokenReceived(state, _action: PayloadAction<{ token: string; readonly: boolean }>) {
      state.tokenStatus = 'resolving';
      state.tokenProblem = undefined;
    },
    tokenFailed(state, action: PayloadAction<string>) {
      state.tokenStatus = 'failed';
      state.tokenProblem = action.payload;
    },
    tokenResolved(state) {
      state.tokenStatus = 'idle';
      state.tokenProblem = undefined;
    },
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const lobbyEvents = {
  startRequested: createAction('lobby/startRequested'),
};

export const lobbyActions = { ...lobbySlice.actions, ...lobbyEvents };
export const lobbyReducer = lobbySlice.reducer;
