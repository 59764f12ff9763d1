/**
 * Issue 29 (F-11): client log entries are deleted once older than the retention period, by a
 * sweep that runs at start and then every interval, and whose failure is logged, not thrown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_LOG_SWEEP_INTERVAL_MS,
  startClientLogSweep,
  sweepClientLogs,
} from '../../../../src/server/client-logs/retention';

const DAY_MS = 24 * 3600_000;
const NOW = Date.UTC(2026, 5, 1);

afterEach(() => {
  vi.useRealTimers();
});

/** A store of entries by the time they were received, deleted as the repository does. */
function store(receivedAtMs: number[]) {
  const kept = [...receivedAtMs];
  return {
    kept,
    deleteReceivedBefore: async (cutoffMs: number) => {
      const before = kept.length;
      kept.splice(0, kept.length, ...kept.filter((at) => at >= cutoffMs));
      return before - kept.length;
    },
  };
}

describe('the client log sweep', () => {
  it('deletes what was received more than the retention period ago, and keeps the rest', async () => {
    const logs = store([NOW - 15 * DAY_MS, NOW - 14 * DAY_MS - 1, NOW - 14 * DAY_MS, NOW - DAY_MS, NOW]);
    const log = vi.fn();
    expect(await sweepClientLogs({ logs, retentionDays: 14, now: () => NOW, log })).toBe(2);
    expect(logs.kept).toEqual([NOW - 14 * DAY_MS, NOW - DAY_MS, NOW]);
    expect(log).toHaveBeenCalledWith('info', 'deleted 2 client log entries older than 14 days');
  });

  it('runs at start and then every interval, until stopped', async () => {
    vi.useFakeTimers();
    let now = NOW;
    const logs = store([NOW - 20 * DAY_MS]);
    const stop = startClientLogSweep({ logs, retentionDays: 14, now: () => now, log: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(logs.kept).toEqual([]);
    logs.kept.push(NOW);
    now = NOW + 15 * DAY_MS;
    await vi.advanceTimersByTimeAsync(CLIENT_LOG_SWEEP_INTERVAL_MS);
    expect(logs.kept).toEqual([]);
    stop();
    logs.kept.push(NOW);
    await vi.advanceTimersByTimeAsync(CLIENT_LOG_SWEEP_INTERVAL_MS * 2);
    expect(logs.kept).toEqual([NOW]);
  });

  it('logs a failed sweep and runs again later', async () => {
    vi.useFakeTimers();
    const log = vi.fn();
    let calls = 0;
    const logs = {
      deleteReceivedBefore: async () => {
        calls++;
        throw new Error('database gone');
      },
    };
    const stop = startClientLogSweep({ logs, retentionDays: 14, now: () => NOW, log });
    await vi.advanceTimersByTimeAsync(CLIENT_LOG_SWEEP_INTERVAL_MS);
    expect(calls).toBe(2);
    expect(log).toHaveBeenCalledWith('warn', 'the client log sweep failed; it runs again later', {
      error: 'database gone',
    });
    stop();
  });
});
