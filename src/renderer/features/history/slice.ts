/**
 * The person's saved conversations (shared/saved-transcripts.ts) as the history page shows
 * them: the pages loaded so far, newest first, the search they were found by, and which entry
 * is being renamed or deleted.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { SavedTranscript } from '../../../shared/saved-transcripts';

export interface HistoryState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  entries: SavedTranscript[];
  /** Where the next page starts; absent: no older conversations. */
  nextBefore?: number;
  /** The search the entries answer ('' for all). */
  search: string;
  loadingMore: boolean;
  error?: string;
  /** Entries with a change on its way to the server. */
  pending: Record<string, 'renaming' | 'deleting'>;
}

export const initialHistoryState: HistoryState = {
  status: 'idle',
  entries: [],
  search: '',
  loadingMore: false,
  pending: {},
};

const historySlice = createSlice({
  name: 'history',
  initialState: initialHistoryState,
  reducers: {
    /** The page opened, or a search ('' for all): the list starts again from the newest. */
    listRequested(state, action: PayloadAction<string>) {
      state.status = 'loading';
      state.search = action.payload;
      state.entries = [];
      delete state.nextBefore;
      delete state.error;
    },
    moreRequested(state) {
      if (state.nextBefore !== undefined) state.loadingMore = true;
    },
    pageLoaded(
      state,
      action: PayloadAction<{
        search: string;
        entries: SavedTranscript[];
        nextBefore?: number;
        append: boolean;
      }>,
    ) {
      if (action.payload.search !== state.search) return;
      state.status = 'loaded';
      state.loadingMore = false;
      const known = new Set(state.entries.map((e) => e.roomId));
      const fresh = action.payload.entries.filter((e) => !known.has(e.roomId));
      state.entries = action.payload.append ? [...state.entries, ...fresh] : action.payload.entries;
      if (action.payload.nextBefore === undefined) delete state.nextBefore;
      else state.nextBefore = action.payload.nextBefore;
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.loadingMore = false;
      state.error = action.payload;
    },
    renameRequested(state, action: PayloadAction<{ roomId: string; title: string }>) {
      state.pending[action.payload.roomId] = 'renaming';
    },
    renamed(state, action: PayloadAction<{ roomId: string; title: string }>) {
      delete state.pending[action.payload.roomId];
      const entry = state.entries.find((e) => e.roomId === action.payload.roomId);
      if (entry) entry.title = action.payload.title;
    },
    deleteRequested(state, action: PayloadAction<string>) {
      state.pending[action.payload] = 'deleting';
    },
    deleted(state, action: PayloadAction<string>) {
      delete state.pending[action.payload];
      state.entries = state.entries.filter((e) => e.roomId !== action.payload);
    },
    changeFailed(state, action: PayloadAction<string>) {
      delete state.pending[action.payload];
    },
  },
});

export const historyActions = historySlice.actions;
export const historyReducer = historySlice.reducer;
