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
  /**
   * Sends a message the client may go without when it is slow (a partial caption). Sockets
   * whose buffer towards the client is elsewhere have it (a relayed socket: the front node
   * decides there, by its own buffer); for the others the connection code decides by
   * `bufferedAmount` (outgoingVerdict).
   */
  sendDroppable?(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
  on(event: 'close' | 'pong', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}

/** Partials are skipped for a client whose socket has this much unsent data. */
export const SLOW_CLIENT_BUFFERED_BYTES = 512 * 1024;
/** A client this far behind is gone for practical purposes. */
export const DEAD_CLIENT_BUFFERED_BYTES = 16 * 1024 * 1024;

/** What to do with a message for a client whose socket holds `buffered` unsent bytes. */
export function outgoingVerdict(buffered: number, droppable: boolean): 'send' | 'skip' | 'terminate' {
  if (buffered > DEAD_CLIENT_BUFFERED_BYTES) return 'terminate';
  if (droppable && buffered > SLOW_CLIENT_BUFFERED_BYTES) return 'skip';
  return 'send';
}
