/**
 * The conversations page (/web/conversations): start a conversation, join one by its room name,
 * or arrive with a link token. Holds what the page shows while a name or token is resolved.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { RoomNameProblem } from '../../../shared/validation';
import type { ConversationPanel } from '../../../shared/routes';

export type JoinProblem =
  | { kind: 'validation'; problem: RoomNameProblem }
  /** The server's words (httpErrorMessage), e.g. an unknown room name. */
  | { kind: 'server'; message: string; status: number };

/** A room name or a link's token being resolved, and why the last attempt failed. */
export interface Resolution<Problem> {
  status: 'idle' | 'resolving' | 'failed';
  problem?: Problem;
}

export interface LobbyState {
  join: Resolution<JoinProblem>;
  token: Resolution<string>;
}

export const initialLobbyState: LobbyState = { join: { status: 'idle' }, token: { status: 'idle' } };

/** The same three steps for a name and a token; each reducer says which. */
const resolution = {
  begin: (r: Resolution<unknown>) => {
    r.status = 'resolving';
    r.problem = undefined;
  },
  fail: <P>(r: Resolution<P>, problem: P) => {
    r.status = 'failed';
    r.problem = problem;
  },
  settle: (r: Resolution<unknown>) => {
    r.status = 'idle';
    r.problem = undefined;
  },
};

const lobbySlice = createSlice({
  name: 'lobby',
  initialState: initialLobbyState,
  reducers: {
    joinByNameRequested(state, _action: PayloadAction<string>) {
      resolution.begin(state.join);
    },
    joinFailed(state, action: PayloadAction<JoinProblem>) {
      resolution.fail(state.join, action.payload);
    },
    joinResolved(state) {
      resolution.settle(state.join);
    },
    /** The user is editing the name again: the old problem no longer applies. */
    joinProblemCleared(state) {
      if (state.join.status === 'failed') resolution.settle(state.join);
      state.join.problem = undefined;
    },
    tokenReceived(state, _action: PayloadAction<{ token: string; readonly: boolean }>) {
      resolution.begin(state.token);
    },
    tokenFailed(state, action: PayloadAction<string>) {
      resolution.fail(state.token, action.payload);
    },
    tokenResolved(state) {
      resolution.settle(state.token);
    },
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const lobbyEvents = {
  /** `panel`: the new conversation opens with that panel shown (the dashboard's phone conversation). */
  startRequested: createAction<{ panel?: ConversationPanel } | undefined>('lobby/startRequested'),
};

export const lobbyActions = { ...lobbySlice.actions, ...lobbyEvents };
export const lobbyReducer = lobbySlice.reducer;
