/**
 * The realtime socket on the HTTP server: each caption socket is admitted (open sockets per
 * address), then served here (connection.ts) or, in cluster mode, relayed to its room's owner;
 * the providers' sockets (meeting bot audio, phone media) go to their own handlers. The limits
 * every connection shares are made here, once.
 */
import type { Server as HttpServer } from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from './db';
import type { ServerConfig } from './config';
import {
  type ClusterNode,
  LocalSocketGauge,
  type SocketGauge,
  liveRoomsHostedBy as liveRoomsHostedByInCluster,
  liveRoomsAcrossCluster,
  limiterFor,
} from './cluster';
import { AddressLimiter, clientAddressOf } from './http';
import { perAddressOf, type ServerLimits } from './limits';
import {
  handleConnection,
  IdentitySockets,
  type ConnectionDeps,
  type ConnectionSocket,
  attachUpgradeRouter,
  type UpgradeHandler,
  type UpgradeRouter,
} from './socket';

/** What a caption socket may send in one message. */
export const MAX_SOCKET_PAYLOAD_BYTES = 1024 * 1024;

type SharedLimits = Pick<
  ConnectionDeps,
  'roomCreations' | 'transcriptPages' | 'boostChanges' | 'lineEdits' | 'typedLines' | 'identitySockets'
>;

/** The limiters every connection shares. */
export function connectionLimiters(
  limits: Pick<
    ServerLimits,
    | 'roomCreations'
    | 'transcriptPages'
    | 'boostChanges'
    | 'lineEdits'
    | 'typedMessages'
    | 'socketsPerIdentity'
  >,
  cluster: Pick<ClusterNode, 'limiter'> | undefined,
): SharedLimits {
  return {
    // Cluster mode: counted across the nodes, wherever the person's sockets are.
    roomCreations: limiterFor(cluster, 'room-creations', limits.roomCreations),
    // A room's pages are served by its owner, so these are counted where the room is; per
    // address ten times as many (a venue behind one address).
    transcriptPages: {
      identity: new AddressLimiter(limits.transcriptPages),
      address: new AddressLimiter(perAddressOf(limits.transcriptPages)),
    },
    // A person's own list, changed on the node their socket is on.
    boostChanges: new AddressLimiter(limits.boostChanges),
    // Typed lines and sockets per identity, on the node the sockets are on (issue 29 F-02).
    typedLines: new AddressLimiter(limits.typedMessages),
    identitySockets: new IdentitySockets(limits.socketsPerIdentity),
    // Edits are served by the room's owner too: counted there, per identity whatever its sockets.
    lineEdits: {
      identity: new AddressLimiter(limits.lineEdits),
      address: new AddressLimiter(perAddressOf(limits.lineEdits)),
    },
  };
}

export interface SocketServerDeps {
  /** Everything a connection is given but its own address and what is made here. */
  connection: Omit<ConnectionDeps, 'address' | keyof SharedLimits | 'liveRoomsHostedBy'>;
  cluster: ClusterNode | undefined;
  /** Cluster mode: a host's live rooms on every node are counted from the leases stored here. */
  db: Kysely<Database>;
  /** The providers' sockets (meeting bot audio, phone media): each knows its own path. */
  providerPaths: readonly UpgradeHandler[];
  trustProxy: ServerConfig['trustProxy'];
}

export function attachSocketServer(server: HttpServer, deps: SocketServerDeps): UpgradeRouter {
  const { connection, cluster } = deps;
  const { registry, limits, log } = connection;
  const shared = connectionLimiters(limits, cluster);
  const liveRoomsHostedBy = cluster
    ? liveRoomsAcrossCluster({
        countInCluster: (avaId) => liveRoomsHostedByInCluster(deps.db, avaId),
        countHere: (avaId) => registry.liveRoomsHostedBy(avaId),
        log,
      })
    : undefined;
  /** The connection code, on a client's socket or (cluster mode) one relayed from another node. */
  const serve = (socket: ConnectionSocket, address: string, origin?: string) =>
    handleConnection(
      socket,
      { ...connection, ...shared, address, ...(liveRoomsHostedBy ? { liveRoomsHostedBy } : {}) },
      origin,
    );
  cluster?.attach(registry, serve);
  // A room whose owner died with a call or a bot on and nobody to come back to it: one node
  // takes it (its call and bot move with it); if they had ended meanwhile, it leaves memory as
  // any empty room does.
  cluster?.takeUnownedMedia(async (roomId) => {
    const room = await registry.open(roomId, { avaId: '', userName: '' });
    registry.released(room);
  });

  // Cluster mode: counted across the nodes, here where the client's TCP connection is.
  const sockets: SocketGauge =
    cluster?.socketGauge(limits.socketsPerAddress) ?? new LocalSocketGauge(limits.socketsPerAddress);
  return attachUpgradeRouter(server, {
    providerPaths: deps.providerPaths,
    ...(cluster ? { routeProviderSocket: cluster.routeProviderSocket.bind(cluster) } : {}),
    sockets,
    clientAddress: clientAddressOf(deps.trustProxy),
    accept: (ws, address, origin) =>
      cluster ? cluster.accept(ws, address, origin) : serve(ws, address, origin),
    maxPayload: MAX_SOCKET_PAYLOAD_BYTES,
    log,
  });
}
