/**
 * The boost host: a child process (not a thread) that runs the speech streams whose PocketSphinx
 * decoders were given words by a boost list (docs/boost.md, "Isolation"). Words added to a live
 * libpocketsphinx decoder are the one input a person controls that reaches native code which
 * has crashed before; a segmentation fault in a worker thread ends the whole server, in this
 * process it ends only this process, and the pool moves its streams back to the threads.
 *
 * It is started by the pool (child_process.fork, 'advanced' serialization so audio crosses as
 * ArrayBuffers) with its WorkerInit as JSON in argv[2].
 */
import { startWorkerCore } from './worker-core';
import type { FromWorker, ToWorker, WorkerInit } from './worker-protocol';

if (!process.send) throw new Error('the boost host must be started by the speech pool (fork)');
const init = JSON.parse(process.argv[2] ?? '{}') as WorkerInit;
const core = startWorkerCore(
  init,
  (message: FromWorker) => void process.send!(message),
  () => process.disconnect(),
);
process.on('message', (message: ToWorker) => core.receive(message));
// The pool gone (the server ended or was killed) is the end of this process too.
process.on('disconnect', () => process.exit(0));
