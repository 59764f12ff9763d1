/**
 * The person's saved conversations (shared/saved-transcripts.ts) as the history page shows
 * them: the pages loaded so far, newest first, the search they were found by, which entry
 * is being renamed or deleted, and the entries selected to delete together (bulk delete).
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
  /** Entries selected to delete together, in the order they are listed. */
  selected: string[];
}

export const initialHistoryState: HistoryState = {
  status: 'idle',
  entries: [],
  search: '',
  loadingMore: false,
  pending: {},
  selected: [],
};

/** The selection kept to entries still listed, in the list's order. */
function listedOrder(state: HistoryState, roomIds: readonly string[]): string[] {
  const wanted = new Set(roomIds);
  return state.entries.filter((e) => wanted.has(e.roomId)).map((e) => e.roomId);
}

const historySlice = createSlice({
  name: 'history',
  initialState: initialHistoryState,
  reducers: {
    /** The page opened, or a search ('' for all): the list starts again from the newest. */
    listRequested(state, action: PayloadAction<string>) {
      state.status = 'loading';
      state.search = action.payload;
      state.entries = [];
      state.selected = [];
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
      state.selected = state.selected.filter((id) => id !== action.payload);
    },
    /** An entry's checkbox: selected, or not any more. */
    selectionToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      state.selected = state.selected.includes(id)
        ? state.selected.filter((s) => s !== id)
        : listedOrder(state, [...state.selected, id]);
    },
    /** "Select all": every entry listed, or none. */
    allSelected(state, action: PayloadAction<boolean>) {
      state.selected = action.payload ? state.entries.map((e) => e.roomId) : [];
    },
    /** The confirmation was accepted: the selected entries are on their way to be deleted. */
    bulkDeleteRequested(state) {
      for (const id of state.selected) state.pending[id] = 'deleting';
    },
    bulkDeleted(state, action: PayloadAction<string[]>) {
      const gone = new Set(action.payload);
      for (const id of gone) delete state.pending[id];
      state.entries = state.entries.filter((e) => !gone.has(e.roomId));
      state.selected = state.selected.filter((id) => !gone.has(id));
    },
    /** Refused: nothing was deleted; the entries stay, still selected, to choose again. */
    bulkDeleteFailed(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) delete state.pending[id];
    },
    changeFailed(state, action: PayloadAction<string>) {
      delete state.pending[action.payload];
    },
  },
});

export const historyActions = historySlice.actions;
export const historyReducer = historySlice.reducer;
