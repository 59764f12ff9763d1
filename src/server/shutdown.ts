/**
 * Stopping with a deadline (main.ts): the server's `close` stores the rooms' last words and closes
 * every connection, in order; a part that hangs (a database that stopped answering, a peer that
 * never closes) must not keep the process alive until an orchestrator kills it without a word.
 * Past the deadline the process exits with a failing code, saying so.
 */
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
