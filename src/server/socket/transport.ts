/**
 * What a client connection's code needs of its socket. A `ws` WebSocket is one; in cluster mode
 * a socket that reached another node is one too (cluster/relayed-socket.ts), so the node that
 * owns the room runs the same connection code, with the same checks, for both.
 */
import type { RawData } from 'ws';

export interface ConnectionSocket {
  readonly readyState: number;
  readonly OPEN: number;
  /** Bytes queued towards the client and not yet sent (slow clients lose partials, then the socket). */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
  on(event: 'close' | 'pong', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}
