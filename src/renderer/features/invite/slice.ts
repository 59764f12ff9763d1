/**
 * The invite card's one piece of state: whether the link was just copied (the button says so
 * where the person is looking, for a few seconds) or could not be (then how to copy it by hand).
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import { fieldSetter } from '../../lib/field-setter';

export type CopyState = 'idle' | 'copied' | 'failed';

/** How long "Link copied" shows on the button. */
export const COPIED_SHOW_MS = 4000;

export interface InviteState {
  copy: CopyState;
}

export const initialInviteState: InviteState = { copy: 'idle' };

const set = fieldSetter<InviteState>();

const inviteSlice = createSlice({
  name: 'invite',
  initialState: initialInviteState,
  reducers: {
    copyFinished: set('copy'),
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const inviteEvents = {
  /** Copy the invite link to the clipboard. */
  copyLinkRequested: createAction<string>('invite/copyLinkRequested'),
};

export const inviteActions = { ...inviteSlice.actions, ...inviteEvents };
export const inviteReducer = inviteSlice.reducer;
