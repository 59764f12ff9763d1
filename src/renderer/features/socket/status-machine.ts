/**
 * The websocket status machine of the spec (conversation.md section 4): uninitialized, pending,
 * reconnecting, online, disconnected, closed, offline. Written as a table so every allowed move
 * is visible in one place; an event a state does not list leaves the state unchanged.
 *
 * - connect: the first attempt for a room (pending).
 * - retry: a later attempt after the socket was lost or the browser was offline (reconnecting).
 * - succeeded: the server answered `connection-succeeded` (online).
 * - lost: the socket closed, failed, or stopped answering pings (disconnected).
 * - offline: the browser reported it went offline (offline).
 * - close: the user left the room; nothing reconnects (closed).
 */
export const SOCKET_STATUSES = [
  'uninitialized',
  'pending',
  'reconnecting',
  'online',
  'disconnected',
  'closed',
  'offline',
] as const;
export type SocketStatus = (typeof SOCKET_STATUSES)[number];

export const SOCKET_EVENTS = ['connect', 'retry', 'succeeded', 'lost', 'offline', 'close'] as const;
export type SocketStatusEvent = (typeof SOCKET_EVENTS)[number];

export const SOCKET_TRANSITIONS: Readonly<
  Record<SocketStatus, Readonly<Partial<Record<SocketStatusEvent, SocketStatus>>>>
> = {
  uninitialized: { connect: 'pending', offline: 'offline', close: 'closed' },
  pending: { succeeded: 'online', lost: 'disconnected', offline: 'offline', close: 'closed' },
  online: { lost: 'disconnected', offline: 'offline', close: 'closed' },
  disconnected: { retry: 'reconnecting', offline: 'offline', close: 'closed' },
  reconnecting: { succeeded: 'online', lost: 'disconnected', offline: 'offline', close: 'closed' },
  offline: { retry: 'reconnecting', close: 'closed' },
  closed: { connect: 'pending' },
};

export function nextSocketStatus(status: SocketStatus, event: SocketStatusEvent): SocketStatus {
  return SOCKET_TRANSITIONS[status][event] ?? status;
}

/** The socket may carry messages (connection-params has been answered). */
export function isSocketUsable(status: SocketStatus): boolean {
  return status === 'online';
}

/** The event that starts an attempt from this status: a first connect, or a retry. */
export function attemptEvent(status: SocketStatus): SocketStatusEvent {
  return status === 'disconnected' || status === 'offline' ? 'retry' : 'connect';
}
