/**
 * The owner's half of a relayed socket: a front node asks this one (`hearken.cluster.open.<node>`)
 * to serve a socket of a room, which it does only while it holds the room's lease. The socket
 * is a RelayedSocket over NATS (relayed-socket.ts): a client's runs the same connection code as
 * a socket of this node's own; a provider's media socket has its handshake checked here first,
 * where its call or bot is.
 */
import type { NatsConnection } from './nats';
import { RelayedSocket } from './relayed-socket';
import { inSubject, outSubject, parseOpenRequest } from './relay-frames';
import type { OwnerWork, Serve } from './owner-work';
import type { ConnectionSocket } from '../socket';

export interface OwnerSocketsDeps {
  nats: Pick<NatsConnection, 'subscribe' | 'publish' | 'bufferedBytes'>;
  /** This node's lease token of the room, undefined when it does not hold it. */
  tokenOf(roomId: string): string | undefined;
  /** The connection code; undefined until the server is built. */
  serve(): Serve | undefined;
  /** What this node runs for forwarded work (a provider socket's check). */
  work(): OwnerWork | undefined;
  /** The node is shutting down: it takes no new socket. */
  closing(): boolean;
  /** Counts the socket as one the room's owner serves (room-pins.ts). */
  pin(roomId: string, socket: ConnectionSocket): void;
}

/** The node subscribes `opened` to `openSubject(nodeId)` (node.ts). */
export class OwnerSockets {
  constructor(private readonly deps: OwnerSocketsDeps) {}

  /** An open request from a front node: serve the relayed socket if this node owns the room. */
  opened(data: Buffer, replyTo: string | undefined): void {
    const { nats } = this.deps;
    const request = parseOpenRequest(data);
    if (!replyTo) return;
    if (request === undefined) {
      nats.publish(replyTo, JSON.stringify({ ok: false, reason: 'bad request' }));
      return;
    }
    const serve = this.deps.serve();
    if (this.deps.closing() || !serve || !this.deps.tokenOf(request.roomId)) {
      nats.publish(replyTo, JSON.stringify({ ok: false, reason: 'not the owner' }));
      return;
    }
    const out = outSubject(request.conn);
    const socket = new RelayedSocket(
      (frame) => nats.publish(out, frame),
      () => nats.bufferedBytes,
    );
    const sub = nats.subscribe(inSubject(request.conn), (m) => socket.deliver(m.data));
    if (request.kind) {
      // A provider's socket: its handshake is checked here, where its call or bot is.
      const handshake = {
        url: request.url ?? '/',
        ...(request.signature !== undefined ? { signature: request.signature } : {}),
      };
      if (!this.deps.work()?.providerSocket(request.kind, socket, handshake)) {
        sub.unsubscribe();
        nats.publish(replyTo, JSON.stringify({ ok: false, reason: 'refused' }));
        return;
      }
    }
    this.deps.pin(request.roomId, socket);
    socket.on('close', () => sub.unsubscribe());
    if (!request.kind) serve(socket, request.address, request.origin);
    nats.publish(replyTo, JSON.stringify({ ok: true }));
  }
}
