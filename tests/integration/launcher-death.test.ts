/**
 * `npm start` killed outright (SIGKILL: no signal handler runs, no 'exit' event) must not leave
 * its children behind, nor lose what they hold: the server stops cleanly (the line being spoken
 * becomes a stored final) and frees its port, and the Auth emulator exports the accounts made
 * since it started before it exits, so the next start still has them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { emulatorLogFile, startAuthEmulator } from '../../scripts/lib/auth-emulator';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { EmulatorClient } from '../helpers/auth-emulator';
import { removeDataDir, startTestServer, tempDataDir } from '../helpers/server';
import { seedDatabase } from '../helpers/database-template';
import { devSamples } from '../helpers/speech';
import { waitUntilClosed } from '../helpers/ports';

const root = resolve(import.meta.dirname, '../..');
const dataDir = tempDataDir();
// The run's migrated database (what the launcher's server would make at its first start).
seedDatabase(dataDir);
let launcher: ChildProcess | undefined;

afterAll(() => {
  launcher?.kill('SIGKILL');
  removeDataDir(dataDir);
});

it('stores the open caption line and the new accounts when the launcher is killed outright', async () => {
  launcher = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'tests/fixtures/launcher.ts'), dataDir],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const ready = await new Promise<{ emulatorUrl: string; projectId: string; serverUrl: string }>(
    (resolveReady, reject) => {
      let out = '';
      launcher!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolveReady(JSON.parse(line));
      });
      launcher!.once('exit', (code) => reject(new Error(`launcher exited (${code}) before it was ready`)));
    },
  );
  const before = new EmulatorClient(ready.emulatorUrl, ready.projectId);
  await before.signUp('kept@example.com', 'Secret-pass1');
  expect((await fetch(`${ready.serverUrl}/api/v1/config`)).ok).toBe(true);

  // Someone is mid-sentence when the launcher dies.
  const host = await CaptionClient.connect(ready.serverUrl, { user: await createGuest(ready.serverUrl) });
  host.startAudio();
  const speech = devSamples('1688-142285-0003.wav');
  await streamAudio(host, speech.subarray(0, Math.floor(speech.length * 0.7)), { speed: 3 });
  await host.waitFor((m) => m.type === 'transcript' && !m.transcript.isFinal, 10_000);

  launcher.kill('SIGKILL');
  await Promise.all([waitUntilClosed(ready.serverUrl, 20_000), waitUntilClosed(ready.emulatorUrl, 40_000)]);
  await host.close();

  // The next server on the same data folder has the interrupted line as a final.
  const server = await startTestServer({ dataDir });
  try {
    const again = await CaptionClient.connect(server.url, { user: host.user, roomId: host.roomId });
    const replay = (await again.waitFor((m) => m.type === 'transcripts', 5000)) as Extract<
      ServerMessage,
      { type: 'transcripts' }
    >;
    await again.close();
    expect(replay.transcripts).toHaveLength(1);
    expect(replay.transcripts[0]!.isFinal).toBe(true);
    expect(replay.transcripts[0]!.texts['en-US']!.split(' ').length).toBeGreaterThan(3);
  } finally {
    await server.close();
  }

  // The next start imports what the orphaned emulator exported on its way out.
  // What the orphaned emulator and its guard did, before the next start truncates it (the
  // guard relays the output a moment after the port closes: wait for its last line).
  let lastRun = '';
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    lastRun = readFileSync(emulatorLogFile(dataDir), 'utf8');
    if (lastRun.includes('the emulator exited')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(lastRun, lastRun).toMatch(/the launcher is gone: asking the emulator to export/);
  expect(lastRun, lastRun).toMatch(/Export complete/);
  const next = await startAuthEmulator({ dataDir });
  try {
    const after = new EmulatorClient(next.url, next.projectId);
    const signedIn = await after.signIn('kept@example.com', 'Secret-pass1').catch((error: Error) => {
      throw new Error(`${error.message}\nthe orphaned emulator's log:\n${lastRun}`);
    });
    expect(signedIn.localId).toBeTruthy();
  } finally {
    await next.stop();
  }
  // Two emulator starts (up to 60 s each on a loaded machine), two servers and an export: about
  // 25 s on a quiet machine, more than the suite's 120 s when the cores are shared.
}, 300_000);
