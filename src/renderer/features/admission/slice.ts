/**
 * Admission to a room (conversation.md section 4, Joining: none, requested, accepted; a refused
 * connection shows its reason and resets). Two sides of the same door:
 * - this person waiting to be let into someone's room (`joining`, `refusal`);
 * - this person as host, with the requests waiting for an answer (`requests`).
 * The server's messages drive it; `answered` and `requireChanged` are the host's actions.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { ConnectionRole } from '../../../shared/entities';
import { type JoinRefusalReason, isKnockResponse } from '../../../shared/protocol';
import { conversationActions } from '../conversation/slice';
import { socketActions } from '../socket/slice';

export type JoiningState = 'none' | 'requested' | 'accepted';

export interface WaitingRequest {
  id: string;
  avaId: string;
  userName: string;
  role: ConnectionRole;
}

export interface AdmissionState {
  joining: JoiningState;
  refusal?: JoinRefusalReason;
  requests: WaitingRequest[];
}

export const initialAdmissionState: AdmissionState = { joining: 'none', requests: [] };

const admissionSlice = createSlice({
  name: 'admission',
  initialState: initialAdmissionState,
  reducers: {
    /** Host: let the person in (true) or refuse them. */
    answered(state, action: PayloadAction<{ id: string; accept: boolean }>) {
      state.requests = state.requests.filter((r) => r.id !== action.payload.id);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(conversationActions.entered, () => initialAdmissionState);
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const message = action.payload;
      switch (message.type) {
        case 'connection-response':
          // With `to`: about an invitation this person sent (features/invite-people), not their own knock.
          if (!isKnockResponse(message)) return;
          state.joining = message.status === 'refused' ? 'none' : message.status;
          state.refusal = message.status === 'refused' ? (message.reason ?? 'rejected-by-user') : undefined;
          return;
        case 'connection-succeeded':
          state.joining = 'accepted';
          state.refusal = undefined;
          return;
        case 'connection-request':
          if (!state.requests.some((r) => r.id === message.id)) {
            state.requests.push({
              id: message.id,
              avaId: message.from.avaId,
              userName: message.from.userName,
              role: message.role,
            });
          }
          return;
        case 'connection-request-closed':
          state.requests = state.requests.filter((r) => r.id !== message.id);
          return;
        default:
          return;
      }
    });
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const admissionEvents = {
  /** Host: newcomers wait to be let in (true), or come straight in. */
  requireChanged: createAction<boolean>('admission/requireChanged'),
};

export const admissionActions = { ...admissionSlice.actions, ...admissionEvents };
export const admissionReducer = admissionSlice.reducer;
