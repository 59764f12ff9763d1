/**
 * The pool's side of the boost host (boost-host.ts, docs/boost.md "Isolation"): starting the
 * child process, sending it messages, keeping the messages it has not answered yet (so that when
 * it dies, the stream it was decoding is known), and stopping it. What happens to its streams
 * when it dies is the pool's (pool.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { FromWorker, ToWorker, WorkerInit } from './worker-protocol';
import { endWithinGrace } from './worker-slot';

/** A message sent to the host and not answered yet: which backend stream, and what it asked. */
export interface PendingMessage {
  routeId: number;
  op: ToWorker['op'];
}

/**
 * Whether `message` from the host answers the oldest pending one (`head`). The host handles
 * messages one at a time: 'events' answer audio and flush (a close's own events come before its
 * 'closed'), 'boosted' a boost and 'closed' a close; 'ready' answers nothing.
 */
export function answersPending(head: PendingMessage | undefined, message: FromWorker): boolean {
  if (message.op === 'ready') return false;
  return message.op === 'events' || message.op === 'stream-error'
    ? head !== undefined && head.op !== 'close'
    : message.op === 'boosted' || message.op === 'closed';
}

/**
 * The engines the boost host loads: of those configured, the names PocketSphinx serves, each
 * with only its PocketSphinx candidates (the host exists for PocketSphinx's boost lists).
 */
export function boostHostEngines(
  engines: WorkerInit['engines'],
  isPocketSphinx: (name: string) => boolean,
): WorkerInit['engines'] {
  const chosen: WorkerInit['engines'] = {};
  for (const [name, candidates] of Object.entries(engines)) {
    if (isPocketSphinx(name)) chosen[name] = candidates.filter((c) => c.kind === 'pocketsphinx');
  }
  return chosen;
}

/**
 * What the pool logs when the host died with `streams` streams: `culpritWords` is the size of
 * the boost list of the stream it was decoding, undefined if it was decoding none.
 */
export function crashWarning(reason: string, streams: number, culpritWords: number | undefined): string {
  return (
    `speech boost host died (${reason}) with ${streams} stream(s); ` +
    (culpritWords !== undefined
      ? `the boost list of the stream it was decoding (${culpritWords} words) is no longer applied`
      : 'no stream was being decoded') +
    '; the streams go on from their last final'
  );
}

/** The boost host's entry and the Node flags it needs (tsx's loader for the .ts source). */
function boostHostEntry(): { file: URL; execArgv: string[] } {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { file: new URL('./boost-host.ts', here), execArgv: ['--import', 'tsx'] }
    : { file: new URL('./speech-boost-host.js', here), execArgv: [] };
}

export interface BoostHostListener {
  /** A message from the host, after its pending bookkeeping. */
  onMessage(message: FromWorker): void;
  /** The process failed to start or ended (`reason`: an error, a signal or an exit code). */
  onEnded(reason: string): void;
}

/** The boost host process and the messages it has not answered yet. */
export class BoostHostProcess {
  streams = 0;
  /**
   * Messages sent and not yet answered, in order. The host handles them one at a time, so when
   * it dies the first of them is the one it was decoding: that stream's list is the culprit.
   */
  readonly pending: PendingMessage[] = [];
  exited = false;
  stopping = false;

  private constructor(readonly child: ChildProcess) {}

  /** Forks the host with `init` (as JSON in argv[2]; 'advanced' serialization for audio). */
  static start(init: WorkerInit, listener: BoostHostListener): BoostHostProcess {
    const entry = boostHostEntry();
    const child = fork(entry.file, [JSON.stringify(init)], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const host = new BoostHostProcess(child);
    child.on('message', (m: FromWorker) => {
      if (answersPending(host.pending[0], m)) host.pending.shift();
      listener.onMessage(m);
    });
    child.on('error', (error) => listener.onEnded(error.message));
    child.on('exit', (code, signal) => listener.onEnded(signal ? `signal ${signal}` : `code ${code}`));
    return host;
  }

  /** Sends `message` for backend stream `routeId`; nothing once the host has exited. */
  send(routeId: number, message: ToWorker): void {
    if (this.exited) return;
    if (message.op !== 'open') this.pending.push({ routeId, op: message.op });
    // Over IPC the buffer is copied, not transferred.
    this.child.send(message);
  }

  /** The backend stream whose message the host was handling, if any (the culprit of a crash). */
  get busyWith(): number | undefined {
    return this.pending[0]?.routeId;
  }

  /** Asks the host to end between messages and waits for it (killed if stuck). */
  async stop(): Promise<void> {
    if (this.exited) return;
    this.stopping = true;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    if (this.child.connected) this.child.send({ op: 'shutdown' } satisfies ToWorker);
    await endWithinGrace(exited, () => this.child.kill('SIGKILL'));
  }
}
