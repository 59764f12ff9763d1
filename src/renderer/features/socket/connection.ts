/**
 * The seam between the socket saga and the browser's WebSocket. The saga only sees
 * `SocketConnection`: events in (open, a parsed server message, close), frames out. Unit tests
 * give the saga a fake connection; the browser build gives it `openBrowserSocket`.
 */
import {
  type ClientMessage,
  type ServerMessage,
  SOCKET_PATH,
  parseServerMessage,
} from '../../../shared/protocol';

export type ConnectionEvent =
  | { kind: 'open' }
  | { kind: 'message'; message: ServerMessage }
  /** A text frame that is not a server message we know: dropped, but logged. */
  | { kind: 'unreadable'; text: string }
  | { kind: 'close'; code: number; reason: string };

export interface SocketConnection {
  send(message: ClientMessage): void;
  sendBinary(bytes: Uint8Array): void;
  close(code?: number, reason?: string): void;
  /** Events since the connection was made are replayed to the first subscriber. */
  subscribe(listener: (event: ConnectionEvent) => void): () => void;
}

export type SocketFactory = (url: string) => SocketConnection;

/** `ws://host/ws` or `wss://host/ws` for the page's own origin (the dev server proxies /ws). */
export function socketUrlFor(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${SOCKET_PATH}`;
}

export const openBrowserSocket: SocketFactory = (url) => {
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer';
  const pending: ConnectionEvent[] = [];
  let listener: ((event: ConnectionEvent) => void) | undefined;
  const emit = (event: ConnectionEvent) => {
    if (listener) listener(event);
    else pending.push(event);
  };
  ws.addEventListener('open', () => emit({ kind: 'open' }));
  ws.addEventListener('message', (event: MessageEvent) => {
    if (typeof event.data !== 'string') return;
    const message = parseServerMessage(event.data);
    emit(message ? { kind: 'message', message } : { kind: 'unreadable', text: event.data.slice(0, 200) });
  });
  // A failed socket always fires close after error; close carries the code, so only it is used.
  ws.addEventListener('close', (event: CloseEvent) =>
    emit({ kind: 'close', code: event.code, reason: event.reason }),
  );
  return {
    send(message) {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    },
    sendBinary(bytes) {
      if (ws.readyState === WebSocket.OPEN) ws.send(bytes);
    },
    close(code = 1000, reason = '') {
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(code, reason);
    },
    subscribe(next) {
      listener = next;
      for (const event of pending.splice(0)) next(event);
      return () => {
        if (listener === next) listener = undefined;
      };
    },
  };
};

/**
 * What other features use to send on the room's socket without owning it. The socket saga
 * attaches the live connection once the server has accepted it and detaches it when it goes.
 */
export class SocketLink {
  private connection: SocketConnection | undefined;

  attach(connection: SocketConnection): void {
    this.connection = connection;
  }

  detach(connection?: SocketConnection): void {
    if (connection === undefined || this.connection === connection) this.connection = undefined;
  }

  get isAttached(): boolean {
    return this.connection !== undefined;
  }

  /** Returns false when no connection is attached (the message is dropped). */
  send(message: ClientMessage): boolean {
    if (!this.connection) return false;
    this.connection.send(message);
    return true;
  }

  sendBinary(bytes: Uint8Array): boolean {
    if (!this.connection) return false;
    this.connection.sendBinary(bytes);
    return true;
  }
}
