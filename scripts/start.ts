/**
 * `npm start`: builds the web client and the server, makes sure a speech engine is available
 * (downloading the basic sherpa-onnx model on first run, falling back to the system's
 * PocketSphinx when it cannot; a failed download is tried again a day later, not at every start),
 * then runs the server on its embedded defaults. A server that stops by itself is explained
 * (how it ended, its last error output) and started again after a growing delay
 * (lib/start-report.ts afterServerDied); one that never finished starting, or keeps dying, ends
 * `npm start` with its failure. `npm start` ended any way (Ctrl-C, SIGTERM to npm's pid, a closed
 * terminal) stops the server and emulator.
 *
 * Accounts: unless a real Firebase project is configured (HEARKEN_FIREBASE_PROJECT_ID and
 * HEARKEN_FIREBASE_API_KEY, see README), the Firebase Auth emulator is the identity provider: it
 * is started first, offline, with the accounts of the last run (and the sessions signed in to
 * them) imported from the data folder, and stopped (exporting them again) after the server.
 *
 * The emulator listens on 127.0.0.1 only, whatever HEARKEN_HOST says: it trusts unsigned tokens.
 * The configuration is checked first (src/server/config-safety.ts), so a server that would expose
 * the emulator, or listen beyond loopback without HEARKEN_PUBLIC_URL, is refused before anything
 * is built or started.
 *
 * Environment: HEARKEN_SKIP_BUILD=1 reuses an existing build; HEARKEN_RUN_FROM_SOURCE=1 runs the
 * server from its sources (no build); HEARKEN_NO_MODEL_DOWNLOAD=1 never
 * downloads; HEARKEN_AUTH_EMULATOR_PORT picks the emulator's port (default 9099, or a free one).
 * Everything else (port, data, models, DATABASE_URL) is read by the server itself.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import {
  DEMO_PROJECT_ID,
  EMULATOR_HOST,
  startAuthEmulator,
  type RunningAuthEmulator,
} from './lib/auth-emulator';
import { launchChain, readProcessInfo } from './lib/launcher-watch';
import {
  type DownloadFailure,
  LineTail,
  type RestartState,
  afterServerDied,
  launcherExitCode,
  serverDiedReport,
  speechSetup,
} from './lib/start-report';
import { downloadModel } from '../src/native/speech/models/download';
import { createProgressReporter } from '../src/native/speech/models/progress';
import { MODEL_REGISTRY } from '../src/native/speech/models/registry';
import { installedModelsFor } from '../src/native/speech/tiers';
import { PARENT_PID_ENV, PARENT_POLL_MS, nodeProcessProbe } from '../src/server/parent-watch';
import { loadConfig } from '../src/server/config';
import { isLoopbackHost } from '../src/server/config-safety';
import { isServerReadyMessage } from '../src/server/server-ready';

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

// HEARKEN_RUN_FROM_SOURCE=1 runs the server from its TypeScript sources (tsx): no build at all.
const fromSource = process.env.HEARKEN_RUN_FROM_SOURCE === '1';
if (process.env.HEARKEN_SKIP_BUILD !== '1' && !fromSource) {
  console.log('Building Hearken (web client and server)...');
  run('npm', ['run', 'build']);
}

const failureFile = join(modelsDir, '.download-failed.json');
const candidate = MODEL_REGISTRY.find((m) => m.tier === 'basic' && m.sha256);
const setup = speechSetup({
  configured: Boolean(process.env.HEARKEN_TIER_BASIC),
  noDownload: process.env.HEARKEN_NO_MODEL_DOWNLOAD === '1',
  installedBasicModels: installedModelsFor('basic', modelsDir).length,
  candidate: candidate?.name,
  lastFailure: readFailure(failureFile),
  modelsDir,
  nowMs: Date.now(),
});
if (setup.kind !== 'ready') console.log(setup.say);
if (setup.kind === 'download') {
  const reporter = createProgressReporter({
    isTTY: Boolean(process.stderr.isTTY),
    write: (t) => process.stderr.write(t),
  });
  try {
    await downloadModel({ name: setup.model, modelsDir, onProgress: (s) => reporter.update(s) });
    reporter.done();
    rmSync(failureFile, { force: true });
    console.log(`Installed ${setup.model}.`);
  } catch (error) {
    reporter.done();
    const message = (error as Error).message;
    // Remembered, so the next start says so in one line instead of trying again at once.
    mkdirSync(modelsDir, { recursive: true });
    writeFileSync(failureFile, JSON.stringify({ model: setup.model, atMs: Date.now(), message }));
    console.log(
      `Could not download the speech model (${message}).\n` +
        'Captions will use the system PocketSphinx engine instead (lower accuracy). ' +
        `Retry with: npm run models:download -- ${setup.model}`,
    );
  }
}

function readFailure(file: string): DownloadFailure | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DownloadFailure>;
    return typeof parsed.model === 'string' && typeof parsed.atMs === 'number'
      ? { model: parsed.model, atMs: parsed.atMs, message: String(parsed.message ?? '') }
      : undefined;
  } catch {
    return undefined;
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
  // A busy machine (CI, several test runs at once) may need longer than the default minute.
  const startTimeoutMs = Number(process.env.HEARKEN_AUTH_EMULATOR_START_TIMEOUT_MS) || undefined;
  emulator = await startAuthEmulator({
    port,
    dataDir,
    ...(startTimeoutMs ? { startTimeoutMs } : {}),
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

const serverArgs = fromSource
  ? ['--import', 'tsx', resolve(root, 'src/server/main.ts')]
  : [resolve(root, 'dist/server/main.js')];

/** The server running now (undefined while waiting to restart it). */
let server: ChildProcess | undefined;
let restartTimer: NodeJS.Timeout | undefined;
let restarts: RestartState = { quickDeaths: 0 };
let askedToStop = false;

function startHearken(): void {
  const errors = new LineTail(20);
  let readyAtMs: number | undefined;
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    // Its error output is shown as it comes and kept, to explain a server that dies; the IPC
    // channel tells when it is ready (a server that dies later is restarted).
    stdio: ['inherit', 'inherit', 'pipe', 'ipc'],
    env: {
      ...process.env,
      // The server stops (storing its last captions) if this process is killed without telling it.
      [PARENT_PID_ENV]: String(process.pid),
      // Without Stripe keys, licences are bought through the local checkout stand-in, which the
      // server runs only when asked for (payments/config.ts): this is the embedded default.
      ...(process.env.HEARKEN_PAYMENTS || process.env.HEARKEN_STRIPE_SECRET_KEY
        ? {}
        : { HEARKEN_PAYMENTS: 'stand-in' }),
      ...(emulator
        ? {
            FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
            HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
          }
        : {}),
    },
  });
  server = child;
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errors.push(chunk.toString());
  });
  child.on('message', (message) => {
    if (isServerReadyMessage(message)) readyAtMs = Date.now();
  });
  child.on('exit', (code, signal) => {
    server = undefined;
    if (askedToStop) {
      finish(0);
      return;
    }
    const decided = afterServerDied(restarts, {
      ready: readyAtMs !== undefined,
      uptimeMs: readyAtMs === undefined ? 0 : Date.now() - readyAtMs,
    });
    restarts = decided.state;
    console.error(serverDiedReport(code, signal, errors.text, decided.next));
    if (decided.next.kind === 'give-up') {
      finish(launcherExitCode(false, code));
      return;
    }
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (!askedToStop) startHearken();
    }, decided.next.delayMs);
  });
}

/** The server has ended: the emulator next (exporting its accounts), then this process. */
function finish(code: number): void {
  clearInterval(launchWatch);
  void (emulator?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
}

function stopServer(signal: NodeJS.Signals): void {
  askedToStop = true;
  if (server) {
    server.kill(signal);
    return;
  }
  // Between a death and its restart: nothing to stop but the emulator.
  if (restartTimer) {
    clearTimeout(restartTimer);
    restartTimer = undefined;
    finish(0);
  }
}
// SIGHUP: the terminal was closed. The server is told to stop, then the emulator (exporting).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stopServer(signal));
// npm itself killed by its pid: this script and its children would live on re-parented.
const launch = launchChain(process.pid, readProcessInfo);
const launchWatch = setInterval(() => {
  if (launch.length > 0 && launch.some((pid) => !nodeProcessProbe.isAlive(pid))) {
    clearInterval(launchWatch);
    console.log('npm start was ended: stopping Hearken...');
    stopServer('SIGTERM');
  }
}, PARENT_POLL_MS);
launchWatch.unref();

startHearken();
