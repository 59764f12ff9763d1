/** The room's socket: its status machine, the last server message and error, and why a connection was refused. */
import { type Action, type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { ServerMessage, SocketError } from '../../../shared/protocol';
import { type SocketStatus, type SocketStatusEvent, nextSocketStatus } from './status-machine';
import { fieldSetter } from '../../lib/field-setter';

export interface SocketState {
  status: SocketStatus;
  /** What the browser says (navigator.onLine and its events). */
  browserOnline: boolean;
  /** The last error the server sent, for display and diagnosis. */
  lastServerError?: SocketError;
  /** Server clock minus client clock, from the last PONG, in ms. */
  clockOffsetMs?: number;
  /**
   * Why the server will not take this connection at all (the room does not exist, has ended, or
   * is not ours to join): shown until the person leaves, with a way back.
   */
  refusal?: SocketError;
}

export const initialSocketState: SocketState = { status: 'uninitialized', browserOnline: true };

const set = fieldSetter<SocketState>();

const socketSlice = createSlice({
  name: 'socket',
  initialState: initialSocketState,
  reducers: {
    statusEvent(state, action: PayloadAction<SocketStatusEvent>) {
      state.status = nextSocketStatus(state.status, action.payload);
      // A new attempt (another room, or the user trying again) starts without the old refusal.
      if (action.payload !== 'close') state.refusal = undefined;
    },
    /** The server refused this connection for good (see REFUSAL_CODES). */
    refused: set('refusal'),
    /** Every message the server sends, as parsed; other features' reducers read the ones they need. */
    messageReceived(state, action: PayloadAction<ServerMessage>) {
      const message = action.payload;
      if (message.type === 'error') state.lastServerError = message.error;
      if (message.type === 'PONG') {
        state.clockOffsetMs = message.serverTimeMs - message.clientTimeMs;
      }
    },
    browserOnlineChanged: set('browserOnline'),
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const socketEvents = {
  /** The user asked to reconnect now (offline notice button). */
  reconnectRequested: createAction('socket/reconnectRequested'),
};

export const socketActions = { ...socketSlice.actions, ...socketEvents };
export const socketReducer = socketSlice.reducer;

/** The socket is connected to the room (connection-succeeded came back). */
export const isSocketConnectedEvent = (action: Action): boolean =>
  socketActions.statusEvent.match(action) && action.payload === 'succeeded';

/** The socket went away for now (lost, or the browser offline); the socket saga reconnects. */
export const isSocketDroppedEvent = (action: Action): boolean =>
  socketActions.statusEvent.match(action) && (action.payload === 'lost' || action.payload === 'offline');
