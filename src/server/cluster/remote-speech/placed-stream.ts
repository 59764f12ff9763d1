/**
 * The owner's side of a stream decoded off the room's owner: to the room it is a PoolStream like
 * any other. Its audio goes to the node it is placed on and its results come back renumbered
 * and retimed onto the stream's own clock, so the room's sequencing and persistence (AudioTrack,
 * local agreement, the sequencer) never know where it was decoded. It keeps the audio since its
 * last final: when the decoding node dies, refuses it or forgets it, the stream is placed again
 * (on another node, or here when there is room) from its last final, that audio replayed, as
 * the speech pool does for its boost host (native/speech/pool.ts).
 */
import { SAMPLE_RATE_HZ } from '../../../shared/constants';
import type { PoolStream, PoolStreamHandlers } from '../../../native/speech/pool';
import type { RecognizerEvent } from '../../../native/speech/types';
import type { ToDecoder, ToOwner } from './messages';

/** At most this much audio is kept for a replay (a line is at most 20 s). */
const REPLAY_MAX_SAMPLES = 30 * SAMPLE_RATE_HZ;

/** Where a placement can go, as the placer (remote-speech.ts) decides it. */
export type Target = { kind: 'local' } | { kind: 'node'; node: string };

/** What a placed stream asks of the node it lives on. */
export interface Placer {
  /** Where the stream goes now, avoiding `exclude`; undefined: nowhere has room. */
  target(exclude: ReadonlySet<string>): Target | undefined;
  /** Opens a stream in this node's own pool (when the stream comes home). */
  openLocal(engine: string, lang: string, handlers: PoolStreamHandlers): PoolStream;
  /** Sends to a decoding node; a distributive omit keeps each message's own fields. */
  send(node: string, message: DistributiveOmit<ToDecoder, 'owner'>, body?: Int16Array): void;
  /** Routes results of `route` to `stream` (undefined: forget the route). */
  route(route: string, stream: PlacedStream | undefined): void;
  newRouteId(): string;
  log(message: string, extra?: object): void;
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

interface Route {
  id: string;
  target: Target;
  local?: PoolStream;
  /** Added to the backend's segment numbers and times, so a moved stream carries on. */
  segmentBase: number;
  fromSample: number;
  /** Samples of this route decoded (reported by the decoding node). */
  processed: number;
}

export class PlacedStream implements PoolStream {
  private route: Route | undefined;
  private written = 0;
  private lastFinalSegment = -1;
  private replay = { from: 0, chunks: [] as Int16Array[], samples: 0 };
  private words: string[] = [];
  private closed = false;
  private released = false;
  private onClosed: (() => void) | undefined;
  /** Nodes that refused or lost this stream: not tried again for it. */
  private readonly excluded = new Set<string>();
  /** Times it moved (tests, logs). */
  moves = 0;

  constructor(
    private readonly placer: Placer,
    readonly engineId: string,
    private readonly engine: string,
    private readonly lang: string,
    private readonly handlers: PoolStreamHandlers,
    first: Target,
  ) {
    this.openRoute(first, 0, 0);
  }

  /** The node decoding it now (undefined: this one). */
  get node(): string | undefined {
    return this.route?.target.kind === 'node' ? this.route.target.node : undefined;
  }

  get backlogSamples(): number {
    const route = this.route;
    if (!route) return 0;
    if (route.local) return route.local.backlogSamples;
    return Math.max(0, this.written - route.fromSample - route.processed);
  }

  write(samples: Int16Array): void {
    if (this.closed || this.released || !this.route) return;
    const copy = new Int16Array(samples);
    this.written += copy.length;
    this.keep(copy);
    this.sendAudio(this.route, copy);
  }

  flush(): void {
    const route = this.route;
    if (this.closed || !route) return;
    if (route.local) route.local.flush();
    else this.placer.send(this.nodeOf(route), { op: 'flush', route: route.id });
  }

  boost(words: readonly string[]): void {
    const route = this.route;
    this.words = [...words];
    if (this.closed || !route) return;
    if (route.local) route.local.boost(words);
    else this.placer.send(this.nodeOf(route), { op: 'boost', route: route.id, words: this.words });
  }

  close(): Promise<void> {
    if (this.closed || this.released || !this.route) return Promise.resolve();
    this.closed = true;
    const done = new Promise<void>((resolve) => (this.onClosed = resolve));
    this.closeRoute(this.route);
    return done;
  }

  /** What the decoding node said about route `id`. */
  received(message: ToOwner): void {
    const route = this.route;
    if (!route || message.route !== route.id) return;
    switch (message.op) {
      case 'events':
        route.processed = Math.max(route.processed, message.processed);
        for (const event of message.events) this.deliver(route, event);
        break;
      case 'progress':
        route.processed = Math.max(route.processed, message.processed);
        break;
      case 'closed':
        this.release();
        break;
      case 'error':
        this.fail(`speech recognition failed on node ${this.nodeOf(route)}: ${message.message}`);
        break;
      case 'refused':
      case 'gone':
        this.move(message.op === 'refused' ? `refused (${message.reason})` : 'no longer known there');
        break;
    }
  }

  /**
   * The decoding node is gone (not heard from, refused, forgot the stream): the stream goes on
   * from its last final elsewhere, that audio decoded again.
   */
  move(reason: string): void {
    const old = this.route;
    if (!old || this.released || old.target.kind !== 'node') return;
    this.excluded.add(old.target.node);
    this.placer.route(old.id, undefined);
    // A node wrongly taken for dead frees the slot; a dead one never reads it.
    this.placer.send(old.target.node, { op: 'abort', route: old.id });
    const next = this.placer.target(this.excluded);
    if (!next) {
      this.route = undefined;
      this.fail(`the node decoding this speaker (${old.target.node}) is ${reason} and no node has room`);
      return;
    }
    this.moves += 1;
    this.placer.log('a speech stream moved to another node', {
      from: old.target.node,
      to: next.kind === 'node' ? next.node : 'this node',
      reason,
      replayedMs: Math.round((this.replay.samples * 1000) / SAMPLE_RATE_HZ),
    });
    const route = this.openRoute(next, this.lastFinalSegment + 1, this.replay.from);
    for (const chunk of this.replay.chunks) this.sendAudio(route, chunk);
    if (this.closed) this.closeRoute(route);
  }

  private nodeOf(route: Route): string {
    return route.target.kind === 'node' ? route.target.node : 'this node';
  }

  private openRoute(target: Target, segmentBase: number, fromSample: number): Route {
    const route: Route = { id: this.placer.newRouteId(), target, segmentBase, fromSample, processed: 0 };
    this.route = route;
    if (target.kind === 'local') {
      route.local = this.placer.openLocal(this.engine, this.lang, {
        onEvent: (event) => {
          if (this.route === route) this.deliver(route, event);
        },
        onError: (message) => {
          if (this.route === route) this.fail(message);
        },
      });
      if (this.words.length > 0) route.local.boost(this.words);
    } else {
      this.placer.route(route.id, this);
      this.placer.send(target.node, {
        op: 'open',
        route: route.id,
        engine: this.engine,
        lang: this.lang,
        words: this.words,
      });
    }
    return route;
  }

  private closeRoute(route: Route): void {
    if (route.local) void route.local.close().then(() => this.release());
    else this.placer.send(this.nodeOf(route), { op: 'close', route: route.id });
  }

  private sendAudio(route: Route, samples: Int16Array): void {
    if (route.local) route.local.write(samples);
    else this.placer.send(this.nodeOf(route), { op: 'audio', route: route.id }, samples);
  }

  /** Keeps the audio since the last final (the replay of a move). */
  private keep(samples: Int16Array): void {
    const replay = this.replay;
    replay.chunks.push(samples);
    replay.samples += samples.length;
    while (replay.samples > REPLAY_MAX_SAMPLES && replay.chunks.length > 1) {
      const dropped = replay.chunks.shift()!;
      replay.samples -= dropped.length;
      replay.from += dropped.length;
    }
  }

  private dropReplayBefore(sample: number): void {
    const replay = this.replay;
    while (replay.chunks.length > 0 && replay.from + replay.chunks[0]!.length <= sample) {
      const dropped = replay.chunks.shift()!;
      replay.samples -= dropped.length;
      replay.from += dropped.length;
    }
  }

  /** Gives the room an event renumbered and retimed onto the stream's own clock. */
  private deliver(route: Route, event: RecognizerEvent): void {
    const msOffset = Math.round((route.fromSample * 1000) / SAMPLE_RATE_HZ);
    const at = (ms: number) => ms + msOffset;
    const mapped: RecognizerEvent = {
      ...event,
      segment: event.segment + route.segmentBase,
      startMs: at(event.startMs),
      endMs: at(event.endMs),
      ...(event.words
        ? { words: event.words.map((w) => ({ ...w, startMs: at(w.startMs), endMs: at(w.endMs) })) }
        : {}),
    };
    if (mapped.kind === 'final') {
      this.lastFinalSegment = Math.max(this.lastFinalSegment, mapped.segment);
      this.dropReplayBefore(Math.round((mapped.endMs * SAMPLE_RATE_HZ) / 1000));
    }
    this.handlers.onEvent(mapped);
  }

  private fail(message: string): void {
    const route = this.route;
    if (route && !route.local) this.placer.route(route.id, undefined);
    const wasClosed = this.closed;
    this.release();
    if (!wasClosed) this.handlers.onError(message);
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    if (this.route && !this.route.local) this.placer.route(this.route.id, undefined);
    this.onClosed?.();
  }
}
