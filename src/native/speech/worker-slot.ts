/**
 * One speech worker thread of the pool (pool.ts): starting it, reading how busy it is (load.ts
 * turns the readings into the cost of a stream), and ending it safely.
 */
import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { updateStreamCost } from './load';
import type { EngineStatus, FromWorker, ToWorker, WorkerInit } from './worker-protocol';

export interface WorkerSlot {
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
 * How long a worker (or the boost host) asked to shut down may take to reach the message (it
 * finishes the audio queued before it first). Past this it is stuck, and only then is it
 * ended outright.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Where the worker's code is: the .ts source under tsx/vitest, the bundled .js in a build. */
function workerEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./worker-dev.mjs', here) : new URL('./speech-worker.js', here);
}

export interface WorkerSlotListener {
  onMessage(message: FromWorker): void;
  onError(error: Error): void;
  /** The thread ended (`slot.exited` is already set). */
  onExit(code: number): void;
}

/** Starts a worker thread with `init`; `ready` resolves with its engines once they loaded. */
export function startWorkerSlot(init: WorkerInit, listener: WorkerSlotListener): WorkerSlot {
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
  worker.on('message', (m: FromWorker) => listener.onMessage(m));
  worker.on('error', (error) => listener.onError(error));
  worker.on('exit', (code) => {
    slot.exited = true;
    listener.onExit(code);
  });
  return slot;
}

/** The worker a new stream goes to: the one with fewest streams (the first of equals). */
export function fewestStreams<Slot extends { streams: number }>(slots: readonly Slot[]): Slot {
  return slots.reduce((best, s) => (s.streams < best.streams ? s : best));
}

/**
 * Takes a reading of the slot's utilisation and returns the stream cost (load.ts) updated with
 * the period since the last reading; `cost` as it was for the first reading.
 */
export function sampleSlotLoad(slot: WorkerSlot, cost: number | undefined): number | undefined {
  const reading = slot.worker.performance.eventLoopUtilization();
  let updated = cost;
  if (slot.elu) {
    const utilisation = slot.worker.performance.eventLoopUtilization(reading, slot.elu.reading).utilization;
    updated = updateStreamCost(cost, {
      utilisation,
      streamsAtStart: slot.elu.streams,
      streamsAtEnd: slot.streams,
    });
  }
  slot.elu = { reading, streams: slot.streams };
  return updated;
}

/**
 * Waits for `exited`; if it has not come within SHUTDOWN_GRACE_MS, the process or thread is
 * stuck and `kill` ends it.
 */
export async function endWithinGrace(
  exited: Promise<void>,
  kill: () => unknown,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<'stuck'>((resolve) => {
    timer = setTimeout(() => resolve('stuck'), graceMs);
    timer.unref();
  });
  if ((await Promise.race([exited, stuck])) === 'stuck') await kill();
  clearTimeout(timer);
}

/** Asks a worker to end between messages and waits for it; see the 'shutdown' message. */
export async function shutDownWorker(slot: WorkerSlot): Promise<void> {
  if (slot.exited) return;
  const exited = new Promise<void>((resolve) => slot.worker.once('exit', () => resolve()));
  slot.worker.postMessage({ op: 'shutdown' } satisfies ToWorker);
  await endWithinGrace(exited, () => slot.worker.terminate());
}
