/**
 * Client log entries are kept HEARKEN_CLIENT_LOG_RETENTION_DAYS (config.ts), then deleted: they
 * serve to debug a recent problem, they name who sent them, and kept for ever they would fill the
 * database however slowly each identity may send them. Each server sweeps now and then; in a
 * cluster every node does, and a second delete of the same rows deletes nothing.
 */
import type { ClientLogRepository } from './repository';

export const CLIENT_LOG_SWEEP_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 3600_000;

export interface ClientLogSweepDeps {
  logs: Pick<ClientLogRepository, 'deleteReceivedBefore'>;
  retentionDays: number;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

/** One sweep: how many entries it deleted. */
export async function sweepClientLogs(deps: ClientLogSweepDeps): Promise<number> {
  const deleted = await deps.logs.deleteReceivedBefore(deps.now() - deps.retentionDays * DAY_MS);
  if (deleted > 0)
    deps.log('info', `deleted ${deleted} client log entries older than ${deps.retentionDays} days`);
  return deleted;
}

/** Sweeps now and then every interval; returns the function that stops it. */
export function startClientLogSweep(
  deps: ClientLogSweepDeps,
  intervalMs = CLIENT_LOG_SWEEP_INTERVAL_MS,
): () => void {
  const run = () =>
    void sweepClientLogs(deps).catch((error: unknown) =>
      deps.log('warn', 'the client log sweep failed; it runs again later', {
        error: (error as Error).message,
      }),
    );
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
