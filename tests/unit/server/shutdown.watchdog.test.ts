/**
 * The shutdown deadline's backstop (shutdown.ts armExitWatchdog): a process whose event loop is
 * blocked, so that no timer of its own can end it, is killed by the watchdog; a process that ends
 * by itself takes its watchdog with it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SHUTDOWN = join(import.meta.dirname, '../../../src/server/shutdown.ts');

/** A Node process that arms a watchdog of `ms`, prints its pid, then runs `then`. */
function armed(ms: number, then: string) {
  const script = `import { armExitWatchdog } from ${JSON.stringify(SHUTDOWN)};
const w = armExitWatchdog(${ms});
console.log(String(w.pid));
setTimeout(() => { ${then} }, 100);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const watchdogPid = new Promise<number>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  const ended = new Promise<{ signal: NodeJS.Signals | null; afterMs: number }>((resolve) => {
    const started = Date.now();
    child.once('exit', (_code, signal) => resolve({ signal, afterMs: Date.now() - started }));
  });
  return { child, watchdogPid, ended };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the exit watchdog', () => {
  it('kills a process whose event loop is blocked past the deadline', async () => {
    const { watchdogPid, ended } = armed(1500, 'for (;;) {}');
    await watchdogPid;
    const { signal } = await ended;
    expect(signal).toBe('SIGKILL');
  }, 30_000);

  it('ends with the process it watches when that one ends by itself', async () => {
    const { watchdogPid, ended } = armed(60_000, 'process.exit(0)');
    const pid = await watchdogPid;
    expect((await ended).signal).toBeNull();
    const deadline = Date.now() + 5000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid)).toBe(false);
  }, 30_000);
});
