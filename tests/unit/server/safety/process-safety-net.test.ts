/**
 * The process's safety net (issue 32): an error nobody handled is logged and counted, then a
 * connection's error is served on and anything else stops the process cleanly with a failure
 * (for its supervisor to restart it). The rule as a table, the wiring with a stand-in process,
 * and real processes that meet each kind of error.
 */
import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import {
  type ProcessLike,
  installSafetyNet,
  verdictOf,
} from '../../../../src/server/safety/process-safety-net';
import { unexpectedErrors } from '../../../../src/server/metrics/process-metrics';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('verdictOf', () => {
  it('serves on after a peer’s connection error, and stops after anything else', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'ERR_STREAM_DESTROYED'])
      expect(verdictOf(withCode(code)), code).toBe('serve-on');
    expect(verdictOf(new TypeError('x is undefined'))).toBe('shut-down');
    expect(verdictOf(withCode('ENOSPC'))).toBe('shut-down');
    expect(verdictOf(withCode('EADDRINUSE'))).toBe('shut-down');
    expect(verdictOf('a string thrown')).toBe('shut-down');
    expect(verdictOf(undefined)).toBe('shut-down');
    expect(verdictOf(null)).toBe('shut-down');
  });
});

async function counted(origin: string, outcome: string): Promise<number> {
  const { values } = await unexpectedErrors.get();
  return values.find((v) => v.labels.origin === origin && v.labels.outcome === outcome)?.value ?? 0;
}

describe('installSafetyNet', () => {
  function harness() {
    const proc = new EventEmitter();
    const logs: { level: string; message: string; extra: object }[] = [];
    const exits: number[] = [];
    let shutdowns = 0;
    const uninstall = installSafetyNet({
      process: proc as unknown as ProcessLike,
      log: (level, message, extra) => logs.push({ level, message, extra }),
      shutdown: async () => {
        shutdowns += 1;
      },
      exit: (code) => exits.push(code),
    });
    return { proc, logs, exits, shutdowns: () => shutdowns, uninstall };
  }

  it('logs, counts and serves on after a connection error', async () => {
    const h = harness();
    const before = await counted('uncaughtException', 'served-on');
    h.proc.emit('uncaughtException', withCode('ECONNRESET'));
    expect(h.logs).toHaveLength(1);
    expect(h.logs[0]!.level).toBe('warn');
    expect(h.logs[0]!.extra).toMatchObject({ origin: 'uncaughtException', code: 'ECONNRESET' });
    expect(h.exits).toEqual([]);
    expect(h.shutdowns()).toBe(0);
    expect(await counted('uncaughtException', 'served-on')).toBe(before + 1);
    h.uninstall();
  });

  it('stops cleanly once, with a failure, after a bug, however many follow', async () => {
    const h = harness();
    const before = await counted('unhandledRejection', 'shut-down');
    h.proc.emit('unhandledRejection', new TypeError('x is undefined'));
    h.proc.emit('unhandledRejection', new TypeError('again'));
    await new Promise((r) => setTimeout(r, 10));
    expect(h.shutdowns()).toBe(1);
    expect(h.exits).toEqual([1]);
    expect(h.logs.filter((l) => l.level === 'error')).toHaveLength(2);
    expect(h.logs[0]!.extra).toMatchObject({ origin: 'unhandledRejection', error: 'x is undefined' });
    expect(await counted('unhandledRejection', 'shut-down')).toBe(before + 2);
    h.uninstall();
    expect(h.proc.listenerCount('uncaughtException')).toBe(0);
  });

  it('exits at the deadline when the clean stop hangs', async () => {
    const proc = new EventEmitter();
    const exits: number[] = [];
    installSafetyNet({
      process: proc as unknown as ProcessLike,
      log: () => undefined,
      shutdown: () => new Promise<void>(() => undefined),
      exit: (code) => exits.push(code),
      deadlineMs: 20,
    });
    proc.emit('uncaughtException', new Error('bug'));
    await new Promise((r) => setTimeout(r, 60));
    expect(exits).toEqual([1]);
  });
});

// Two children per test, each bounded by 60 s: a loaded machine takes seconds to start tsx.
const CHILD_TEST_MS = 150_000;

describe('in a real process', () => {
  const fixture = resolve(import.meta.dirname, '../../../fixtures/safety-net-process.ts');
  const run = (which: string) =>
    // Starting tsx in a child takes seconds on a loaded 2-core machine: a generous bound.
    spawnSync(process.execPath, ['--import', 'tsx', fixture, which], { encoding: 'utf8', timeout: 60_000 });

  it(
    'serves on after an unguarded socket’s reset, or a rejected reset',
    () => {
      for (const which of ['socket-reset', 'rejected-reset']) {
        const result = run(which);
        expect(result.status, `${which}: ${result.stdout}${result.stderr}`).toBe(0);
        expect(result.stdout).toContain('warn: a connection’s error reached the process');
        expect(result.stdout).toContain('still serving');
      }
    },
    CHILD_TEST_MS,
  );

  it(
    'stops cleanly with a failure after a bug, thrown or rejected',
    () => {
      for (const which of ['bug', 'rejected-bug']) {
        const result = run(which);
        expect(result.status, `${which}: ${result.stdout}${result.stderr}`).toBe(1);
        expect(result.stdout).toContain('error: an unexpected error: stopping cleanly to be restarted');
        expect(result.stdout).toContain('stopping cleanly');
        expect(result.stdout).not.toContain('still serving');
      }
    },
    CHILD_TEST_MS,
  );
});
