/**
 * A provider's media socket (Twilio's media stream, the meeting bot's real-time audio) names its
 * room in its URL (forwarding.ts `providerSocketRoute`). It is served on the node it reached when
 * that node owns the room or nobody does; otherwise it is relayed to the owner like a client's
 * socket (front.ts), once the owner has checked its handshake (owner-sockets.ts), and refused 401
 * when the owner did not accept it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { randomId } from '../../shared/ids';
import { acceptUpgrade, dropUpgrade, guardSocket, refuseUpgrade } from '../safety';
import { providerSocketRoute, routeDecision } from './forwarding';
import type { RelayLink } from './front';
import type { OpenRequest } from './relay-frames';

/** A provider's media message (as the provider routes: a second of meeting audio is 43 KB). */
const PROVIDER_MESSAGE_LIMIT = 512 * 1024;

export interface ProviderSocketDeps {
  nodeId: string;
  /** The node holding the room's lease now, if any. */
  holderOf(roomId: string): Promise<string | undefined>;
  /** Asks `node` to serve a relayed socket (front.ts); undefined when it does not accept. */
  openRelay(node: string, request: OpenRequest): Promise<RelayLink | undefined>;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

export class ProviderSocketRouter {
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: PROVIDER_MESSAGE_LIMIT });

  constructor(private readonly deps: ProviderSocketDeps) {}

  /**
   * A provider's media socket: false when the upgrade is not one. Served here (`local`) when this
   * node owns the room or nobody does, else relayed to the owner once it checked the handshake
   * (refused 401 when it did not accept it).
   */
  route(request: IncomingMessage, socket: Duplex, head: Buffer, local: () => void): boolean {
    const route = providerSocketRoute(request.url);
    if (!route) return false;
    // Waiting for the owner's answer: a client's reset meanwhile is no error of ours.
    guardSocket(socket, 'upgrade');
    void (async () => {
      let holder: string | undefined;
      try {
        holder = await this.deps.holderOf(route.roomId);
      } catch (error) {
        this.deps.log('warn', 'could not look up the owner of a provider socket’s conversation', {
          error: (error as Error).message,
        });
      }
      const decision = routeDecision(holder, this.deps.nodeId, false);
      if (decision.serve === 'here') {
        local();
        return;
      }
      const signature = request.headers['x-twilio-signature'];
      const link = await this.deps.openRelay(decision.node, {
        conn: randomId(24),
        roomId: route.roomId,
        address: request.socket.remoteAddress ?? '',
        kind: route.kind,
        url: request.url ?? '/',
        ...(typeof signature === 'string' ? { signature } : {}),
      });
      if (!link) {
        refuseUpgrade(socket, 401);
        return;
      }
      if (socket.destroyed) {
        link.abandon();
        return;
      }
      acceptUpgrade(this.sockets, request, socket, head, (ws) => link.attach(ws, []));
    })().catch((error: Error) => {
      this.deps.log('warn', 'a provider socket could not be relayed', { error: error.message });
      dropUpgrade(socket);
    });
    return true;
  }

  /** No more relayed provider sockets (the node is closing). */
  close(): void {
    this.sockets.close();
  }
}
