/**
 * Invite by user query (docs/socket.md): the host's search for someone to invite, the invitation
 * they sent and its outcome; and, for the invitee, the invitations waiting for their answer.
 * The server's messages drive it.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { JoinError } from '../../../shared/errors';
import type { UserQueryResult } from '../../../shared/user-query';
import { conversationActions } from '../conversation/slice';
import { socketActions } from '../socket/slice';
import { type QueryProblem, queryOfText } from './query';

export interface SentInvitation {
  id: string;
  to: string;
  name: string;
  status: 'sending' | 'requested' | 'accepted' | 'refused';
  error?: JoinError;
  /** Not in Hearken now: the conversation's link went to their email (no answer will come). */
  mailed?: boolean;
}

export interface IncomingInvitation {
  id: string;
  roomId: string;
  fromName: string;
  roomTitle: string;
}

export interface InvitePeopleState {
  searching: boolean;
  /** The last answer; undefined before any. */
  results?: UserQueryResult[];
  problem?: QueryProblem | 'failed';
  /** Whether the last search was by email (the invitation says how the person was found). */
  byEmail: boolean;
  sent?: SentInvitation;
  incoming: IncomingInvitation[];
}

export const initialInvitePeopleState: InvitePeopleState = { searching: false, byEmail: false, incoming: [] };

const invitePeopleSlice = createSlice({
  name: 'invitePeople',
  initialState: initialInvitePeopleState,
  reducers: {
    /** Search for `text` (the saga sends it when it is a valid query). */
    searchRequested(state, action: PayloadAction<string>) {
      const asked = queryOfText(action.payload);
      state.problem = 'problem' in asked ? asked.problem : undefined;
      state.searching = !('problem' in asked);
      state.byEmail = 'query' in asked && 'emailEqualTo' in asked.query;
    },
    inviteRequested(state, action: PayloadAction<{ id: string; to: string; name: string }>) {
      state.sent = { ...action.payload, status: 'sending' };
    },
    /** The self-join error has been shown long enough (SELF_JOIN_ERROR_RESET_MS): reset. */
    selfErrorReset(state) {
      if (state.sent?.error === 'self') state.sent = undefined;
    },
    /** The invitee's answer (the saga sends it, and joins once they are a member). */
    incomingAnswered(state, action: PayloadAction<{ id: string; roomId: string; accept: boolean }>) {
      state.incoming = state.incoming.filter((i) => i.id !== action.payload.id);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(conversationActions.entered, (state) => ({
      ...initialInvitePeopleState,
      incoming: state.incoming,
    }));
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const message = action.payload;
      switch (message.type) {
        case 'user-query-response':
          state.searching = false;
          state.results = message.users;
          return;
        case 'connection-response':
          if (!('to' in message) || state.sent?.id !== message.id) return;
          state.sent.status = message.status;
          if (message.error) state.sent.error = message.error;
          if (message.mailed) state.sent.mailed = true;
          return;
        case 'connection-invitation':
          if (!state.incoming.some((i) => i.id === message.id)) {
            state.incoming.push({
              id: message.id,
              roomId: message.roomId,
              fromName: message.from.userName,
              roomTitle: message.from.roomTitle,
            });
          }
          return;
        case 'connection-invitation-closed':
          state.incoming = state.incoming.filter((i) => i.id !== message.id);
          return;
        case 'error':
          if (message.inReplyTo === 'user-query') {
            state.searching = false;
            state.problem = 'failed';
          }
          if (message.inReplyTo === 'connection-request' && state.sent?.status === 'sending') {
            state.sent = { ...state.sent, status: 'refused', error: 'unknown' };
          }
          return;
        default:
          return;
      }
    });
  },
});

export const invitePeopleActions = invitePeopleSlice.actions;
export const invitePeopleReducer = invitePeopleSlice.reducer;
