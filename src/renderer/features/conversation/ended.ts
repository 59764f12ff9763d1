/** Whether a socket message says that a room has ended (the room status's state). */
import type { Action } from '@reduxjs/toolkit';
import { SESSION_ENDED_REASON } from '../../../shared/session-limits';
import { socketActions } from '../socket/slice';

export const isEndedStatusFor =
  (roomId: string) =>
  (action: Action): boolean =>
    socketActions.messageReceived.match(action) &&
    (action.payload.type === 'room-status' || action.payload.type === 'room-status-update') &&
    action.payload.status.id === roomId &&
    action.payload.status.state.value === 'ended';

/** Whether a status says the room ended at its time limit (the spec's restricted-session reason). */
export const endedByTimeLimit = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  action.payload.type === 'room-status-update' &&
  action.payload.reason === SESSION_ENDED_REASON;
