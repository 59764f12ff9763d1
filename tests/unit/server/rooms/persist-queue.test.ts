/**
 * The persist queue's rules without a database: stored before announced, in push order, retried
 * with a doubling pause until stored, bounded, and loud in the logs while it fails.
 */
import { describe, expect, it } from 'vitest';
import { PersistQueue, retryDelayMs, type PersistLog } from '../../../../src/server/rooms/persist-queue';
import { FakeTimers } from '../../../helpers/fake-timers';

/** Lets awaited promises run (the queue awaits its writer between timer ticks). */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

function setup(options: { maxPending?: number } = {}) {
  const timers = new FakeTimers();
  const stored: string[] = [];
  const announced: string[] = [];
  const attempts: string[] = [];
  const logs: { level: string; message: string; extra?: object }[] = [];
  let retries = 0;
  let down = false;
  const log: PersistLog = (level, message, extra) =>
    logs.push({ level, message, ...(extra ? { extra } : {}) });
  const queue = new PersistQueue<string>({
    store: async (item) => {
      attempts.push(item);
      if (down) throw new Error('database unreachable');
      stored.push(item);
    },
    stored: (item) => announced.push(item),
    timers,
    log,
    retryInitialMs: 100,
    retryMaxMs: 1000,
    reportEveryMs: 5000,
    retrying: () => {
      retries += 1;
    },
    ...options,
  });
  return {
    timers,
    stored,
    announced,
    attempts,
    logs,
    queue,
    retries: () => retries,
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

describe('retryDelayMs', () => {
  it('doubles from the first pause and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, 100, 1000))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(retryDelayMs(0, 100, 1000)).toBe(0);
    expect(retryDelayMs(10_000, 100, 1000)).toBe(1000);
  });
});

describe('PersistQueue', () => {
  it('announces each item only after it is stored, in push order', async () => {
    const t = setup();
    t.queue.push('a');
    t.queue.push('b');
    t.queue.push('c');
    await flush();
    expect(t.stored).toEqual(['a', 'b', 'c']);
    expect(t.announced).toEqual(['a', 'b', 'c']);
    expect(t.queue.pending).toBe(0);
  });

  it('retries a failing write with a doubling pause, holding later items behind it, until the database is back', async () => {
    const t = setup();
    t.setDown(true);
    t.queue.push('a');
    t.queue.push('b');
    await flush();
    expect(t.announced).toEqual([]);
    expect(t.attempts).toEqual(['a']);
    // Pauses of 100, 200, 400, 800, then 1000 ms (the cap).
    for (const at of [100, 300, 700, 1500, 2500, 3500]) {
      t.timers.advanceTo(at);
      await flush();
    }
    expect(t.timers.delays).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
    // Each failed write is counted as a retry (metrics: hearken_persist_retries_total).
    expect(t.retries()).toBe(7);
    // 'b' was never tried while 'a' failed: a later final cannot overtake an earlier one.
    expect(t.attempts.every((a) => a === 'a')).toBe(true);
    t.queue.push('c');
    t.setDown(false);
    t.timers.advanceTo(4500);
    await flush();
    expect(t.stored).toEqual(['a', 'b', 'c']);
    expect(t.announced).toEqual(['a', 'b', 'c']);
    expect(t.logs.map((l) => l.level)).toContain('warn');
    expect(t.logs.at(-1)).toMatchObject({ level: 'info', message: 'finals are being stored again' });
  });

  it('announces nothing twice, and stores each item once, when it recovers', async () => {
    const t = setup();
    t.setDown(true);
    for (const item of ['a', 'b', 'c', 'd']) t.queue.push(item);
    await flush();
    t.timers.advanceTo(150);
    await flush();
    t.setDown(false);
    t.timers.advanceTo(1000);
    await flush();
    expect(t.announced).toEqual(['a', 'b', 'c', 'd']);
    expect(t.stored).toEqual(['a', 'b', 'c', 'd']);
  });

  it('restarts the pause from the first step after a recovery', async () => {
    const t = setup();
    t.setDown(true);
    t.queue.push('a');
    await flush();
    t.timers.advanceTo(100);
    await flush();
    t.timers.advanceTo(300);
    t.setDown(false);
    await flush();
    expect(t.announced).toEqual(['a']);
    t.setDown(true);
    t.queue.push('b');
    await flush();
    expect(t.timers.delays.at(-1)).toBe(100);
  });

  it('settled() waits for everything pushed before it, not for what comes after', async () => {
    const t = setup();
    t.setDown(true);
    t.queue.push('a');
    let settled = false;
    void t.queue.settled().then(() => {
      settled = true;
    });
    t.queue.push('b');
    await flush();
    expect(settled).toBe(false);
    t.setDown(false);
    // 'a' goes through at the retry; the promise resolves before 'b' is even tried.
    let settledWithAnnounced: string[] = [];
    void t.queue.settled().then(() => {
      settledWithAnnounced = [...t.announced];
    });
    t.timers.advanceTo(100);
    await flush();
    expect(settled).toBe(true);
    expect(settledWithAnnounced).toEqual(['a', 'b']);
    await expect(t.queue.settled()).resolves.toBeUndefined();
  });

  it('keeps at most maxPending items, refusing (and logging) the rest', async () => {
    const t = setup({ maxPending: 4 });
    t.setDown(true);
    const accepted = ['a', 'b', 'c', 'd', 'e', 'f'].map((item) => t.queue.push(item));
    expect(accepted).toEqual([true, true, true, true, false, false]);
    expect(t.queue.pending).toBe(4);
    const lost = t.logs.filter((l) => l.message.includes('is lost'));
    expect(lost).toHaveLength(2);
    expect(t.logs.some((l) => l.message.includes('piling up'))).toBe(true);
    await flush();
    t.setDown(false);
    t.timers.advanceTo(100);
    await flush();
    expect(t.announced).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reports a long outage again every reportEveryMs, with how long and how many wait', async () => {
    const t = setup();
    t.setDown(true);
    t.queue.push('a');
    await flush();
    for (let at = 0; at <= 12_000; at += 100) {
      t.timers.advanceTo(at);
      await flush();
    }
    const reports = t.logs.filter((l) => l.level === 'error');
    expect(reports.length).toBe(2);
    expect(reports[0]!.extra).toMatchObject({ pending: 1 });
    expect((reports[1]!.extra as { failingForMs: number }).failingForMs).toBeGreaterThanOrEqual(10_000);
  });

  it('stop() gives back what was never stored and releases waiters', async () => {
    const t = setup();
    t.setDown(true);
    t.queue.push('a');
    t.queue.push('b');
    const waiting = t.queue.settled();
    await flush();
    expect(t.queue.stop()).toEqual(['a', 'b']);
    await expect(waiting).resolves.toBeUndefined();
    expect(t.queue.push('c')).toBe(false);
    t.timers.advanceTo(10_000);
    await flush();
    expect(t.announced).toEqual([]);
  });

  it('a failing announcement does not stall the items behind it', async () => {
    const timers = new FakeTimers();
    const announced: string[] = [];
    const logs: string[] = [];
    const queue = new PersistQueue<string>({
      store: async () => {},
      stored: (item) => {
        if (item === 'a') throw new Error('boom');
        announced.push(item);
      },
      timers,
      log: (_level, message) => logs.push(message),
    });
    queue.push('a');
    queue.push('b');
    await flush();
    expect(announced).toEqual(['b']);
    expect(logs).toContain('announcing a stored final failed');
  });
});
