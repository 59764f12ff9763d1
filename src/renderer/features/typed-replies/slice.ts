/**
 * Typed replies: the lines a person types into the conversation (they join the transcript as
 * theirs), and whether the last one reached the room, so the box keeps a line that did not.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import { fieldSetter } from '../../lib/field-setter';

export interface TypedRepliesState {
  /** The outcome of the last send, by the id the box gave it. */
  last?: { id: string; sent: boolean };
}

export const initialTypedRepliesState: TypedRepliesState = {};

const set = fieldSetter<TypedRepliesState>();

const typedRepliesSlice = createSlice({
  name: 'typedReplies',
  initialState: initialTypedRepliesState,
  reducers: {
    sendFinished: set('last'),
  },
});

/** Events: actions that change no state here; the saga acts on them. */
const typedRepliesEvents = {
  /**
   * `viaRecorder`: typed in a desktop caption window, which reads the room read-only; main hands
   * the line to the recording window, which sends it as the person's own.
   */
  sendRequested: createAction<{ id: string; text: string; viaRecorder?: boolean }>(
    'typedReplies/sendRequested',
  ),
  /** A key pressed in the box: others see "is typing" (sent at most once a second). */
  composing: createAction('typedReplies/composing'),
};

export const typedRepliesActions = { ...typedRepliesSlice.actions, ...typedRepliesEvents };
export const typedRepliesReducer = typedRepliesSlice.reducer;
