/**
 * The one `'upgrade'` listener of the HTTP server: which WebSocket path an upgrade is for, and
 * who takes it. The socket is guarded first (safety/raw-sockets.ts), before any path is looked
 * at or any await: from the moment Node hands it over, a client's reset is an error we handle.
 *
 * In order: a provider's media socket whose room another node owns is relayed there (cluster
 * mode); the meeting bot's audio and the phone call's media stream are served where they are
 * checked (their own 401s); the caption socket (`/ws`) is counted per client address (429 past
 * the limit, across the cluster in cluster mode) and handed to the connection code; any other
 * path answers 404.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { SOCKET_PATH } from '../../shared/protocol';
import type { SocketGauge } from '../cluster';
import { acceptUpgrade, guardSocket, refuseUpgrade } from '../safety';

/** Takes an upgrade on its own path; false when the path is not its own. */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

export interface UpgradeRouterDeps {
  /** The providers' sockets (meeting bot audio, phone media): each knows its own path. */
  providerPaths: readonly UpgradeHandler[];
  /**
   * Cluster mode: relays a provider's socket to its room's owner (true: it took the upgrade),
   * or calls `local` to serve it here.
   */
  routeProviderSocket?(request: IncomingMessage, socket: Duplex, head: Buffer, local: () => void): boolean;
  /** Open caption sockets per client address. */
  sockets: SocketGauge;
  /** The client's address (X-Forwarded-For only from a trusted proxy). */
  clientAddress(request: IncomingMessage): string;
  /** A caption socket, open: served here, or (cluster mode) relayed to its room's owner. */
  accept(ws: WebSocket, address: string, origin: string | undefined): void;
  /** Largest message a caption socket may send. */
  maxPayload: number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

export interface UpgradeRouter {
  /** The caption sockets open now (closed at shutdown). */
  readonly clients: Set<WebSocket>;
  close(): void;
}

/** The origin invite links are built from: the browser's, or the Host it asked for. */
function originOf(request: IncomingMessage): string | undefined {
  const given = request.headers.origin;
  // Room links are web links: the desktop app's pages (app://hearken) are no origin to invite people to.
  if (typeof given === 'string' && /^https?:\/\//.test(given)) return given;
  const host = request.headers.host;
  return host ? `http://${host}` : undefined;
}

export function attachUpgradeRouter(server: Server, deps: UpgradeRouterDeps): UpgradeRouter {
  const wss = new WebSocketServer({ noServer: true, maxPayload: deps.maxPayload });

  const provider = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean =>
    deps.providerPaths.some((take) => take(request, socket, head));

  const captionSocket = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const address = deps.clientAddress(request);
    const admission = deps.sockets.open(address);
    if (typeof admission === 'boolean') upgrade(admission);
    else {
      // Asking the other nodes takes a round trip; the socket is guarded meanwhile.
      void admission.then(upgrade, (error: Error) => {
        deps.log('warn', 'could not count a socket across the cluster', { error: error.message });
        refuseUpgrade(socket, 503);
      });
    }

    function upgrade(admitted: boolean): void {
      if (!admitted) {
        refuseUpgrade(socket, 429);
        return;
      }
      let counted = true;
      const uncount = () => {
        if (!counted) return;
        counted = false;
        deps.sockets.close(address);
      };
      if (socket.destroyed) {
        uncount();
        return;
      }
      socket.once('close', uncount);
      acceptUpgrade(wss, request, socket, head, (ws) => {
        ws.once('close', uncount);
        deps.accept(ws, address, originOf(request));
      });
    }
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    guardSocket(socket, 'upgrade');
    const path = (request.url ?? '').split('?')[0];
    const local = () => {
      if (!provider(request, socket, head)) refuseUpgrade(socket, 404);
    };
    if (deps.routeProviderSocket?.(request, socket, head, local)) return;
    if (provider(request, socket, head)) return;
    if (path !== SOCKET_PATH) {
      refuseUpgrade(socket, 404);
      return;
    }
    captionSocket(request, socket, head);
  });

  return {
    clients: wss.clients,
    close: () => wss.close(),
  };
}
