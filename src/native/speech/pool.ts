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
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { SAMPLE_RATE_HZ } from '../../shared/constants';
import { hasRoomForStream, LOAD_SAMPLE_MS, updateStreamCost } from './load';
import type { RecognizerEvent } from './types';
import type { EngineStatus, FromWorker, ToWorker, WorkerInit } from './worker-protocol';

export interface SpeechPoolOptions extends WorkerInit {
  /** Worker threads; defaults to the number of cores. */
  size: number;
  /**
   * Whether PocketSphinx streams take boost lists (in the boost host). On unless
   * HEARKEN_POCKETSPHINX_BOOST=0; sherpa-onnx hotwords do not depend on it.
   */
  pocketsphinxBoost?: boolean;
  /** Where the pool says what went wrong that no stream's owner is told (a boost host crash). */
  warn?: (message: string) => void;
}

export interface PoolStreamHandlers {
  onEvent(event: RecognizerEvent): void;
  onError(message: string): void;
}

export interface PoolStream {
  readonly engineId: string;
  /** Samples sent but not yet processed by the worker: how far recognition lags behind. */
  readonly backlogSamples: number;
  write(samples: Int16Array): void;
  flush(): void;
  /** Vocabulary boost: favours `words` from the stream's next utterance on (docs/boost.md). */
  boost(words: readonly string[]): void;
  /** Ends the stream; resolves once its last results have been delivered. */
  close(): Promise<void>;
}

interface WorkerSlot {
  worker: Worker;
  streams: number;
  ready: Promise<Record<string, EngineStatus>>;
  /** Asked to shut down; takes no new streams. */
  retiring?: boolean;
  exited?: boolean;
  /** The last event-loop reading (load.ts) and how many streams ran when it was taken. */
  elu?: { reading: EventLoopUtilization; streams: number };
}

/**
 * How long a worker asked to shut down may take to reach the message (it finishes the audio
 * queued before it first). Past this it is stuck, and only then is it terminated outright.
 */
const SHUTDOWN_GRACE_MS = 10_000;

/** The boost host process (boost-host.ts) and the messages it has not answered yet. */
interface BoostHost {
  child: ChildProcess;
  streams: number;
  /**
   * Messages sent and not yet answered, in order. The host handles them one at a time, so when
   * it dies the first of them is the one it was decoding: that stream's list is the culprit.
   */
  pending: Array<{ routeId: number; op: ToWorker['op'] }>;
  exited?: boolean;
  stopping?: boolean;
}

/** Where a stream's audio goes now: a stream on a worker thread or on the boost host. */
interface Route {
  id: number;
  backend: WorkerSlot | BoostHost;
  /** Added to the backend's segment numbers and times, so a moved stream carries on. */
  segmentBase: number;
  msOffset: number;
  /** Samples sent to this backend stream. */
  sent: number;
  /** Asked to close (to move on, or because the stream ended). */
  closing?: boolean;
}

interface StreamState {
  id: number;
  engine: string;
  lang: string;
  handlers: PoolStreamHandlers;
  backlog: number;
  onClosed?: () => void;
  /** undefined while the stream moves to another backend (writes wait in `held`). */
  route: Route | undefined;
  held: Int16Array[];
  /** The stream's boost list as last given. */
  words: string[];
  /** Samples written, on the stream's own clock. */
  written: number;
  /** Highest segment delivered, and that of the last final. */
  lastSegment: number;
  lastFinalSegment: number;
  /**
   * Boost host streams only: the audio since the last final ended (`from`, a sample index), so
   * that if the host dies the line being spoken is decoded again elsewhere. At most REPLAY_MAX.
   */
  replay?: { from: number; chunks: Int16Array[]; samples: number };
  /** The owner closed it. */
  closed: boolean;
}

/** At most this much audio is kept per boost host stream for a replay (a line is at most 20 s). */
const REPLAY_MAX_SAMPLES = 30 * SAMPLE_RATE_HZ;

const listKey = (words: readonly string[]) => JSON.stringify([...words].sort());

/** Where the worker's code is: the .ts source under tsx/vitest, the bundled .js in a build. */
function workerEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./worker-dev.mjs', here) : new URL('./speech-worker.js', here);
}

/** The boost host's entry and the Node flags it needs (tsx's loader for the .ts source). */
function boostHostEntry(): { file: URL; execArgv: string[] } {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { file: new URL('./boost-host.ts', here), execArgv: ['--import', 'tsx'] }
    : { file: new URL('./speech-boost-host.js', here), execArgv: [] };
}

export class SpeechPool {
  private readonly slots: WorkerSlot[] = [];
  private readonly streams = new Map<number, StreamState>();
  /** Backend streams by their id (each stream has one at a time; a moved stream gets a new one). */
  private readonly routes = new Map<number, { state: StreamState; route: Route }>();
  private nextId = 1;
  private closed = false;
  private host: BoostHost | undefined;
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
      if (slot.exited) continue;
      const reading = slot.worker.performance.eventLoopUtilization();
      if (slot.elu) {
        const utilisation = slot.worker.performance.eventLoopUtilization(
          reading,
          slot.elu.reading,
        ).utilization;
        this.streamCost = updateStreamCost(this.streamCost, {
          utilisation,
          streamsAtStart: slot.elu.streams,
          streamsAtEnd: slot.streams,
        });
      }
      slot.elu = { reading, streams: slot.streams };
    }
  }

  /** The worker a new stream goes to: the one with fewest streams. */
  private fewestStreamsSlot(): WorkerSlot {
    return this.slots.reduce((best, s) => (s.streams < best.streams ? s : best));
  }

  /**
   * Whether the worker a new stream would go to can take it and stay under `limit` of its
   * time busy (load.ts). The server asks before opening a speaker's stream.
   */
  hasRoom(limit: number): boolean {
    return hasRoomForStream(this.fewestStreamsSlot().streams, this.streamCost, limit);
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
    const worker = new Worker(workerEntry(), { workerData: init });
    const slot: WorkerSlot = {
      worker,
      streams: 0,
      ready: new Promise((resolve, reject) => {
        const onReady = (m: FromWorker) => {
          if (m.op === 'ready') {
            worker.off('message', onReady);
            resolve(m.engines);
          }
        };
        worker.on('message', onReady);
        worker.once('error', reject);
      }),
    };
    // A slot that dies before it is ready must not leave an unhandled rejection behind.
    slot.ready.catch(() => undefined);
    worker.on('message', (m: FromWorker) => this.receive(m));
    worker.on('error', (error) => this.workerFailed(slot, error.message));
    worker.on('exit', (code) => {
      slot.exited = true;
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
    });
    return slot;
  }

  /** The boost host, started on first use with only the PocketSphinx engines. */
  private boostHost(): BoostHost {
    if (this.host && !this.host.exited && !this.host.stopping) return this.host;
    const engines: WorkerInit['engines'] = {};
    for (const [name, candidates] of Object.entries(this.options.engines)) {
      if (this.status(name).ok && this.isPocketSphinx(name))
        engines[name] = candidates.filter((c) => c.kind === 'pocketsphinx');
    }
    const init: WorkerInit = { engines, warm: 1, pocketsphinxBoost: true };
    const entry = boostHostEntry();
    const child = fork(entry.file, [JSON.stringify(init)], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const host: BoostHost = { child, streams: 0, pending: [] };
    child.on('message', (m: FromWorker) => this.receiveFromHost(host, m));
    child.on('error', (error) => this.hostDied(host, error.message));
    child.on('exit', (code, signal) => this.hostDied(host, signal ? `signal ${signal}` : `code ${code}`));
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

  open(engine: string, lang: string, handlers: PoolStreamHandlers): PoolStream {
    const status = this.status(engine);
    if (!status.ok) throw new Error(status.error);
    if (this.closed) throw new Error('speech pool is closed');
    const streamId = this.nextId++;
    const state: StreamState = {
      id: streamId,
      engine,
      lang,
      handlers,
      backlog: 0,
      route: undefined,
      held: [],
      words: [],
      written: 0,
      lastSegment: -1,
      lastFinalSegment: -1,
      closed: false,
    };
    this.streams.set(streamId, state);
    this.openRoute(state, this.fewestStreamsSlot(), 0, 0);
    // Gone: the pool closed, or the stream failed (its owner was told through onError).
    const gone = () => this.closed || !this.streams.has(streamId);
    return {
      engineId: status.id,
      get backlogSamples() {
        return state.backlog;
      },
      write: (samples) => {
        if (state.closed || gone()) return;
        // Copy into a buffer of our own so it can be transferred without detaching the caller's.
        const copy = new Int16Array(samples);
        state.backlog += copy.length;
        state.written += copy.length;
        this.keepForReplay(state, copy);
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
        // A stream moving between backends closes once it has arrived (see moved()).
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
  private openRoute(
    state: StreamState,
    backend: WorkerSlot | BoostHost,
    segmentBase: number,
    fromSample: number,
  ): Route {
    const route: Route = {
      id: this.nextId++,
      backend,
      segmentBase,
      msOffset: Math.round((fromSample * 1000) / SAMPLE_RATE_HZ),
      sent: 0,
    };
    this.routes.set(route.id, { state, route });
    backend.streams += 1;
    state.route = route;
    this.postRoute(route, { op: 'open', streamId: route.id, engine: state.engine, lang: state.lang });
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

  /** Keeps a boost host stream's audio since its last final (see StreamState.replay). */
  private keepForReplay(state: StreamState, samples: Int16Array): void {
    if (!state.replay) return;
    // Sent audio is transferred away: keep a copy.
    state.replay.chunks.push(samples.slice());
    state.replay.samples += samples.length;
    while (state.replay.samples > REPLAY_MAX_SAMPLES && state.replay.chunks.length > 1) {
      const dropped = state.replay.chunks.shift()!;
      state.replay.samples -= dropped.length;
      state.replay.from += dropped.length;
    }
  }

  private postRoute(route: Route, message: ToWorker, transfer?: ArrayBuffer[]): void {
    if (this.closed) return;
    if (!('worker' in route.backend)) {
      const host = route.backend;
      if (host.exited) return;
      if (message.op !== 'open') host.pending.push({ routeId: route.id, op: message.op });
      // Over IPC the buffer is copied, not transferred.
      host.child.send(message);
      return;
    }
    route.backend.worker.postMessage(message, transfer);
  }

  private receiveFromHost(host: BoostHost, message: FromWorker): void {
    if (message.op !== 'ready') {
      const head = host.pending[0];
      // 'events' answer audio and flush; a close's own events come before its 'closed'.
      const answers =
        message.op === 'events' || message.op === 'stream-error'
          ? head !== undefined && head.op !== 'close'
          : message.op === 'boosted' || message.op === 'closed';
      if (answers) host.pending.shift();
    }
    this.receive(message);
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
      this.routeClosed(state, route);
    } else if (message.op === 'stream-error') {
      state.handlers.onError(message.message);
    }
  }

  /** Gives the owner an event renumbered and retimed onto the stream's own clock. */
  private deliver(state: StreamState, route: Route, event: RecognizerEvent): void {
    const at = (ms: number) => ms + route.msOffset;
    const mapped: RecognizerEvent = {
      ...event,
      segment: event.segment + route.segmentBase,
      startMs: at(event.startMs),
      endMs: at(event.endMs),
      ...(event.words
        ? { words: event.words.map((w) => ({ ...w, startMs: at(w.startMs), endMs: at(w.endMs) })) }
        : {}),
    };
    state.lastSegment = Math.max(state.lastSegment, mapped.segment);
    if (mapped.kind === 'final') {
      state.lastFinalSegment = Math.max(state.lastFinalSegment, mapped.segment);
      this.dropReplayBefore(state, Math.round((mapped.endMs * SAMPLE_RATE_HZ) / 1000));
    }
    state.handlers.onEvent(mapped);
  }

  private dropReplayBefore(state: StreamState, sample: number): void {
    const replay = state.replay;
    if (!replay) return;
    while (replay.chunks.length > 0 && replay.from + replay.chunks[0]!.length <= sample) {
      const dropped = replay.chunks.shift()!;
      replay.samples -= dropped.length;
      replay.from += dropped.length;
    }
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
          state.written - this.heldSamples(state),
          [],
        );
    }
  }

  private heldSamples(state: StreamState): number {
    return state.held.reduce((n, h) => n + h.length, 0);
  }

  /**
   * Opens the stream on `backend` from sample `fromSample` (segments from `segmentBase`), with
   * `words` as its list, replays `replay` (audio already sent elsewhere and lost) and then what
   * was held while it moved.
   */
  private moveTo(
    state: StreamState,
    backend: WorkerSlot | BoostHost,
    words: string[],
    segmentBase: number,
    fromSample: number,
    replay: Int16Array[],
  ): void {
    const route = this.openRoute(state, backend, segmentBase, fromSample);
    const onHost = !('worker' in backend);
    state.replay = onHost ? { from: fromSample, chunks: [], samples: 0 } : undefined;
    if (onHost && words.length > 0) this.postRoute(route, { op: 'boost', streamId: route.id, words });
    const held = state.held;
    state.held = [];
    for (const chunk of [...replay, ...held]) {
      this.keepForReplay(state, chunk);
      this.sendAudio(state, chunk.slice());
    }
    if (state.closed) this.closeRoute(route);
  }

  /** The boost host ended: if it was not asked to, its streams carry on elsewhere. */
  private hostDied(host: BoostHost, reason: string): void {
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
    const culprit = host.pending[0] ? this.routes.get(host.pending[0].routeId)?.state : undefined;
    // Without a culprit (it died idle, or could not start) no list is blamed, and no stream
    // goes back to a host that may die again: all go on unboosted on the threads.
    const rehost = culprit !== undefined;
    if (culprit && culprit.words.length > 0) this.crashedLists.add(listKey(culprit.words));
    this.options.warn?.(
      `speech boost host died (${reason}) with ${mine.length} stream(s); ` +
        (culprit
          ? `the boost list of the stream it was decoding (${culprit.words.length} words) is no longer applied`
          : 'no stream was being decoded') +
        '; the streams go on from their last final',
    );
    for (const { state, route } of mine) {
      this.routes.delete(route.id);
      const replay = state.replay ?? { from: state.written, chunks: [], samples: 0 };
      state.replay = undefined;
      state.backlog = replay.samples + this.heldSamples(state);
      const again = rehost && state.words.length > 0 && !this.crashedLists.has(listKey(state.words));
      const backend = again ? this.boostHost() : this.fewestStreamsSlot();
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
    await this.shutDown(slot);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.loadTimer);
    const host = this.host;
    await Promise.all([...this.slots.map((s) => this.shutDown(s)), host ? this.stopHost(host) : undefined]);
    for (const state of [...this.streams.values()]) this.release(state);
  }

  /** Asks the boost host to end between messages and waits for it (killed if stuck). */
  private async stopHost(host: BoostHost): Promise<void> {
    if (host.exited) return;
    host.stopping = true;
    const exited = new Promise<void>((resolve) => host.child.once('exit', () => resolve()));
    if (host.child.connected) host.child.send({ op: 'shutdown' } satisfies ToWorker);
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<'stuck'>((resolve) => {
      timer = setTimeout(() => resolve('stuck'), SHUTDOWN_GRACE_MS);
      timer.unref();
    });
    if ((await Promise.race([exited, stuck])) === 'stuck') host.child.kill('SIGKILL');
    clearTimeout(timer);
  }

  /** Asks a worker to end between messages and waits for it; see the 'shutdown' message. */
  private async shutDown(slot: WorkerSlot): Promise<void> {
    if (slot.exited) return;
    const exited = new Promise<void>((resolve) => slot.worker.once('exit', () => resolve()));
    slot.worker.postMessage({ op: 'shutdown' } satisfies ToWorker);
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<'stuck'>((resolve) => {
      timer = setTimeout(() => resolve('stuck'), SHUTDOWN_GRACE_MS);
      timer.unref();
    });
    if ((await Promise.race([exited, stuck])) === 'stuck') await slot.worker.terminate();
    clearTimeout(timer);
  }
}
