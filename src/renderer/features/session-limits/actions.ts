/**
 * What a person asks of the conversation's limits (shared/session-limits.ts): the host prolongs
 * the restricted session, or turns a participant's microphone off (the spec's force-mute). No
 * state of their own: the room status says what the limits are.
 */
import { createAction } from '@reduxjs/toolkit';

export const sessionLimitsActions = {
  prolongRequested: createAction('sessionLimits/prolongRequested'),
  forceMuteRequested: createAction<string>('sessionLimits/forceMuteRequested'),
};
