/**
 * A speech worker thread: runs worker-core.ts with messages over its port. Recognition is
 * CPU-bound and synchronous, so it lives here and never on the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startWorkerCore } from './worker-core';
import type { FromWorker, ToWorker, WorkerInit } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('speech worker must run in a worker thread');
const core = startWorkerCore(
  workerData as WorkerInit,
  (message: FromWorker) => port.postMessage(message),
  // The thread ends once its port is closed and nothing else is pending.
  () => port.close(),
);
port.on('message', (message: ToWorker) => core.receive(message));
