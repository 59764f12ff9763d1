import { createAction } from '@reduxjs/toolkit';

/** Copy the invite link to the clipboard. */
export const copyInviteLinkRequested = createAction<string>('invite/copyLinkRequested');
