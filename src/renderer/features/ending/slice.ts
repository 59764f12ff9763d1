/**
 * The end sequence as the web client runs it (shared/end-sequence.ts): the stage it is in, when
 * it started (the 30 s guard), and, for the transcript page, the room whose host ended it while
 * this person was still in it ("The host ended the conversation").
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { EndingStage } from '../../../shared/end-sequence';
import { fieldSetter } from '../../lib/field-setter';

export interface EndingState {
  stage: EndingStage;
  startedAtMs?: number;
  /** The room the host ended for this person (someone who is not the host). */
  hostEndedRoomId?: string;
  /** The room that ended at its time limit (restricted session), for everyone who was in it. */
  timeLimitRoomId?: string;
}

export const initialEndingState: EndingState = { stage: 'NOT_ENDING' };

const set = fieldSetter<EndingState>();

const endingSlice = createSlice({
  name: 'ending',
  initialState: initialEndingState,
  reducers: {
    started(state, action: PayloadAction<{ atMs: number }>) {
      state.startedAtMs = action.payload.atMs;
    },
    stageEntered: set('stage'),
    finished(state) {
      state.stage = 'NOT_ENDING';
      delete state.startedAtMs;
    },
    hostEnded: set('hostEndedRoomId'),
    timeLimitReached: set('timeLimitRoomId'),
  },
});

export const endingActions = {
  ...endingSlice.actions,
  /** The conversation's window is going away (the page is being unloaded). */
  appTerminating: createAction('ending/appTerminating'),
};
export const endingReducer = endingSlice.reducer;
