/** The invite feature keeps no state: its actions are events its saga acts on. */
import { createAction } from '@reduxjs/toolkit';

export const inviteActions = {
  /** Copy the invite link to the clipboard. */
  copyLinkRequested: createAction<string>('invite/copyLinkRequested'),
};
