/**
 * One node of a cluster: it owns some rooms (leases, lease.ts and lease-store.ts) and serves
 * every socket that reaches it. A socket's first connection-params names its room; the room's
 * owner serves it: this node (the connection code runs on the socket itself), or another node,
 * reached through NATS (this node relays frames both ways, front.ts, and the owner runs the
 * same connection code on a RelayedSocket). A room without an owner (new, or its owner died
 * and its lease lapsed) is taken by the node the socket reached, from the stored transcript.
 *
 * This file starts the node and wires its parts: client-sockets.ts (a client's socket routed to
 * its room's owner), owner-sockets.ts (sockets relayed here), provider-sockets.ts (a provider's
 * media socket), room-pins.ts (the sockets served as owner, closed when a lease is lost),
 * http-relay.ts (HTTP requests forwarded to the owner), unowned-media.ts (rooms whose call or
 * bot outlived their owner) and node-limits.ts (limits counted in Redis).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../db';
import type { WriteGuard } from '../transcripts';
import type { RoomRegistry } from '../rooms';
import type { ClusterConfig } from './config';
import { LeaseKeeper } from './lease';
import { clusterNameOf } from './cluster-name';
import { PostgresLeaseStore, fenceCheck } from './lease-store';
import { type NatsCounts, NatsConnection } from './nats';
import { RedisConnection } from './redis';
import { type ForwardedRequest, type ForwardedResponse, httpSubject } from './forwarding';
import { type OpenRequest, openSubject } from './relay-frames';
import { FrontRelay } from './front';
import type { Limit, RateLimiter } from '../http';
import type { SharedSocketGauge } from './address-sockets';
import type { OwnerWork, Serve } from './owner-work';
import { CALL_ROOM_SUBJECT, HttpRelay } from './http-relay';
import { RoomPins } from './room-pins';
import { ClientSocketRouter } from './client-sockets';
import { OwnerSockets } from './owner-sockets';
import { ProviderSocketRouter } from './provider-sockets';
import { UnownedMediaSweep } from './unowned-media';
import { NodeLimits } from './node-limits';
import { RemoteSpeech, type RemoteSpeechDeps } from './remote-speech/remote-speech';

export type { OwnerWork, Serve } from './owner-work';
export { MAX_FORWARDED_BODY_BYTES } from './http-relay';
export { SOCKET_COUNT_TTL_LEASES } from './node-limits';

type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

/** Said to a client whose room moved to another node: it reconnects, and lands on the new owner. */
export const ROOM_MOVED_CLOSE = { code: 1012, reason: 'the conversation moved to another server; reconnect' };

export class ClusterNode {
  readonly fence: WriteGuard;
  private registry: RoomRegistry | undefined;
  private serve: Serve | undefined;
  /** Sockets this node serves as their room's owner, by room. */
  private readonly pins = new RoomPins();
  private readonly front: FrontRelay;
  private readonly limits: NodeLimits;
  private readonly http: HttpRelay;
  private readonly clients: ClientSocketRouter;
  private readonly providers: ProviderSocketRouter;
  private readonly unownedMedia: UnownedMediaSweep;
  private closing = false;
  private work: OwnerWork | undefined;
  private remoteSpeech: RemoteSpeech | undefined;

  private constructor(
    readonly config: ClusterConfig,
    private readonly nats: NatsConnection,
    private readonly store: PostgresLeaseStore,
    readonly leases: LeaseKeeper,
    private readonly log: Log,
    private readonly closeLeaseDb: () => Promise<void>,
    redis: RedisConnection,
  ) {
    this.fence = fenceCheck((roomId) => this.leases.tokenOf(roomId));
    this.limits = new NodeLimits({
      redis,
      nodeId: config.nodeId,
      leaseTtlMs: config.leaseTtlMs,
      warn: (message, extra) => log('warn', message, extra),
    });
    this.front = new FrontRelay({
      nats,
      nodeId: config.nodeId,
      holders: (rooms) => store.holders(rooms),
      checkEveryMs: config.leaseRenewMs,
      log,
    });
    const openRelay = (node: string, request: OpenRequest) => this.front.open(node, request);
    const takeLease = (roomId: string) => this.takeLease(roomId);
    const ownerSockets = new OwnerSockets({
      nats,
      tokenOf: (roomId) => leases.tokenOf(roomId),
      serve: () => this.serve,
      work: () => this.work,
      closing: () => this.closing,
      pin: (roomId, socket) => this.pins.pin(roomId, socket),
    });
    this.http = new HttpRelay({ nats, work: () => this.work, closing: () => this.closing, log });
    // What other nodes ask of this one: to serve a relayed socket, to run a forwarded request,
    // which room a phone call is in.
    nats.subscribe(openSubject(config.nodeId), (message) =>
      ownerSockets.opened(message.data, message.replyTo),
    );
    nats.subscribe(
      httpSubject(config.nodeId),
      (message) => void this.http.answer(message.data, message.replyTo),
    );
    nats.subscribe(CALL_ROOM_SUBJECT, (message) => this.http.answerCallRoom(message));
    this.clients = new ClientSocketRouter({
      nodeId: config.nodeId,
      leaseTtlMs: config.leaseTtlMs,
      takeLease,
      openRelay,
      serveHere: (roomId, ws, address, origin) => {
        this.pins.pin(roomId, ws);
        this.serve?.(ws, address, origin);
      },
      log,
    });
    this.providers = new ProviderSocketRouter({
      nodeId: config.nodeId,
      holderOf: async (roomId) => (await store.holder(roomId))?.node,
      openRelay,
      log,
    });
    this.unownedMedia = new UnownedMediaSweep({
      everyMs: config.leaseTtlMs,
      unownedRoomsWithMedia: () => store.unownedRoomsWithMedia(),
      takeLease,
      closing: () => this.closing,
      log,
    });
  }

  /**
   * `databaseUrl`: leases get their own two connections. Renewals must not queue behind the
   * server's other queries: a burst of joins busy on the shared pool for longer than the lease
   * would make a healthy owner give its rooms up.
   */
  /** What readiness asks of this node (health/): NATS and Redis each answer a ping. */
  readinessChecks(): { name: string; check(): Promise<void> }[] {
    return [
      {
        name: 'nats',
        check: async () => {
          if (!this.nats.isConnected) throw new Error('not connected to NATS');
          await this.nats.flush();
        },
      },
      { name: 'redis', check: () => this.limits.ping() },
    ];
  }

  /**
   * Refuses (rejects, with a message naming NATS or Redis and why) when either refuses this
   * node's credentials or cannot be reached: a node that started without them would relay
   * nothing, or count its limits alone without a word.
   */
  static async start(config: ClusterConfig, databaseUrl: string, log: Log): Promise<ClusterNode> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', (error) =>
      log('warn', 'a lease database connection failed; the pool opens another', { error: error.message }),
    );
    const leaseDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    let nats: NatsConnection;
    let redis: RedisConnection;
    let cluster: string;
    try {
      cluster = await clusterNameOf(leaseDb, config.name);
      nats = await NatsConnection.connect(config.nats, `hearken-${config.nodeId}`, log, cluster);
    } catch (error) {
      await leaseDb.destroy().catch(() => {});
      throw error;
    }
    try {
      redis = await RedisConnection.connect(config.redis, cluster);
    } catch (error) {
      await nats.close().catch(() => {});
      await leaseDb.destroy().catch(() => {});
      throw error;
    }
    const store = new PostgresLeaseStore(leaseDb, config.nodeId, config.leaseTtlMs);
    // The keeper calls back into the node, which is made with the keeper.
    const late: { node?: ClusterNode } = {};
    const leases = new LeaseKeeper({
      store,
      clock: {
        now: () => performance.now(),
        setInterval: (fn, ms) => setInterval(fn, ms),
        clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
      },
      ttlMs: config.leaseTtlMs,
      renewEveryMs: config.leaseRenewMs,
      // Between this node's view and the database's: delivery and clock-rate differences.
      marginMs: 250,
      onLost: (roomId) => late.node?.lost(roomId),
      wanted: (roomId) => late.node?.wanted(roomId) ?? true,
      log,
    });
    const node = new ClusterNode(config, nats, store, leases, log, () => leaseDb.destroy(), redis);
    // A stalled event loop is what makes a healthy node lose its leases: said when it happens.
    let last = performance.now();
    const stallWatch = setInterval(() => {
      const now = performance.now();
      if (now - last > 1000)
        log('warn', 'the event loop stalled; room leases may lapse', {
          stalledMs: Math.round(now - last - 250),
        });
      last = now;
    }, 250);
    stallWatch.unref();
    late.node = node;
    log(
      'info',
      `cluster node ${config.nodeId} of cluster ${cluster}: NATS at ${config.nats.servers.join(', ')} (subjects hearken.${cluster}.*), Redis at ${config.redis.url}, leases of ${config.leaseTtlMs} ms`,
    );
    return node;
  }

  /** What went through this node's NATS connection (the server's metrics). */
  natsCounts(): NatsCounts {
    return this.nats.counts();
  }

  /** A rate limit counted across the cluster (cluster/shared-limits.ts). */
  limiter(name: string, limit: Limit): RateLimiter {
    return this.limits.limiter(name, limit);
  }

  /**
   * Open sockets per address counted across the cluster (cluster/address-sockets.ts). The
   * caller counts only the sockets whose TCP connection reached this node, so a relayed socket
   * counts once, on its front node.
   */
  socketGauge(limit: number): SharedSocketGauge {
    return this.limits.socketGauge(limit);
  }

  /** Every room some node owns now (live somewhere in the cluster). */
  leasedRooms(): Promise<string[]> {
    return this.store.leasedRooms();
  }

  /** The node holding the room's lease now, if any (what the relay and the tests look up). */
  ownerOf(roomId: string): Promise<string | undefined> {
    return this.store.holder(roomId).then((h) => h?.node);
  }

  /** The rooms and the connection code, once the server has built them. */
  attach(registry: RoomRegistry, serve: Serve): void {
    this.registry = registry;
    this.serve = serve;
  }

  /**
   * Takes, every lease lifetime, the rooms nobody owns that still have a call or a bot on (their
   * owner died and nobody came back to them): `open` loads such a room under this node's new
   * lease, which adopts its call and bot. Every node looks; the lease makes one of them win.
   */
  takeUnownedMedia(open: (roomId: string) => Promise<void>): void {
    this.unownedMedia.start(open);
  }

  /**
   * Speech decoded where there is capacity (remote-speech/): this node's pool serves other
   * nodes' streams, and its rooms' speakers it has no room for are placed on other nodes.
   */
  decodeSpeechAcrossNodes(deps: Omit<RemoteSpeechDeps, 'nats' | 'nodeId' | 'log'>): RemoteSpeech {
    this.remoteSpeech ??= new RemoteSpeech({
      ...deps,
      nats: this.nats,
      nodeId: this.config.nodeId,
      log: (level, message, extra) => this.log(level, message, extra),
    });
    return this.remoteSpeech;
  }

  /** What forwarded work runs on (forwarding.ts), once the server's routes exist. */
  attachOwnerWork(work: OwnerWork): void {
    this.work = work;
  }

  /**
   * The node that serves work on `roomId` now: with `take`, this one when it holds or takes the
   * lease (as a socket's join does), else the holder; without, the holder only (undefined: nobody).
   */
  async ownerFor(roomId: string, take: boolean): Promise<string | undefined> {
    if (!take) return (await this.store.holder(roomId))?.node;
    const result = await this.takeLease(roomId);
    return 'token' in result ? this.config.nodeId : result.holder;
  }

  /** Runs `request` on `node` (its answer), or undefined when it does not answer in time. */
  forward(node: string, request: ForwardedRequest): Promise<ForwardedResponse | undefined> {
    return this.http.forward(node, request);
  }

  /** The room of a phone call some node of the cluster has (undefined: none answers). */
  callRoom(sid: string): Promise<string | undefined> {
    return this.http.callRoom(sid);
  }

  /**
   * A provider's media socket (its path names its room, forwarding.ts): false when the upgrade
   * is not one. Served here (`local`) when this node owns the room or nobody does, else relayed
   * to the owner once it checked the handshake (refused 401 when it did not accept it).
   */
  routeProviderSocket(request: IncomingMessage, socket: Duplex, head: Buffer, local: () => void): boolean {
    return this.providers.route(request, socket, head, local);
  }

  /** A client socket that reached this node: served here or relayed to its room's owner. */
  accept(ws: WebSocket, address: string, origin?: string): void {
    this.clients.accept(ws, address, origin);
  }

  /**
   * This node's lease of the room, taken when nobody holds it, or who holds it. A copy loaded
   * before this lease (an HTTP read, or an earlier lease) may be stale: forgotten when the lease
   * is newly acquired.
   */
  private async takeLease(
    roomId: string,
  ): Promise<{ token: string; acquired: boolean } | { holder?: string }> {
    const result = await this.leases.acquire(roomId);
    if ('token' in result && result.acquired && this.registry?.liveRoom(roomId))
      await this.registry.forget(roomId);
    return result;
  }

  private wanted(roomId: string): boolean {
    return this.pins.has(roomId) || this.registry?.liveRoom(roomId) !== undefined;
  }

  /** The lease is gone: nobody is served from this copy any more; they reconnect to the new owner. */
  private lost(roomId: string): void {
    this.pins.closeAll(roomId, ROOM_MOVED_CLOSE.code, ROOM_MOVED_CLOSE.reason);
    void this.registry?.forget(roomId);
  }

  /** Before the rooms close: no new relayed sockets; after: leases given up for others to take. */
  beginClose(): void {
    this.closing = true;
    this.unownedMedia.stop();
    this.front.close();
    this.providers.close();
    this.remoteSpeech?.stopServing();
  }

  async close(): Promise<void> {
    this.closing = true;
    this.unownedMedia.stop();
    this.front.close();
    await this.leases.close();
    this.remoteSpeech?.close();
    await this.nats.close();
    await this.limits.close();
    await this.closeLeaseDb();
  }
}
