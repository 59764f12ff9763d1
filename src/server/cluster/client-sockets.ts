/**
 * A client's socket that reached this node (the front), routed by the room its first
 * connection-params names: served here when this node holds the room's lease or takes it (a
 * free room), else relayed through NATS to the room's owner (front.ts). What the client sends
 * before its room's owner is found is kept, and given to whichever serves it, in order.
 */
import type { WebSocket } from 'ws';
import { randomId } from '../../shared/ids';
import type { OpenRequest } from './relay-frames';
import { type RelayLink, roomOfConnectionParams } from './front';

/** How long a join waits for a room's owner (or its lease to lapse) before it is refused. */
const ROUTE_PATIENCE_FACTOR = 2;
const OPEN_TIMEOUT_MS = 1500;
const RETRY_MS = 200;
/** Messages kept before a connection-params names the room. */
const MAX_EARLY_MESSAGES = 64;

export interface ClientSocketDeps {
  nodeId: string;
  leaseTtlMs: number;
  /**
   * This node's lease of the room (taken when nobody holds it, a stale copy of the room
   * forgotten), or who holds it.
   */
  takeLease(roomId: string): Promise<{ token: string; acquired: boolean } | { holder?: string }>;
  /** Asks `node` to serve a relayed socket (front.ts); undefined when it does not accept. */
  openRelay(node: string, request: OpenRequest): Promise<RelayLink | undefined>;
  /** Serves the socket here, as the room's owner. */
  serveHere(roomId: string, ws: WebSocket, address: string, origin?: string): void;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

export class ClientSocketRouter {
  constructor(private readonly deps: ClientSocketDeps) {}

  /** A client socket that reached this node: served here or relayed to its room's owner. */
  accept(ws: WebSocket, address: string, origin?: string): void {
    const early: { data: Buffer; isBinary: boolean }[] = [];
    let routing = false;
    let replaying = false;
    let routedRoom: string | undefined;
    const onEarly = (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (replaying) return;
      const data = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as ArrayBuffer);
      if (routedRoom !== undefined) {
        // One room per socket here: another room's connection-params needs a new socket
        // (the client opens one per room anyway).
        const other = !isBinary ? roomOfConnectionParams(data) : undefined;
        if (other !== undefined && other !== routedRoom) ws.close(1008, 'one conversation per connection');
        return;
      }
      early.push({ data, isBinary });
      if (early.length > MAX_EARLY_MESSAGES) {
        ws.close(1008, 'connection-params first');
        return;
      }
      const roomId = !isBinary && !routing ? roomOfConnectionParams(data) : undefined;
      if (roomId === undefined) return;
      routing = true;
      const request = { conn: randomId(24), roomId, address, ...(origin ? { origin } : {}) };
      void this.route(roomId, request).then(
        (link) => {
          if (ws.readyState !== ws.OPEN) {
            // Gone while its owner was found: the owner is told, or it would wait for pongs.
            if (link !== 'local') link.abandon();
            return;
          }
          routedRoom = roomId;
          if (link === 'local') {
            this.deps.serveHere(roomId, ws, address, origin);
            replaying = true;
            for (const m of early.splice(0)) ws.emit('message', m.data, m.isBinary);
            replaying = false;
          } else link.attach(ws, early.splice(0));
        },
        (error: Error) => {
          this.deps.log('warn', 'could not find a node for a conversation', { roomId, error: error.message });
          ws.close(1013, 'the conversation is moving between servers; try again');
        },
      );
    };
    ws.on('message', onEarly);
  }

  /**
   * The node that serves `roomId` now: this one when it holds or takes the lease, else the
   * holder, once it answers. A dead holder's lease lapses within its TTL: waited for.
   */
  private async route(roomId: string, request: OpenRequest): Promise<'local' | RelayLink> {
    const deadline = performance.now() + this.deps.leaseTtlMs * ROUTE_PATIENCE_FACTOR + OPEN_TIMEOUT_MS;
    for (;;) {
      const result = await this.deps.takeLease(roomId);
      if ('token' in result) return 'local';
      if (result.holder && result.holder !== this.deps.nodeId) {
        const link = await this.deps.openRelay(result.holder, request);
        if (link) return link;
      }
      if (performance.now() > deadline)
        throw new Error(`no node could serve it (held by ${result.holder ?? 'nobody'})`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
