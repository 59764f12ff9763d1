/**
 * The rating step after a conversation (shared/rating.ts): per conversation, whether this
 * person still may rate it, is sending, has rated, skipped it, or had already rated it before.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { ConversationRating } from '../../../shared/rating';

/** 'checking': reading back whether this person rated it already (a reload must not ask again). */
export type RatingStatus = 'checking' | 'open' | 'sending' | 'rated' | 'skipped' | 'already-rated' | 'failed';

export interface RatingState {
  byRoom: Record<string, { status: RatingStatus; error?: string }>;
}

export const initialRatingState: RatingState = { byRoom: {} };

const ratingSlice = createSlice({
  name: 'rating',
  initialState: initialRatingState,
  reducers: {
    /** The rating step is shown: ask the server once whether this person has rated it. */
    checkRequested(state, action: PayloadAction<string>) {
      if (!state.byRoom[action.payload]) state.byRoom[action.payload] = { status: 'checking' };
    },
    submitted(state, action: PayloadAction<{ roomId: string; rating: ConversationRating }>) {
      state.byRoom[action.payload.roomId] = { status: 'sending' };
    },
    skipped(state, action: PayloadAction<string>) {
      state.byRoom[action.payload] = { status: 'skipped' };
    },
    settled(state, action: PayloadAction<{ roomId: string; status: RatingStatus; error?: string }>) {
      const { roomId, status, error } = action.payload;
      state.byRoom[roomId] = { status, ...(error ? { error } : {}) };
    },
  },
});

export const ratingActions = ratingSlice.actions;
export const ratingReducer = ratingSlice.reducer;
