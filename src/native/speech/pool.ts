/**
 * A pool of speech worker threads. Each audio source gets one stream, pinned to the least busy
 * worker (its decoder state lives there). The server talks to streams asynchronously and never
 * waits on recognition.
 */
import { Worker } from 'node:worker_threads';
import type { RecognizerEvent } from './types';
import type { EngineStatus, FromWorker, ToWorker, WorkerInit } from './worker-protocol';

export interface SpeechPoolOptions extends WorkerInit {
  /** Worker threads; defaults to the number of cores. */
  size: number;
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
}

/**
 * How long a worker asked to shut down may take to reach the message (it finishes the audio
 * queued before it first). Past this it is stuck, and only then is it terminated outright.
 */
const SHUTDOWN_GRACE_MS = 10_000;

interface StreamState {
  slot: WorkerSlot;
  handlers: PoolStreamHandlers;
  backlog: number;
  onClosed?: () => void;
}

/** Where the worker's code is: the .ts source under tsx/vitest, the bundled .js in a build. */
function workerEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./worker-dev.mjs', here) : new URL('./speech-worker.js', here);
}

export class SpeechPool {
  private readonly slots: WorkerSlot[] = [];
  private readonly streams = new Map<number, StreamState>();
  private nextId = 1;
  private closed = false;
  /** Which engine serves each name, as the workers reported when they loaded. */
  engines: Record<string, EngineStatus> = {};

  private constructor(private readonly options: SpeechPoolOptions) {}

  static async start(options: SpeechPoolOptions): Promise<SpeechPool> {
    const pool = new SpeechPool(options);
    for (let i = 0; i < Math.max(1, options.size); i++) pool.slots.push(pool.spawn());
    const statuses = await Promise.all(pool.slots.map((s) => s.ready));
    pool.engines = statuses[0] ?? {};
    return pool;
  }

  /** Workers replaced: after an unexpected exit (an uncaught error, say) or a recycle. */
  restarts = 0;

  private replace(index: number): void {
    this.restarts += 1;
    this.slots[index] = this.spawn();
  }

  private spawn(): WorkerSlot {
    const worker = new Worker(workerEntry(), {
      workerData: { engines: this.options.engines, warm: this.options.warm } satisfies WorkerInit,
    });
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

  /** The engine for `name`, or the reason it cannot serve. */
  status(name: string): EngineStatus {
    return this.engines[name] ?? { ok: false, error: `no engine is configured for "${name}"` };
  }

  get openStreams(): number {
    return this.streams.size;
  }

  open(engine: string, lang: string, handlers: PoolStreamHandlers): PoolStream {
    const status = this.status(engine);
    if (!status.ok) throw new Error(status.error);
    if (this.closed) throw new Error('speech pool is closed');
    const slot = this.slots.reduce((best, s) => (s.streams < best.streams ? s : best));
    const streamId = this.nextId++;
    const state: StreamState = { slot, handlers, backlog: 0 };
    this.streams.set(streamId, state);
    slot.streams += 1;
    this.post(slot, { op: 'open', streamId, engine, lang });
    let closed = false;
    const post = (message: ToWorker, transfer?: ArrayBuffer[]) => this.post(slot, message, transfer);
    // Gone: the pool closed, or the stream's worker died (its owner was told through onError).
    const gone = () => this.closed || !this.streams.has(streamId);
    return {
      engineId: status.id,
      get backlogSamples() {
        return state.backlog;
      },
      write(samples) {
        if (closed || gone()) return;
        // Copy into a buffer of our own so it can be transferred without detaching the caller's.
        const copy = new Int16Array(samples);
        state.backlog += copy.length;
        post({ op: 'audio', streamId, samples: copy.buffer }, [copy.buffer]);
      },
      flush() {
        if (!closed && !gone()) post({ op: 'flush', streamId });
      },
      boost(words) {
        if (!closed && !gone()) post({ op: 'boost', streamId, words: [...words] });
      },
      close() {
        if (closed || gone()) return Promise.resolve();
        closed = true;
        // The worker flushes the last utterance, sends its results, then confirms with 'closed'.
        const done = new Promise<void>((resolve) => {
          state.onClosed = resolve;
        });
        post({ op: 'close', streamId });
        return done;
      },
    };
  }

  private post(slot: WorkerSlot, message: ToWorker, transfer?: ArrayBuffer[]): void {
    if (this.closed) return;
    slot.worker.postMessage(message, transfer);
  }

  private receive(message: FromWorker): void {
    if (message.op === 'ready') return;
    const state = this.streams.get(message.streamId);
    if (!state) return;
    if (message.op === 'events') {
      state.backlog = Math.max(0, state.backlog - message.processed);
      for (const event of message.events) state.handlers.onEvent(event);
    } else if (message.op === 'closed') {
      this.release(message.streamId, state);
    } else {
      state.handlers.onError(message.message);
    }
  }

  private release(streamId: number, state: StreamState): void {
    if (this.streams.delete(streamId)) state.slot.streams -= 1;
    state.onClosed?.();
  }

  private workerFailed(slot: WorkerSlot, reason: string): void {
    for (const [id, state] of this.streams) {
      if (state.slot === slot) {
        state.handlers.onError(`speech worker failed: ${reason}`);
        this.release(id, state);
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
    await Promise.all(this.slots.map((s) => this.shutDown(s)));
    for (const [id, state] of this.streams) this.release(id, state);
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
