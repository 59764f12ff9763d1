/**
 * The transcript view after a conversation ends. Its captions come from the store when the user
 * just left the room, or from GET API.roomTranscripts when the page is reloaded.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { ConversationStatus, Transcript } from '../../../shared/entities';

export interface TranscriptState {
  roomId?: string;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  room?: ConversationStatus;
  transcripts: Transcript[];
  error?: string;
}

export const initialTranscriptState: TranscriptState = { status: 'idle', transcripts: [] };

const transcriptSlice = createSlice({
  name: 'transcript',
  initialState: initialTranscriptState,
  reducers: {
    opened(state, action: PayloadAction<string>) {
      if (state.roomId === action.payload && state.status === 'loaded') return;
      return { ...initialTranscriptState, roomId: action.payload, status: 'loading' };
    },
    loaded(
      state,
      action: PayloadAction<{ roomId: string; room?: ConversationStatus; transcripts: Transcript[] }>,
    ) {
      if (state.roomId !== action.payload.roomId) return;
      state.status = 'loaded';
      state.room = action.payload.room;
      state.transcripts = action.payload.transcripts;
    },
    failed(state, action: PayloadAction<{ roomId: string; message: string }>) {
      if (state.roomId !== action.payload.roomId) return;
      state.status = 'failed';
      state.error = action.payload.message;
    },
  },
});

export const transcriptActions = transcriptSlice.actions;
export const transcriptReducer = transcriptSlice.reducer;
