/**
 * A second built server for an end-to-end test that needs a configuration the shared one
 * (playwright.config.ts's webServer) must not have, such as a missing speech model: the same
 * `dist/server/main.js` that `npm start` runs, on a free port, with a fresh data folder and no
 * identity provider (guests only, which is all such a test needs). Stopped with SIGTERM, as
 * `npm start` stops it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { PARENT_PID_ENV } from '../../src/server/parent-watch';

export interface OwnServer {
  /** Where it answers, e.g. http://127.0.0.1:41234 (a browser context's baseURL). */
  url: string;
  stop(): Promise<void>;
}

const STARTED = /Hearken is running: open (\S+)\/web/;

export async function startOwnServer(env: Record<string, string>, timeoutMs = 30_000): Promise<OwnServer> {
  const dataDir = resolve('test-results', `e2e-own-server-${process.pid}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [resolve('dist/server/main.js')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HEARKEN_HOST: '127.0.0.1',
      // Port 0: the system picks a free one; the banner says which.
      HEARKEN_PORT: '0',
      HEARKEN_DATA_DIR: dataDir,
      HEARKEN_LOG_LEVEL: 'warn',
      // One speech worker: the machine's cores are shared with the main test server.
      HEARKEN_SPEECH_WORKERS: '1',
      HEARKEN_TIER_BASIC: 'pocketsphinx',
      HEARKEN_TIER_PREMIUM: 'pocketsphinx',
      // It stops by itself if the test's process dies without stopping it.
      [PARENT_PID_ENV]: String(process.pid),
      ...env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!STARTED.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the test's own server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: STARTED.exec(output)![1]!, stop };
}
