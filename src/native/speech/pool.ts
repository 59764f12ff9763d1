/**
 * A pool of speech worker threads. Each audio source gets one stream, pinned to the least busy
 * worker (its decoder state lives there). The server talks to streams asynchronously and never
 * waits on recognition.
 *
 * A PocketSphinx stream given a boost list moves to the boost host, a child process
 * (boost-host.ts, docs/boost.md "Isolation"): adding words to a live decoder is the one thing a
 * person's input does to native code that has crashed before, and a crash there ends that
 * process, not the server. Its streams then go on where their last final ended, from the audio
 * kept since (nothing said is lost), the list that was being decoded is not applied again, and
 * the crash is logged. Streams without a list never leave the threads.
 *
 * Its parts: worker-slot.ts (one worker thread and its load), boost-host-process.ts (the host's
 * process), stream-route.ts (a stream's route, replay and clock), pool-types.ts (its surface);
 * this file moves streams among them.
 */
import { SAMPLE_RATE_HZ } from '../../shared/constants';
import { BoostHostProcess, boostHostEngines, crashWarning } from './boost-host-process';
import { hasRoomForStream, LOAD_SAMPLE_MS } from './load';
import {
  dropReplayBefore,
  heldSamples,
  keepForReplay,
  listKey,
  newRoute,
  newStreamState,
  onStreamClock,
  takeReplay,
  type Route as RouteOn,
  type StreamState as StreamStateOn,
} from './stream-route';
import type { PoolStream, PoolStreamHandlers, SpeechPoolOptions } from './pool-types';
import type { RecognizerEvent } from './types';
import type { EngineStatus, FromWorker, ToWorker, WorkerInit } from './worker-protocol';
import {
  fewestStreams,
  sampleSlotLoad,
  shutDownWorker,
  startWorkerSlot,
  type WorkerSlot,
} from './worker-slot';

export type { PoolStream, PoolStreamHandlers, SpeechPoolOptions } from './pool-types';

/** A stream's backend: a worker thread (worker-slot.ts) or the boost host (boost-host-process.ts). */
type Backend = WorkerSlot | BoostHostProcess;
type Route = RouteOn<Backend>;
type StreamState = StreamStateOn<Backend>;

export class SpeechPool {
  private readonly slots: WorkerSlot[] = [];
  private readonly streams = new Map<number, StreamState>();
  /** Backend streams by their id (each stream has one at a time; a moved stream gets a new one). */
  private readonly routes = new Map<number, { state: StreamState; route: Route }>();
  private nextId = 1;
  private closed = false;
  private host: BoostHostProcess | undefined;
  /** Boost lists that were being decoded when the boost host died: never applied again. */
  private readonly crashedLists = new Set<string>();
  /** Which engine serves each name, as the workers reported when they loaded. */
  engines: Record<string, EngineStatus> = {};

  private constructor(private readonly options: SpeechPoolOptions) {}

  static async start(options: SpeechPoolOptions): Promise<SpeechPool> {
    const pool = new SpeechPool(options);
    for (let i = 0; i < Math.max(1, options.size); i++) pool.slots.push(pool.spawn());
    const statuses = await Promise.all(pool.slots.map((s) => s.ready));
    pool.engines = statuses[0] ?? {};
    pool.loadTimer = setInterval(() => pool.sampleLoad(), LOAD_SAMPLE_MS);
    pool.loadTimer.unref();
    return pool;
  }

  private loadTimer: NodeJS.Timeout | undefined;
  /** The smoothed share of a worker's time one stream takes on this machine now (load.ts). */
  private streamCost: number | undefined;

  /** Samples each worker's utilisation over the last period into the cost of a stream. */
  private sampleLoad(): void {
    for (const slot of this.slots) {
      if (!slot.exited) this.streamCost = sampleSlotLoad(slot, this.streamCost);
    }
  }

  /**
   * Whether the worker a new stream would go to can take it and stay under `limit` of its
   * time busy (load.ts). The server asks before opening a speaker's stream.
   */
  hasRoom(limit: number): boolean {
    return hasRoomForStream(fewestStreams(this.slots).streams, this.streamCost, limit);
  }

  /** Workers replaced: after an unexpected exit (an uncaught error, say) or a recycle. */
  restarts = 0;
  /** Times the boost host died while it had streams (for tests and logs). */
  boostHostCrashes = 0;

  /** The boost host's process id, while it runs (for tests). */
  get boostHostPid(): number | undefined {
    return this.host && !this.host.exited ? this.host.child.pid : undefined;
  }

  /** Whether `words` crashed the boost host and is no longer applied. */
  isCrashedList(words: readonly string[]): boolean {
    return this.crashedLists.has(listKey(words));
  }

  private replace(index: number): void {
    this.restarts += 1;
    this.slots[index] = this.spawn();
  }

  private spawn(): WorkerSlot {
    // Worker threads never add words to a PocketSphinx decoder (see pocketsphinxBoost).
    const init: WorkerInit = {
      engines: this.options.engines,
      warm: this.options.warm,
      pocketsphinxBoost: false,
    };
    const slot = startWorkerSlot(init, {
      onMessage: (m) => this.receive(m),
      onError: (error) => this.workerFailed(slot, error.message),
      onExit: (code) => {
        if (this.closed) return;
        // The slot gets a fresh worker first, so that streams reopened by the failed ones' owners
        // land on a live worker; then the failed streams' owners are told. A recycled worker has
        // been replaced already.
        const index = this.slots.indexOf(slot);
        if (index >= 0) this.replace(index);
        this.workerFailed(
          slot,
          slot.retiring ? 'speech worker was recycled' : `speech worker exited (code ${code})`,
        );
      },
    });
    return slot;
  }

  /** The boost host, started on first use with only the PocketSphinx engines. */
  private boostHost(): BoostHostProcess {
    if (this.host && !this.host.exited && !this.host.stopping) return this.host;
    const engines = boostHostEngines(this.options.engines, (name) => this.isPocketSphinx(name));
    const init: WorkerInit = { engines, warm: 1, pocketsphinxBoost: true };
    const host = BoostHostProcess.start(init, {
      onMessage: (m) => this.receive(m),
      onEnded: (reason) => this.hostDied(host, reason),
    });
    this.host = host;
    return host;
  }

  /** The engine for `name`, or the reason it cannot serve. */
  status(name: string): EngineStatus {
    return this.engines[name] ?? { ok: false, error: `no engine is configured for "${name}"` };
  }

  private isPocketSphinx(name: string): boolean {
    const status = this.status(name);
    return status.ok && status.id.startsWith('pocketsphinx');
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * The busiest worker's share of its time its streams take, as the load limit estimates it
   * (load.ts: streams times the measured cost of one); undefined before any measure. Metrics.
   */
  get decoderLoad(): number | undefined {
    if (this.streamCost === undefined) return undefined;
    const busiest = Math.max(0, ...this.slots.filter((s) => !s.exited).map((s) => s.streams));
    return busiest * this.streamCost;
  }

  /** Workers able to take a stream now (not exited, not retiring): readiness asks (health/). */
  get liveWorkers(): number {
    return this.closed ? 0 : this.slots.filter((s) => !s.exited && !s.retiring).length;
  }

  open(
    engine: string,
    lang: string,
    handlers: PoolStreamHandlers,
    options: { cmnMean?: number[] } = {},
  ): PoolStream {
    const status = this.status(engine);
    if (!status.ok) throw new Error(status.error);
    if (this.closed) throw new Error('speech pool is closed');
    const streamId = this.nextId++;
    const state: StreamState = newStreamState(streamId, engine, lang, handlers);
    if (options.cmnMean) state.cmnMean = options.cmnMean;
    this.streams.set(streamId, state);
    this.openRoute(state, fewestStreams(this.slots), 0, 0);
    // Gone: the pool closed, or the stream failed (its owner was told through onError).
    const gone = () => this.closed || !this.streams.has(streamId);
    return {
      engineId: status.id,
      get cmnMean() {
        return state.cmnMean;
      },
      get backlogSamples() {
        return state.backlog;
      },
      write: (samples) => {
        if (state.closed || gone()) return;
        // Copy into a buffer of our own so it can be transferred without detaching the caller's.
        const copy = new Int16Array(samples);
        state.backlog += copy.length;
        state.written += copy.length;
        keepForReplay(state.replay, copy);
        this.sendAudio(state, copy);
      },
      flush: () => {
        if (!state.closed && !gone() && state.route)
          this.postRoute(state.route, { op: 'flush', streamId: state.route.id });
      },
      boost: (words) => {
        if (!state.closed && !gone()) this.boost(state, [...words]);
      },
      close: () => {
        if (state.closed || gone()) return Promise.resolve();
        state.closed = true;
        // The worker flushes the last utterance, sends its results, then confirms with 'closed'.
        const done = new Promise<void>((resolve) => {
          state.onClosed = resolve;
        });
        // A stream moving between backends closes once it has arrived (see moveTo()).
        if (state.route) this.closeRoute(state.route);
        return done;
      },
    };
  }

  private boost(state: StreamState, words: string[]): void {
    state.words = words;
    const route = state.route;
    if (!route) return; // moving: the new backend gets state.words
    const wanted = words.length > 0 && !this.crashedLists.has(listKey(words));
    if ((this.options.pocketsphinxBoost ?? true) && this.isPocketSphinx(state.engine)) {
      if (route.backend === this.host) {
        this.postRoute(route, { op: 'boost', streamId: route.id, words: wanted ? words : [] });
      } else if (wanted) {
        // Off the thread: close it there (the line under way becomes final) and go on in the
        // boost host from the next sample.
        state.route = undefined;
        this.closeRoute(route);
      }
      return;
    }
    this.postRoute(route, { op: 'boost', streamId: route.id, words });
  }

  /** Opens the stream on `backend`, its results numbered and timed on from the given point. */
  private openRoute(state: StreamState, backend: Backend, segmentBase: number, fromSample: number): Route {
    const route = newRoute(this.nextId++, backend, segmentBase, fromSample);
    this.routes.set(route.id, { state, route });
    backend.streams += 1;
    state.route = route;
    this.postRoute(route, {
      op: 'open',
      streamId: route.id,
      engine: state.engine,
      lang: state.lang,
      ...(state.cmnMean ? { cmnMean: state.cmnMean } : {}),
    });
    return route;
  }

  private closeRoute(route: Route): void {
    if (route.closing) return;
    route.closing = true;
    this.postRoute(route, { op: 'close', streamId: route.id });
  }

  private sendAudio(state: StreamState, samples: Int16Array): void {
    const route = state.route;
    if (!route || route.closing) {
      state.held.push(samples);
      return;
    }
    route.sent += samples.length;
    const buffer = samples.buffer as ArrayBuffer;
    this.postRoute(route, { op: 'audio', streamId: route.id, samples: buffer }, [buffer]);
  }

  private postRoute(route: Route, message: ToWorker, transfer?: ArrayBuffer[]): void {
    if (this.closed) return;
    if (route.backend instanceof BoostHostProcess) route.backend.send(route.id, message);
    else route.backend.worker.postMessage(message, transfer);
  }

  private receive(message: FromWorker): void {
    if (message.op === 'ready') return;
    const entry = this.routes.get(message.streamId);
    if (!entry) return;
    const { state, route } = entry;
    if (message.op === 'events') {
      state.backlog = Math.max(0, state.backlog - message.processed);
      for (const event of message.events) this.deliver(state, route, event);
    } else if (message.op === 'closed') {
      if (message.cmnMean) state.cmnMean = message.cmnMean;
      this.routeClosed(state, route);
    } else if (message.op === 'stream-error') {
      state.handlers.onError(message.message);
    }
  }

  /** Gives the owner an event renumbered and retimed onto the stream's own clock. */
  private deliver(state: StreamState, route: Route, event: RecognizerEvent): void {
    const mapped = onStreamClock(route, event);
    state.lastSegment = Math.max(state.lastSegment, mapped.segment);
    if (mapped.kind === 'final') {
      state.lastFinalSegment = Math.max(state.lastFinalSegment, mapped.segment);
      dropReplayBefore(state.replay, Math.round((mapped.endMs * SAMPLE_RATE_HZ) / 1000));
    }
    state.handlers.onEvent(mapped);
  }

  private routeClosed(state: StreamState, route: Route): void {
    this.routes.delete(route.id);
    route.backend.streams -= 1;
    if (state.route === route) {
      // The owner closed it: every result is delivered.
      this.release(state);
    } else if (state.route === undefined) {
      // It was closed to move to the boost host (and maybe closed by its owner since).
      if (state.closed && state.held.length === 0) this.release(state);
      else
        this.moveTo(
          state,
          this.boostHost(),
          state.words,
          state.lastSegment + 1,
          state.written - heldSamples(state),
          [],
        );
    }
  }

  /**
   * Opens the stream on `backend` from sample `fromSample` (segments from `segmentBase`), with
   * `words` as its list, replays `replay` (audio already sent elsewhere and lost) and then what
   * was held while it moved.
   */
  private moveTo(
    state: StreamState,
    backend: Backend,
    words: string[],
    segmentBase: number,
    fromSample: number,
    replay: Int16Array[],
  ): void {
    const route = this.openRoute(state, backend, segmentBase, fromSample);
    const onHost = backend instanceof BoostHostProcess;
    state.replay = onHost ? { from: fromSample, chunks: [], samples: 0 } : undefined;
    if (onHost && words.length > 0) this.postRoute(route, { op: 'boost', streamId: route.id, words });
    const held = state.held;
    state.held = [];
    for (const chunk of [...replay, ...held]) {
      keepForReplay(state.replay, chunk);
      this.sendAudio(state, chunk.slice());
    }
    if (state.closed) this.closeRoute(route);
  }

  /** The boost host ended: if it was not asked to, its streams carry on elsewhere. */
  private hostDied(host: BoostHostProcess, reason: string): void {
    if (host.exited) return;
    host.exited = true;
    if (this.host === host) this.host = undefined;
    const mine = [...this.routes.values()].filter((e) => e.route.backend === host);
    if (this.closed || host.stopping || mine.length === 0) {
      for (const { state, route } of mine) {
        this.routes.delete(route.id);
        if (state.closed) this.release(state);
      }
      return;
    }
    this.boostHostCrashes += 1;
    const busyWith = host.busyWith;
    const culprit = busyWith !== undefined ? this.routes.get(busyWith)?.state : undefined;
    // Without a culprit (it died idle, or could not start) no list is blamed, and no stream
    // goes back to a host that may die again: all go on unboosted on the threads.
    const rehost = culprit !== undefined;
    if (culprit && culprit.words.length > 0) this.crashedLists.add(listKey(culprit.words));
    this.options.warn?.(crashWarning(reason, mine.length, culprit?.words.length));
    for (const { state, route } of mine) {
      this.routes.delete(route.id);
      const replay = takeReplay(state);
      const again = rehost && state.words.length > 0 && !this.crashedLists.has(listKey(state.words));
      const backend = again ? this.boostHost() : fewestStreams(this.slots);
      this.moveTo(
        state,
        backend,
        again ? state.words : [],
        state.lastFinalSegment + 1,
        replay.from,
        replay.chunks,
      );
    }
  }

  private release(state: StreamState): void {
    this.streams.delete(state.id);
    state.onClosed?.();
  }

  private workerFailed(slot: WorkerSlot, reason: string): void {
    for (const [id, { state, route }] of this.routes) {
      if (route.backend === slot) {
        this.routes.delete(id);
        state.handlers.onError(`speech worker failed: ${reason}`);
        this.release(state);
      }
    }
  }

  /**
   * Recycles worker `index` (to release memory a long-running engine has grown, say): a fresh
   * worker takes its place at once, and its streams are told they failed, exactly as after a
   * crash, so their owners reopen them on a live worker.
   */
  async recycleWorker(index: number): Promise<void> {
    const slot = this.slots[index];
    if (!slot || this.closed) return;
    slot.retiring = true;
    this.replace(index);
    await shutDownWorker(slot);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.loadTimer);
    const host = this.host;
    await Promise.all([...this.slots.map((s) => shutDownWorker(s)), host?.stop()]);
    for (const state of [...this.streams.values()]) this.release(state);
  }
}
