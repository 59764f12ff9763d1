/**
 * The transcript view after a conversation ends. Its captions come from the store when the user
 * just left the room, or from GET API.roomTranscripts when the page is reloaded.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { ConversationStatus, Transcript } from '../../../shared/entities';
import type { ExportFormat } from '../../../shared/transcript-export/formats';
import type { ConversationWordStats } from '../../../shared/recap/word-stats';

/** What the person last asked to take away: a download in one format, or the text copied. */
export type ExportAction = ExportFormat | 'copy';

export interface ExportProgress {
  action: ExportAction;
  state: 'working' | 'done' | 'failed';
  message?: string;
}

export interface TranscriptState {
  roomId?: string;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  room?: ConversationStatus;
  transcripts: Transcript[];
  /** The spec's word stats, this person's beside everyone's (shared/recap/word-stats.ts). */
  wordStats?: ConversationWordStats;
  error?: string;
  exporting?: ExportProgress;
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
      action: PayloadAction<{
        roomId: string;
        room?: ConversationStatus;
        transcripts: Transcript[];
        wordStats?: ConversationWordStats;
      }>,
    ) {
      if (state.roomId !== action.payload.roomId) return;
      state.status = 'loaded';
      state.room = action.payload.room;
      state.transcripts = action.payload.transcripts;
      state.wordStats = action.payload.wordStats;
    },
    failed(state, action: PayloadAction<{ roomId: string; message: string }>) {
      if (state.roomId !== action.payload.roomId) return;
      state.status = 'failed';
      state.error = action.payload.message;
    },
    exportRequested(state, action: PayloadAction<ExportFormat>) {
      state.exporting = { action: action.payload, state: 'working' };
    },
    copyRequested(state) {
      state.exporting = { action: 'copy', state: 'working' };
    },
    exportFinished(state, action: PayloadAction<ExportAction>) {
      state.exporting = { action: action.payload, state: 'done' };
    },
    exportFailed(state, action: PayloadAction<{ action: ExportAction; message: string }>) {
      state.exporting = { action: action.payload.action, state: 'failed', message: action.payload.message };
    },
  },
});

export const transcriptActions = transcriptSlice.actions;
export const transcriptReducer = transcriptSlice.reducer;
