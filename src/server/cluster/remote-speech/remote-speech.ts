/**
 * Speech decoded where there is capacity (docs/cluster.md): this node's part in it, both ways.
 * It publishes its decoders' load, keeps every node's (the LoadBoard), places on another node a
 * speaker its own pool has no room for (PlacedStream), serves other nodes' streams on its pool
 * (DecoderService), and moves its placed streams off a node that stops being heard from.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { PoolStream, PoolStreamHandlers, SpeechPool } from '../../../native/speech/pool';
import type { ServerLimits } from '../../limits';
import type { NatsConnection, Subscription } from '../nats';
import { DecoderService } from './decoder-service';
import { decode, encode, LOAD_SUBJECT, ownerSubject, serveSubject, type ToOwner } from './messages';
import { PlacedStream, type Placer, type Target } from './placed-stream';
import { chooseNode, LOAD_EVERY_MS, LoadBoard, loadOf, type NodeLoad } from './placement';
import { randomId } from '../../../shared/ids';

export interface RemoteSpeechDeps {
  nats: Pick<NatsConnection, 'publish' | 'subscribe'>;
  nodeId: string;
  pool: Pick<SpeechPool, 'openStreams' | 'hasRoom' | 'status' | 'open' | 'decoderLoad'>;
  limits: Pick<ServerLimits, 'maxDecoders' | 'speechLoadLimit'>;
  log: (level: 'info' | 'warn', message: string, extra?: object) => void;
  /** Where its counts are scraped (GET /metrics). */
  registry?: Registry;
}

function isNodeLoad(value: unknown): value is NodeLoad {
  const v = value as NodeLoad;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.node === 'string' &&
    typeof v.open === 'number' &&
    typeof v.cap === 'number' &&
    typeof v.free === 'number'
  );
}

export class RemoteSpeech {
  private readonly board = new LoadBoard();
  private readonly decoder: DecoderService;
  /** Placed streams by their current route. */
  private readonly routes = new Map<string, PlacedStream>();
  private readonly subscriptions: Subscription[] = [];
  private readonly timer: NodeJS.Timeout;
  private nextRoute = 1;
  /** Distinguishes this run's routes from an earlier run's of the same node name. */
  private readonly run = randomId(6);
  private closed = false;
  /** Serving other nodes' streams (until the node drains). */
  private serving = true;
  /** Speakers of this node's rooms placed on another node since start. */
  placedElsewhere = 0;
  private readonly placedCounter: Counter | undefined;

  constructor(private readonly deps: RemoteSpeechDeps) {
    this.decoder = new DecoderService(deps, this.board);
    const { nats, nodeId } = deps;
    this.subscriptions.push(
      nats.subscribe(LOAD_SUBJECT, (m) => this.heard(m.data)),
      nats.subscribe(serveSubject(nodeId), (m) => {
        if (this.serving) this.decoder.received(m.data);
      }),
      nats.subscribe(ownerSubject(nodeId), (m) => this.fromDecoder(m.data)),
    );
    this.timer = setInterval(() => this.tick(), LOAD_EVERY_MS);
    this.timer.unref();
    if (deps.registry) {
      const registers = [deps.registry];
      this.placedCounter = new Counter({
        name: 'hearken_speech_streams_placed_elsewhere_total',
        help: "Speakers of this node's rooms decoded on another node (its own decoders were full)",
        registers,
      });
      const decoder = this.decoder;
      new Gauge({
        name: 'hearken_speech_streams_for_other_nodes',
        help: "Streams of other nodes' rooms this node decodes now",
        registers,
        collect() {
          this.set(decoder.serving);
        },
      });
    }
    this.publishLoad();
  }

  private now(): number {
    return performance.now();
  }

  private localHasRoom(): boolean {
    const { pool, limits } = this.deps;
    return pool.openStreams < limits.maxDecoders && pool.hasRoom(limits.speechLoadLimit);
  }

  private publishLoad(): void {
    const { pool, limits, nodeId } = this.deps;
    const load = loadOf(nodeId, {
      open: pool.openStreams,
      cap: limits.maxDecoders,
      // A draining node takes no stream of another's (its owners' heartbeat goes on).
      hasRoom: this.serving && pool.hasRoom(limits.speechLoadLimit),
      load: pool.decoderLoad,
    });
    this.deps.nats.publish(LOAD_SUBJECT, JSON.stringify(load));
  }

  private heard(data: Buffer): void {
    try {
      const load: unknown = JSON.parse(data.toString());
      if (isNodeLoad(load)) this.board.heard(load, this.now());
    } catch {
      // Not a load: ignored (every hearken.* subject is internal; nothing else publishes here).
    }
  }

  private fromDecoder(data: Buffer): void {
    const message = decode<ToOwner>(data);
    if (!message) return;
    this.routes.get(message.header.route)?.received(message.header);
  }

  private tick(): void {
    if (this.closed) return;
    const now = this.now();
    this.publishLoad();
    this.decoder.tick(now);
    // The heartbeat: a decoding node not heard from has its streams moved.
    for (const stream of new Set(this.routes.values())) {
      const node = stream.node;
      if (node !== undefined && !this.board.alive(node, now)) stream.move('not heard from');
    }
    this.board.prune(now);
  }

  private readonly placer: Placer = {
    target: (exclude) => this.target(exclude, true),
    openLocal: (engine, lang, handlers) => this.deps.pool.open(engine, lang, handlers),
    send: (node, message, body) => {
      const full = { ...message, owner: this.deps.nodeId } as Parameters<typeof encode>[0];
      this.deps.nats.publish(serveSubject(node), encode(full, body));
    },
    route: (route, stream) => {
      if (stream) this.routes.set(route, stream);
      else this.routes.delete(route);
    },
    newRouteId: () => `${this.run}-${this.nextRoute++}`,
    log: (message, extra) => this.deps.log('warn', message, extra),
  };

  private target(exclude: ReadonlySet<string>, homeFirst: boolean): Target | undefined {
    if (homeFirst && this.localHasRoom()) return { kind: 'local' };
    const node = chooseNode(this.board.live(this.now()), this.deps.nodeId, exclude);
    if (node === undefined) return undefined;
    this.board.reserve(node);
    return { kind: 'node', node };
  }

  /**
   * A stream for a speaker this node's own decoders have no room for, decoded on the node with
   * the most room; undefined when no node has room (the speaker is refused as before).
   */
  openElsewhere(engine: string, lang: string, handlers: PoolStreamHandlers): PoolStream | undefined {
    if (this.closed) return undefined;
    const status = this.deps.pool.status(engine);
    if (!status.ok) return undefined;
    const target = this.target(new Set(), false);
    if (!target) return undefined;
    this.placedElsewhere += 1;
    this.placedCounter?.inc();
    return new PlacedStream(this.placer, status.id, engine, lang, handlers, target);
  }

  /** Streams of other nodes decoded here now. */
  get servingForOthers(): number {
    return this.decoder.serving;
  }

  /** The node drains: streams decoded here for others move now (their owners are told). */
  stopServing(): void {
    this.serving = false;
    this.decoder.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.decoder.close();
    for (const s of this.subscriptions) s.unsubscribe();
  }
}
