/**
 * `npm start`: builds the web client and the server, makes sure a speech engine is available
 * (downloading the basic sherpa-onnx model on first run, falling back to the system's
 * PocketSphinx when it cannot), then runs the server on its embedded defaults.
 *
 * Accounts: unless a real Firebase project is configured (HEARKEN_FIREBASE_PROJECT_ID and
 * HEARKEN_FIREBASE_API_KEY, see README), the Firebase Auth emulator is the identity provider: it
 * is started first, offline, with the accounts of the last run imported from the data folder,
 * and stopped (exporting them again) after the server.
 *
 * The emulator listens on 127.0.0.1 only, whatever HEARKEN_HOST says: it trusts unsigned tokens.
 * The configuration is checked first (src/server/config-safety.ts), so a server that would expose
 * the emulator, or listen beyond loopback without HEARKEN_PUBLIC_URL, is refused before anything
 * is built or started.
 *
 * Environment: HEARKEN_SKIP_BUILD=1 reuses an existing build; HEARKEN_NO_MODEL_DOWNLOAD=1 never
 * downloads; HEARKEN_AUTH_EMULATOR_PORT picks the emulator's port (default 9099, or a free one).
 * Everything else (port, data, models, DATABASE_URL) is read by the server itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import {
  DEMO_PROJECT_ID,
  EMULATOR_HOST,
  startAuthEmulator,
  type RunningAuthEmulator,
} from './lib/auth-emulator';
import { downloadModel } from '../src/native/speech/models/download';
import { createProgressReporter } from '../src/native/speech/models/progress';
import { MODEL_REGISTRY } from '../src/native/speech/models/registry';
import { installedModelsFor } from '../src/native/speech/tiers';
import { PARENT_PID_ENV } from '../src/server/parent-watch';
import { loadConfig } from '../src/server/config';
import { isLoopbackHost } from '../src/server/config-safety';

const root = resolve(import.meta.dirname, '..');
const modelsDir = resolve(process.env.HEARKEN_MODELS_DIR ?? resolve(root, 'models'));

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const realFirebase = Boolean(
  process.env.HEARKEN_FIREBASE_PROJECT_ID ||
  process.env.HEARKEN_FIREBASE_API_KEY ||
  process.env.FIREBASE_AUTH_EMULATOR_HOST,
);

// The server's own checks, on the environment it will get (with the emulator this script starts
// when no identity provider is configured), before anything is built or started.
try {
  loadConfig({
    ...process.env,
    ...(realFirebase
      ? {}
      : {
          FIREBASE_AUTH_EMULATOR_HOST: `${EMULATOR_HOST}:9099`,
          HEARKEN_FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
        }),
  });
} catch (error) {
  console.error(`Hearken cannot start: ${(error as Error).message}`);
  process.exit(1);
}

if (process.env.HEARKEN_SKIP_BUILD !== '1') {
  console.log('Building Hearken (web client and server)...');
  run('npm', ['run', 'build']);
}

const configured = process.env.HEARKEN_TIER_BASIC;
if (
  !configured &&
  process.env.HEARKEN_NO_MODEL_DOWNLOAD !== '1' &&
  installedModelsFor('basic', modelsDir).length === 0
) {
  const model = MODEL_REGISTRY.find((m) => m.tier === 'basic' && m.sha256);
  if (model) {
    console.log(`First run: downloading the ${model.name} speech model into ${modelsDir}`);
    const reporter = createProgressReporter({
      isTTY: Boolean(process.stderr.isTTY),
      write: (t) => process.stderr.write(t),
    });
    try {
      await downloadModel({ name: model.name, modelsDir, onProgress: (s) => reporter.update(s) });
      reporter.done();
      console.log(`Installed ${model.name}.`);
    } catch (error) {
      reporter.done();
      console.log(
        `Could not download the speech model (${(error as Error).message}).\n` +
          'Captions will use the system PocketSphinx engine instead (lower accuracy). ' +
          `Retry later with: npm run models:download -- ${model.name}`,
      );
    }
  }
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolveFree) => {
    const probe = createServer();
    probe.once('error', () => resolveFree(false));
    probe.listen(port, host, () => probe.close(() => resolveFree(true)));
  });
}

let emulator: RunningAuthEmulator | undefined;
if (!realFirebase) {
  const dataDir = resolve(process.env.HEARKEN_DATA_DIR ?? resolve(root, 'data'));
  const wanted = Number(process.env.HEARKEN_AUTH_EMULATOR_PORT ?? 9099);
  const port = (await portIsFree(wanted, EMULATOR_HOST)) ? wanted : 0;
  console.log('Starting the Firebase Auth emulator (local accounts, offline)...');
  emulator = await startAuthEmulator({
    port,
    dataDir,
    // In a terminal, Ctrl-C reaches this process only; it stops the emulator once, which exports.
    detached: Boolean(process.stdin.isTTY),
  });
  console.log(
    `Auth emulator at ${emulator.url} (project ${emulator.projectId}); accounts kept in ${dataDir}`,
  );
  if (!isLoopbackHost(process.env.HEARKEN_HOST ?? EMULATOR_HOST)) {
    console.log(
      `The Auth emulator stays on ${EMULATOR_HOST}: browsers on other machines cannot sign in ` +
        'unless HEARKEN_AUTH_EMULATOR_PUBLIC_URL names a proxy to it (guests work).',
    );
  }
}

const server = spawn(process.execPath, [resolve(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // The server stops (storing its last captions) if this process is killed without telling it.
    [PARENT_PID_ENV]: String(process.pid),
    ...(emulator
      ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort, HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId }
      : {}),
  },
});
// SIGHUP: the terminal was closed. The server is told to stop, then the emulator (exporting).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  // The server first (it may still be storing the last captions), then the emulator.
  void (emulator?.stop() ?? Promise.resolve()).finally(() => process.exit(code ?? 0));
});
