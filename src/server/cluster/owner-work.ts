/**
 * What a room's owner runs for work forwarded to it by the other nodes (forwarding.ts), attached
 * to the node (node.ts) once the server is built: a forwarded HTTP request through its own
 * routes and hooks (http-relay.ts), a provider's relayed media socket after its handshake is
 * checked (owner-sockets.ts), and which room a phone call of this node is in.
 */
import type { ConnectionSocket } from '../socket';
import type { ForwardedRequest, ForwardedResponse, ProviderSocketKind } from './forwarding';

export interface OwnerWork {
  inject(request: ForwardedRequest): Promise<ForwardedResponse>;
  /** Checks the handshake and serves the socket; false: refused (nothing was attached). */
  providerSocket(
    kind: ProviderSocketKind,
    socket: ConnectionSocket,
    handshake: { url: string; signature?: string },
  ): boolean;
  callRoom(sid: string): string | undefined;
}

/** Runs the connection code on a socket (a client's own, or a relayed one). */
export type Serve = (socket: ConnectionSocket, address: string, origin?: string) => void;
