/**
 * The Premium credit shown in a conversation (countdown.ts): the credits as the server last said
 * (GET /api/v1.1/user-credits/{avaId}), and the countdown while one's own Premium stream runs.
 * Times are passed in by the saga (deps.now), so the reducers stay pure.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { UserCredits } from '../../../shared/credits';
import {
  type PremiumCountdown,
  countdownFromCredits,
  isRunning,
  startCountdown,
  stopCountdown,
} from './countdown';

export interface CreditsState {
  /** Absent until the credits are read (guests never have any). */
  countdown?: PremiumCountdown;
  /** The credit ran out while one's stream was on Premium: it goes on with Basic (announced once). */
  ranOut: boolean;
  /** One's Scribe time, as the server last said (the Scribe time page). */
  scribeTimeMs?: number;
  /** A Scribe time Checkout being opened, and why the last one could not be. */
  buyingScribeTime?: boolean;
  buyError?: string;
}

export const initialCreditsState: CreditsState = { ranOut: false };

const creditsSlice = createSlice({
  name: 'credits',
  initialState: initialCreditsState,
  reducers: {
    loaded(state, action: PayloadAction<{ credits: UserCredits; nowMs: number }>) {
      const { credits, nowMs } = action.payload;
      state.scribeTimeMs = credits.scribeCredit;
      state.countdown = countdownFromCredits(credits, isRunning(state.countdown), nowMs);
    },
    premiumStarted(state, action: PayloadAction<{ nowMs: number }>) {
      state.ranOut = false;
      if (state.countdown) state.countdown = startCountdown(state.countdown, action.payload.nowMs);
    },
    /** `toBasic`: the stream goes on, now on Basic (the server moved it when the credit ran out). */
    premiumStopped(state, action: PayloadAction<{ nowMs: number; toBasic: boolean }>) {
      const { nowMs, toBasic } = action.payload;
      if (!state.countdown) return;
      // Moved to Basic while it ran: the server found the credit gone (its count is the one
      // that holds; this one may be a second or two behind).
      if (isRunning(state.countdown) && toBasic) {
        state.ranOut = true;
        state.countdown = { baseMs: 0 };
      } else {
        state.countdown = stopCountdown(state.countdown, nowMs);
      }
    },
    reset() {
      return initialCreditsState;
    },
    /** The Scribe time page is shown: read one's credits. */
    scribeTimeRequested() {},
    scribeTimeBuyRequested(state, _action: PayloadAction<{ hours: number; language: string }>) {
      state.buyingScribeTime = true;
      state.buyError = undefined;
    },
    scribeTimeBuyFailed(state, action: PayloadAction<string>) {
      state.buyingScribeTime = false;
      state.buyError = action.payload;
    },
  },
});

export const creditsActions = creditsSlice.actions;
export const creditsReducer = creditsSlice.reducer;
