/**
 * One node of a cluster: it owns some rooms (leases, lease.ts and lease-store.ts) and serves
 * every socket that reaches it. A socket's first connection-params names its room; the room's
 * owner serves it: this node (the connection code runs on the socket itself), or another node,
 * reached through NATS (this node relays frames both ways, front.ts, and the owner runs the
 * same connection code on a RelayedSocket). A room without an owner (new, or its owner died
 * and its lease lapsed) is taken by the node the socket reached, from the stored transcript.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { randomId } from '../../shared/ids';
import type { Database } from '../db/schema';
import type { WriteGuard } from '../transcripts/repository';
import type { RoomRegistry } from '../rooms/registry';
import type { ConnectionSocket } from '../socket/transport';
import { acceptUpgrade, dropUpgrade, guardSocket, refuseUpgrade } from '../safety/raw-sockets';
import type { ClusterConfig } from './config';
import { LeaseKeeper } from './lease';
import { PostgresLeaseStore, fenceCheck } from './lease-store';
import { NatsConnection, NatsTimeout } from './nats';
import { RelayedSocket } from './relayed-socket';
import {
  type OpenRequest,
  FrameJoiner,
  framesOf,
  inSubject,
  openSubject,
  outSubject,
  parseOpenRequest,
} from './relay-frames';
import {
  type ForwardedRequest,
  type ForwardedResponse,
  type ProviderSocketKind,
  httpSubject,
  parseForwardedRequest,
  parseForwardedResponse,
  providerSocketRoute,
  routeDecision,
} from './forwarding';
import { FrontRelay, type RelayLink, roomOfConnectionParams } from './front';
import type { Limit, RateLimiter } from '../http/address-limits';
import { RedisConnection } from './redis';
import { SharedLimiter } from './shared-limits';
import { SharedSocketGauge } from './address-sockets';
import { RedisSocketCountStore } from './redis-socket-counts';

type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

/** Runs the connection code on a socket (a client's own, or a relayed one). */
export type Serve = (socket: ConnectionSocket, address: string, origin?: string) => void;

/** Said to a client whose room moved to another node: it reconnects, and lands on the new owner. */
export const ROOM_MOVED_CLOSE = { code: 1012, reason: 'the conversation moved to another server; reconnect' };

/**
 * What the owner runs for work forwarded to it (forwarding.ts), attached once the server is
 * built: a forwarded HTTP request through its own routes and hooks, a provider's relayed media
 * socket after its handshake is checked, and which room a phone call of this node is in.
 */
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

/** Subjects of forwarded work (all internal, as the relay's). */
const HTTP_REPLY_PREFIX = 'hearken.cluster.http-reply';
const CALL_ROOM_SUBJECT = 'hearken.cluster.call-room';
/** A forwarded request waits this long: starting a call waits for the provider (15 s at most). */
const FORWARD_TIMEOUT_MS = 20_000;
/** What a forwarded request may carry (the forwarded routes' bodies are far smaller). */
export const MAX_FORWARDED_BODY_BYTES = 512 * 1024;
const MAX_FORWARDED_RESPONSE_BYTES = 64 * 1024 * 1024;
const CALL_ROOM_TIMEOUT_MS = 500;
/** A provider's media message (as the provider routes: a second of meeting audio is 43 KB). */
const PROVIDER_MESSAGE_LIMIT = 512 * 1024;

/** How long a join waits for a room's owner (or its lease to lapse) before it is refused. */
const ROUTE_PATIENCE_FACTOR = 2;
const OPEN_TIMEOUT_MS = 1500;
const RETRY_MS = 200;
/**
 * A node's socket counts (address-sockets.ts) stand this many lease lifetimes unless written
 * again, and are written again once per lease lifetime: two refreshes may fail in a row, and a
 * dead node's sockets stop counting a little after its rooms have moved.
 */
export const SOCKET_COUNT_TTL_LEASES = 3;

export class ClusterNode {
  readonly fence: WriteGuard;
  private registry: RoomRegistry | undefined;
  private serve: Serve | undefined;
  /** Sockets this node serves as their room's owner, by room. */
  private readonly pins = new Map<string, Set<ConnectionSocket>>();
  private readonly front: FrontRelay;
  private readonly redis: RedisConnection;
  private readonly gauges: SharedSocketGauge[] = [];
  private closing = false;
  private work: OwnerWork | undefined;
  private orphanTimer: ReturnType<typeof setInterval> | undefined;
  private readonly providerSockets = new WebSocketServer({
    noServer: true,
    maxPayload: PROVIDER_MESSAGE_LIMIT,
  });

  private constructor(
    readonly config: ClusterConfig,
    private readonly nats: NatsConnection,
    private readonly store: PostgresLeaseStore,
    readonly leases: LeaseKeeper,
    private readonly log: Log,
    private readonly closeLeaseDb: () => Promise<void>,
  ) {
    this.fence = fenceCheck((roomId) => this.leases.tokenOf(roomId));
    this.redis = new RedisConnection(new URL(config.redisUrl));
    this.front = new FrontRelay({
      nats,
      nodeId: config.nodeId,
      holders: (rooms) => store.holders(rooms),
      checkEveryMs: config.leaseRenewMs,
      log,
    });
    nats.subscribe(openSubject(config.nodeId), (message) => this.opened(message.data, message.replyTo));
    nats.subscribe(httpSubject(config.nodeId), (message) => void this.answer(message.data, message.replyTo));
    nats.subscribe(CALL_ROOM_SUBJECT, (message) => {
      const roomId = this.work?.callRoom(message.data.toString());
      if (roomId !== undefined && message.replyTo) nats.publish(message.replyTo, roomId);
    });
  }

  /**
   * `databaseUrl`: leases get their own two connections. Renewals must not queue behind the
   * server's other queries: a burst of joins busy on the shared pool for longer than the lease
   * would make a healthy owner give its rooms up.
   */
  static async start(config: ClusterConfig, databaseUrl: string, log: Log): Promise<ClusterNode> {
    const nats = await NatsConnection.connect(config.natsUrl, `hearken-${config.nodeId}`, log);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', (error) =>
      log('warn', 'a lease database connection failed; the pool opens another', { error: error.message }),
    );
    const leaseDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
    const node = new ClusterNode(config, nats, store, leases, log, () => leaseDb.destroy());
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
      `cluster node ${config.nodeId}: NATS at ${config.natsUrl}, leases of ${config.leaseTtlMs} ms`,
    );
    return node;
  }

  /** A rate limit counted across the cluster (cluster/shared-limits.ts). */
  limiter(name: string, limit: Limit): RateLimiter {
    return new SharedLimiter(this.redis, name, limit, (message, extra) => this.log('warn', message, extra));
  }

  /**
   * Open sockets per address counted across the cluster (cluster/address-sockets.ts). The
   * caller counts only the sockets whose TCP connection reached this node, so a relayed socket
   * counts once, on its front node.
   */
  socketGauge(limit: number): SharedSocketGauge {
    const gauge = new SharedSocketGauge({
      store: new RedisSocketCountStore(
        this.redis,
        this.config.nodeId,
        this.config.leaseTtlMs * SOCKET_COUNT_TTL_LEASES,
      ),
      limit,
      refreshEveryMs: this.config.leaseTtlMs,
      timers: {
        setInterval: (fn, ms) => setInterval(fn, ms).unref(),
        clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
      },
      warn: (message, extra) => this.log('warn', message, extra),
    });
    this.gauges.push(gauge);
    return gauge;
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
    let running = false;
    this.orphanTimer = setInterval(() => {
      if (running || this.closing) return;
      running = true;
      void (async () => {
        for (const roomId of await this.store.unownedRoomsWithMedia()) {
          if (this.closing) return;
          const result = await this.leases.acquire(roomId);
          if (!('token' in result) || !result.acquired) continue;
          if (this.registry?.liveRoom(roomId)) await this.registry.forget(roomId);
          this.log('info', 'took a conversation nobody owned, for its phone call or meeting bot', { roomId });
          await open(roomId).catch((error: Error) =>
            this.log('warn', 'could not open a conversation taken for its call or bot', {
              roomId,
              error: error.message,
            }),
          );
        }
      })()
        .catch((error: Error) =>
          this.log('warn', 'could not take the conversations of calls and bots nobody owns', {
            error: error.message,
          }),
        )
        .finally(() => (running = false));
    }, this.config.leaseTtlMs);
    this.orphanTimer.unref();
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
    const result = await this.leases.acquire(roomId);
    if (!('token' in result)) return result.holder;
    // A copy loaded before this lease (an HTTP read, or an earlier lease) may be stale.
    if (result.acquired && this.registry?.liveRoom(roomId)) await this.registry.forget(roomId);
    return this.config.nodeId;
  }

  /** Runs `request` on `node` (its answer), or undefined when it does not answer in time. */
  async forward(node: string, request: ForwardedRequest): Promise<ForwardedResponse | undefined> {
    const inbox = `${HTTP_REPLY_PREFIX}.${randomId(24)}`;
    const joiner = new FrameJoiner(MAX_FORWARDED_RESPONSE_BYTES);
    let sub: { unsubscribe(): void } | undefined;
    try {
      return await new Promise<ForwardedResponse | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), FORWARD_TIMEOUT_MS);
        sub = this.nats.subscribe(inbox, (message) => {
          const whole = joiner.push(message.data);
          if (!whole) return;
          clearTimeout(timer);
          resolve(parseForwardedResponse(whole.subarray(1)));
        });
        this.nats.publish(httpSubject(node), JSON.stringify(request), inbox);
      });
    } finally {
      sub?.unsubscribe();
    }
  }

  /** The room of a phone call some node of the cluster has (undefined: none answers). */
  async callRoom(sid: string): Promise<string | undefined> {
    try {
      return (await this.nats.request(CALL_ROOM_SUBJECT, sid, CALL_ROOM_TIMEOUT_MS)).toString();
    } catch (error) {
      if (error instanceof NatsTimeout) return undefined;
      throw error;
    }
  }

  /** A forwarded request: run here, its answer sent back in parts. */
  private async answer(data: Buffer, replyTo: string | undefined): Promise<void> {
    if (!replyTo?.startsWith(`${HTTP_REPLY_PREFIX}.`)) return;
    const request = parseForwardedRequest(data);
    let response: ForwardedResponse;
    if (!request || !this.work || this.closing) {
      response = { status: 503, headers: {}, body: '' };
    } else {
      try {
        response = await this.work.inject(request);
      } catch (error) {
        this.log('warn', 'a forwarded request failed', { error: (error as Error).message });
        response = { status: 500, headers: {}, body: '' };
      }
    }
    for (const part of framesOf(0, JSON.stringify(response))) this.nats.publish(replyTo, part);
  }

  /**
   * A provider's media socket (its path names its room, forwarding.ts): false when the upgrade
   * is not one. Served here (`local`) when this node owns the room or nobody does, else relayed
   * to the owner once it checked the handshake (refused 401 when it did not accept it).
   */
  routeProviderSocket(request: IncomingMessage, socket: Duplex, head: Buffer, local: () => void): boolean {
    const route = providerSocketRoute(request.url);
    if (!route) return false;
    // Waiting for the owner's answer: a client's reset meanwhile is no error of ours.
    guardSocket(socket, 'upgrade');
    void (async () => {
      let holder: string | undefined;
      try {
        holder = (await this.store.holder(route.roomId))?.node;
      } catch (error) {
        this.log('warn', 'could not look up the owner of a provider socket’s conversation', {
          error: (error as Error).message,
        });
      }
      const decision = routeDecision(holder, this.config.nodeId, false);
      if (decision.serve === 'here') {
        local();
        return;
      }
      const signature = request.headers['x-twilio-signature'];
      const link = await this.front.open(decision.node, {
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
      acceptUpgrade(this.providerSockets, request, socket, head, (ws) => link.attach(ws, []));
    })().catch((error: Error) => {
      this.log('warn', 'a provider socket could not be relayed', { error: error.message });
      dropUpgrade(socket);
    });
    return true;
  }

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
      if (early.length > 64) {
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
            this.pin(roomId, ws);
            this.serve?.(ws, address, origin);
            replaying = true;
            for (const m of early.splice(0)) ws.emit('message', m.data, m.isBinary);
            replaying = false;
          } else link.attach(ws, early.splice(0));
        },
        (error: Error) => {
          this.log('warn', 'could not find a node for a conversation', { roomId, error: error.message });
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
    const deadline = performance.now() + this.config.leaseTtlMs * ROUTE_PATIENCE_FACTOR + OPEN_TIMEOUT_MS;
    for (;;) {
      const result = await this.leases.acquire(roomId);
      if ('token' in result) {
        // A copy loaded before this lease (an HTTP read, or an earlier lease) may be stale.
        if (result.acquired && this.registry?.liveRoom(roomId)) await this.registry.forget(roomId);
        return 'local';
      }
      if (result.holder && result.holder !== this.config.nodeId) {
        const link = await this.front.open(result.holder, request);
        if (link) return link;
      }
      if (performance.now() > deadline)
        throw new Error(`no node could serve it (held by ${result.holder ?? 'nobody'})`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  /** An open request from a front node: serve the relayed socket if this node owns the room. */
  private opened(data: Buffer, replyTo: string | undefined): void {
    const request = parseOpenRequest(data);
    if (!replyTo) return;
    if (request === undefined) {
      this.nats.publish(replyTo, JSON.stringify({ ok: false, reason: 'bad request' }));
      return;
    }
    if (this.closing || !this.serve || !this.leases.tokenOf(request.roomId)) {
      this.nats.publish(replyTo, JSON.stringify({ ok: false, reason: 'not the owner' }));
      return;
    }
    const out = outSubject(request.conn);
    const socket = new RelayedSocket(
      (frame) => this.nats.publish(out, frame),
      () => this.nats.bufferedBytes,
    );
    const sub = this.nats.subscribe(inSubject(request.conn), (m) => socket.deliver(m.data));
    if (request.kind) {
      // A provider's socket: its handshake is checked here, where its call or bot is.
      const handshake = {
        url: request.url ?? '/',
        ...(request.signature !== undefined ? { signature: request.signature } : {}),
      };
      if (!this.work?.providerSocket(request.kind, socket, handshake)) {
        sub.unsubscribe();
        this.nats.publish(replyTo, JSON.stringify({ ok: false, reason: 'refused' }));
        return;
      }
    }
    this.pin(request.roomId, socket);
    socket.on('close', () => sub.unsubscribe());
    if (!request.kind) this.serve(socket, request.address, request.origin);
    this.nats.publish(replyTo, JSON.stringify({ ok: true }));
  }

  private pin(roomId: string, socket: ConnectionSocket): void {
    let set = this.pins.get(roomId);
    if (!set) this.pins.set(roomId, (set = new Set()));
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0 && this.pins.get(roomId) === set) this.pins.delete(roomId);
    });
  }

  private wanted(roomId: string): boolean {
    return (this.pins.get(roomId)?.size ?? 0) > 0 || this.registry?.liveRoom(roomId) !== undefined;
  }

  /** The lease is gone: nobody is served from this copy any more; they reconnect to the new owner. */
  private lost(roomId: string): void {
    for (const socket of this.pins.get(roomId) ?? [])
      socket.close(ROOM_MOVED_CLOSE.code, ROOM_MOVED_CLOSE.reason);
    this.pins.delete(roomId);
    void this.registry?.forget(roomId);
  }

  /** Before the rooms close: no new relayed sockets; after: leases given up for others to take. */
  beginClose(): void {
    this.closing = true;
    clearInterval(this.orphanTimer);
    this.front.close();
    this.providerSockets.close();
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.orphanTimer);
    this.front.close();
    await this.leases.close();
    await this.nats.close();
    await Promise.all(this.gauges.map((gauge) => gauge.stop()));
    this.redis.close();
    await this.closeLeaseDb();
  }
}
