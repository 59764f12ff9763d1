/**
 * The live caption-delay meter's state: the last minute's median and p95 (shared/caption-delay.ts,
 * measured by this feature's saga), and whether the delay is past the recommended maximum.
 * The warning has some hysteresis so a delay hovering at 3 s does not make it come and go (and
 * be announced again) every second.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import { CAPTION_DELAY_WARNING_MS, type DelaySummary, isDelayTooLong } from '../../../shared/caption-delay';

/** The warning goes away only once the delay is this far back under the maximum. */
export const WARNING_CLEAR_MARGIN_MS = 500;

export interface CaptionDelayState {
  /** Undefined while no spoken caption arrived in the last minute. */
  summary?: DelaySummary;
  tooLong: boolean;
}

export const initialCaptionDelayState: CaptionDelayState = { tooLong: false };

const captionDelaySlice = createSlice({
  name: 'captionDelay',
  initialState: initialCaptionDelayState,
  reducers: {
    measured(state, action: PayloadAction<DelaySummary | undefined>) {
      const summary = action.payload;
      state.summary = summary;
      if (isDelayTooLong(summary)) state.tooLong = true;
      else if (!summary || summary.medianMs < CAPTION_DELAY_WARNING_MS - WARNING_CLEAR_MARGIN_MS)
        state.tooLong = false;
    },
    reset() {
      return initialCaptionDelayState;
    },
  },
});

export const captionDelayActions = captionDelaySlice.actions;
export const captionDelayReducer = captionDelaySlice.reducer;
