/**
 * The conversation the user is in: its room id, whether they joined read-only, and the room
 * status the server sends (title, name, links, host, participants, speakers, audio streams,
 * state). `entered` and `exited` are dispatched by the conversation screen; the socket saga
 * connects between them.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { ConversationStatus } from '../../../shared/entities';
import { socketActions } from '../socket/slice';

export type EndPhase = 'none' | 'ending' | 'leaving';

export interface ConversationState {
  roomId?: string;
  /** Read-only: asked for by the page's link, or said by the server (connection-succeeded). */
  readonly: boolean;
  /** The link token that admits us to the room (absent for our own rooms and once a member). */
  joinToken?: string;
  status?: ConversationStatus;
  /** The user asked to end (host) or leave (others); cleared if it fails. */
  endPhase: EndPhase;
  /** Joined as a Scribe (`?scribe=true`): connection-params says role scribe. */
  role?: 'scribe';
}

export const initialConversationState: ConversationState = { readonly: false, endPhase: 'none' };

const conversationSlice = createSlice({
  name: 'conversation',
  initialState: initialConversationState,
  reducers: {
    entered(
      state,
      action: PayloadAction<{ roomId: string; readonly: boolean; token?: string; role?: 'scribe' }>,
    ) {
      if (state.roomId !== action.payload.roomId) state.status = undefined;
      state.role = action.payload.role;
      state.roomId = action.payload.roomId;
      state.readonly = action.payload.readonly;
      state.joinToken = action.payload.token;
      state.endPhase = 'none';
    },
    /** Host: end the conversation for everyone. */
    endRequested(state) {
      state.endPhase = 'ending';
    },
    /** Not the host: leave the conversation. */
    leaveRequested(state) {
      state.endPhase = 'leaving';
    },
    endFailed(state) {
      state.endPhase = 'none';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const message = action.payload;
      // The server's word on our access wins over the page's: it never grows, only narrows.
      if (message.type === 'connection-succeeded' && message.readonly && message.roomId === state.roomId) {
        state.readonly = true;
      }
      if (message.type === 'room-status' || message.type === 'room-status-update') {
        if (state.roomId === undefined || message.status.id === state.roomId) state.status = message.status;
      }
    });
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const conversationEvents = {
  /** The conversation screen went away. The room status stays for the transcript view. */
  exited: createAction('conversation/exited'),
  titleUpdateRequested: createAction<string>('conversation/titleUpdateRequested'),
};

export const conversationActions = { ...conversationSlice.actions, ...conversationEvents };
export const conversationReducer = conversationSlice.reducer;
