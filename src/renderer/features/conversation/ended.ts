/** Whether a socket message says that a room has ended (the room status's state). */
import type { Action } from '@reduxjs/toolkit';
import { socketActions } from '../socket/slice';

export const isEndedStatusFor =
  (roomId: string) =>
  (action: Action): boolean =>
    socketActions.messageReceived.match(action) &&
    (action.payload.type === 'room-status' || action.payload.type === 'room-status-update') &&
    action.payload.status.id === roomId &&
    action.payload.status.state.value === 'ended';
