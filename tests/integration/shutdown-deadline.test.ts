/**
 * The server process as operators run it (issue 27): settings from a `.env` file where it starts
 * (the environment wins over the file), and a deadline on stopping: past
 * HEARKEN_SHUTDOWN_TIMEOUT_MS it exits with a failing code and says so, instead of hanging until
 * an orchestrator kills it without a word.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { seedDatabase } from '../helpers/database-template';

const ROOT = resolve(__dirname, '../..');

describe('the server process', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'hearken-dotenv-'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('reads .env (the environment winning) and exits failing when stopping outlasts its deadline', async () => {
    const dataDir = join(cwd, 'data');
    seedDatabase(dataDir);
    // A host no machine has: were the file to win over the environment, the server could not listen.
    writeFileSync(join(cwd, '.env'), 'HEARKEN_SHUTDOWN_TIMEOUT_MS=1\nHEARKEN_HOST=256.0.0.1\n');
    // tsx by path: the server starts in a folder of its own, where no node_modules is found.
    const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
    const child = spawn(process.execPath, ['--import', tsx, join(ROOT, 'src/server/main.ts')], {
      cwd,
      env: {
        ...process.env,
        HEARKEN_HOST: '127.0.0.1',
        HEARKEN_PORT: '0',
        HEARKEN_DATA_DIR: dataDir,
        HEARKEN_LOG_LEVEL: 'warn',
        HEARKEN_SPEECH_WORKERS: '1',
        HEARKEN_TIER_BASIC: 'pocketsphinx',
        HEARKEN_TIER_PREMIUM: 'pocketsphinx',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const url = await new Promise<string>((done, fail) => {
      const timer = setInterval(() => {
        const match = /open (http:\/\/[^\s/]+)\/web/.exec(out);
        if (match) {
          clearInterval(timer);
          done(match[1]!);
        }
        if (child.exitCode !== null) {
          clearInterval(timer);
          fail(new Error(`the server exited before it was ready:\n${out}`));
        }
      }, 100);
    });
    expect((await fetch(`${url}${API.health}`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(out).toContain('did not stop within 1 ms (HEARKEN_SHUTDOWN_TIMEOUT_MS)');
  });
});
