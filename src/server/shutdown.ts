/**
 * Stopping with a deadline (main.ts): the server's `close` stores the rooms' last words and closes
 * every connection, in order; a part that hangs (a database that stopped answering, a peer that
 * never closes) must not keep the process alive until an orchestrator kills it without a word.
 * Past the deadline the process exits with a failing code, saying so.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export type StopOutcome = { kind: 'stopped' } | { kind: 'failed'; error: Error } | { kind: 'timed-out' };

export async function stopWithin(
  close: () => Promise<void>,
  timeoutMs: number,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
): Promise<StopOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<StopOutcome>((resolve) => {
    timer = timers.setTimeout(() => resolve({ kind: 'timed-out' }), timeoutMs);
  });
  try {
    return await Promise.race([
      close().then(
        (): StopOutcome => ({ kind: 'stopped' }),
        (error: unknown): StopOutcome => ({ kind: 'failed', error: error as Error }),
      ),
      deadline,
    ]);
  } finally {
    timers.clearTimeout(timer);
  }
}

/** The process's exit code for each outcome: only a clean stop is 0. */
export function exitCodeOf(outcome: StopOutcome): number {
  return outcome.kind === 'stopped' ? 0 : 1;
}

/** How long after the deadline the watchdog ends a process the deadline could not end. */
export const EXIT_WATCHDOG_MARGIN_MS = 5000;

/**
 * The deadline's backstop, outside this process: a small child process that kills this one
 * (SIGKILL) `ms` from now unless this one has ended first. `stopWithin`'s timer runs on the event
 * loop, which a stuck native call or a blocked loop can keep from running, and `process.exit`
 * waits for worker threads to stop: a cluster node was seen to outlive its deadline that way
 * (docs/deploy.md). The child watches a pipe from this process: when this process ends, however
 * it ends, the pipe closes and the child ends at once, so it can never kill a later process
 * that happens to get the same pid.
 */
export function armExitWatchdog(ms: number, pid = process.pid): ChildProcess {
  const watchdog = spawn(
    process.execPath,
    [
      '-e',
      `process.stdin.on('close', () => process.exit(0)); process.stdin.resume();
       setTimeout(() => { try { process.kill(${pid}, 'SIGKILL'); } catch {} process.exit(0); }, ${Math.max(0, Math.round(ms))});`,
    ],
    { stdio: ['pipe', 'ignore', 'ignore'], detached: true },
  );
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}
