/**
 * `npm start` as people run it, through npm: it says which speech engine it uses, it stops the
 * server and the Auth emulator whichever way it is ended (here: SIGTERM to npm's own pid, which
 * npm does not pass on), and a server that dies is explained and started again (the policy's
 * other branches, a server that never started or keeps dying, are tested in start-report.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { portAnswers, waitUntilClosed } from '../helpers/ports';
import { removeDataDir, tempDataDir } from '../helpers/server';
import { seedDatabase } from '../helpers/database-template';

const root = resolve(import.meta.dirname, '../..');

/** Ends npm start's whole process group (npm, tsx, the script, the server and the emulator). */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/** Nothing answers at `url` within `ms`. */
async function closedWithin(url: string, ms: number): Promise<boolean> {
  return waitUntilClosed(url, ms).then(
    () => true,
    () => false,
  );
}

/**
 * `npm start` in a process group of its own (as a service manager starts it), output collected;
 * its group is killed and its data folder removed when the test that started it ends.
 */
async function npmStart(onTestFinished: TestContext['onTestFinished']) {
  const dataDir = tempDataDir();
  onTestFinished(() => removeDataDir(dataDir));
  // The run's migrated database: these tests are about stopping, not about a first start's initdb.
  seedDatabase(dataDir);
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HEARKEN_RUN_FROM_SOURCE: '1',
      HEARKEN_NO_MODEL_DOWNLOAD: '1',
      HEARKEN_TIER_BASIC: 'pocketsphinx',
      HEARKEN_TIER_PREMIUM: 'pocketsphinx',
      HEARKEN_PORT: String(await freePort()),
      HEARKEN_AUTH_EMULATOR_PORT: String(await freePort()),
      HEARKEN_DATA_DIR: dataDir,
      HEARKEN_LOG_LEVEL: 'info',
      HEARKEN_LOG_FORMAT: 'json',
    },
  });
  onTestFinished(() => killGroup(npm));
  let out = '';
  npm.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
  const deadline = Date.now() + 90_000;
  while (!/Hearken is running: open (\S+)\/web/.test(out)) {
    if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`npm start did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const serverUrl = /Hearken is running: open (\S+)\/web/.exec(out)![1]!;
  const emulatorUrl = /Auth emulator at (\S+) /.exec(out)![1]!;
  const serverPid = Number(/"pid":(\d+)/.exec(out)![1]);
  return { npm, serverUrl, emulatorUrl, serverPid, output: () => out, exited };
}

// The two tests start an npm start each, on ports and data folders of their own, and end only
// their own: they run side by side (most of a start is waiting on the emulator and the server).
// (Concurrent tests assert with their own context's `expect`.)
describe.concurrent('npm start', () => {
  it('stops the server and the Auth emulator when npm itself is sent SIGTERM', async ({
    onTestFinished,
    expect,
  }) => {
    const run = await npmStart(onTestFinished);
    expect(await portAnswers(run.serverUrl)).toBe(true);
    expect(await portAnswers(run.emulatorUrl)).toBe(true);
    process.kill(run.npm.pid!, 'SIGTERM');
    expect(await closedWithin(run.serverUrl, 15_000), run.output()).toBe(true);
    expect(await closedWithin(run.emulatorUrl, 20_000), run.output()).toBe(true);
    expect(run.output()).toContain('npm start was ended: stopping Hearken...');
  });

  it('explains a server that died and starts it again; stopping npm start still stops both', async ({
    onTestFinished,
    expect,
  }) => {
    const run = await npmStart(onTestFinished);
    expect(run.output()).toMatch(/Speech: the system PocketSphinx engine|speech tier basic: pocketsphinx/);
    expect(run.output()).not.toContain('First run');
    const banners = () => run.output().split('Hearken is running: open').length - 1;
    process.kill(run.serverPid, 'SIGKILL');
    const deadline = Date.now() + 90_000;
    while (banners() < 2) {
      if (Date.now() > deadline || run.npm.exitCode !== null)
        throw new Error(`not restarted:\n${run.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(run.output()).toContain('The Hearken server was stopped by SIGKILL, without being asked to stop.');
    expect(run.output()).toContain('Restarting it in 1 s (restart 1 in a row;');
    const pids = [...run.output().matchAll(/"pid":(\d+)/g)].map((m) => Number(m[1]));
    expect(
      pids.some((pid) => pid !== run.serverPid),
      run.output(),
    ).toBe(true);
    // The same address, answering again.
    const health = await fetch(`${run.serverUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await portAnswers(run.emulatorUrl)).toBe(true);
    process.kill(run.npm.pid!, 'SIGTERM');
    expect(await closedWithin(run.serverUrl, 15_000), run.output()).toBe(true);
    expect(await closedWithin(run.emulatorUrl, 20_000), run.output()).toBe(true);
    // Asked to stop, npm start does not restart it again.
    expect(run.output().split('Hearken is running: open').length - 1).toBe(2);
  });
});
