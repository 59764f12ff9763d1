/**
 * The account settings' Boost tab: one's own boost list, read and changed over HTTP
 * (shared/boost-words.ts: BOOST_WORDS_ROUTE). `announcement` is what a screen reader is told
 * after a change; `error` is the server's or the rules' refusal, shown with the input.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { BoostWordsChange, BoostWordsResponse } from '../../../shared/boost-words';

export interface AccountBoostState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  words: string[];
  saving: boolean;
  error?: string;
  /** The plan does not include boost: the list can be read, not changed. */
  upgradeRequired?: boolean;
  /** The last change made, for the live region: words added and removed. */
  lastChange?: { added: string[]; removed: string[] };
}

const initialState: AccountBoostState = { status: 'idle', words: [], saving: false };

const slice = createSlice({
  name: 'accountBoost',
  initialState,
  reducers: {
    loadRequested(state) {
      state.status = 'loading';
      delete state.error;
    },
    loaded(state, action: PayloadAction<string[]>) {
      state.status = 'ready';
      state.words = action.payload;
    },
    /** The server said the plan does not include boost (GET's upgradeRequired). */
    upgradeRequired(state) {
      state.upgradeRequired = true;
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    changeRequested(state, _action: PayloadAction<BoostWordsChange>) {
      state.saving = true;
      delete state.error;
    },
    changed(state, action: PayloadAction<BoostWordsResponse>) {
      state.saving = false;
      state.words = action.payload.words;
      state.lastChange = { added: action.payload.added ?? [], removed: action.payload.removed ?? [] };
    },
    changeFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.error = action.payload;
    },
  },
});

export const accountBoostActions = slice.actions;
export const accountBoostReducer = slice.reducer;
