/**
 * Starts and stops the Firebase Auth emulator (firebase-tools) for `npm start`, the integration
 * tests and the end-to-end server. It is a Node program: no Java, no network. The CLI's network
 * habits are turned off (CI=1 skips its message-of-the-day fetch, NO_UPDATE_NOTIFIER=1 its
 * update check), and its bookkeeping (config store, hub locator file) goes to a folder of its
 * own, so two emulators (npm start and a test run) never share state.
 *
 * The project id is a `demo-` one: the emulator then needs no credentials and refuses to reach
 * any real Google service. With `dataDir`, accounts are imported from it at start and exported
 * to it when stopped, so they survive restarts of `npm start`; so do the sessions signed in to
 * them (emulator-sessions.ts: the import would otherwise revoke every earlier sign-in).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { restoreSessions } from './emulator-sessions';

export const DEMO_PROJECT_ID = 'demo-hearken';

/**
 * The only address the emulator (and the hub and logging emulators that come with it) listens
 * on. It trusts unsigned tokens and lists every sign-in code: no option can open it to the
 * network. Browsers on other machines can reach it only through a proxy someone deliberately
 * puts in front (HEARKEN_AUTH_EMULATOR_PUBLIC_URL, which the server also refuses unless told
 * it is on a private network).
 */
export const EMULATOR_HOST = '127.0.0.1';

/** What the Firebase CLI prints once every emulator has started and imported its data. */
const CLI_READY_LINE = 'All emulators ready';

const ROOT = resolve(import.meta.dirname, '../..');
const FIREBASE_CLI = join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
const GUARD = join(ROOT, 'scripts/lib/emulator-guard.ts');

export interface AuthEmulatorOptions {
  /** A `demo-` project (the default, demo-hearken); any other id is refused. */
  projectId?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Folder whose `firebase-auth` subfolder holds the accounts between runs. */
  dataDir?: string;
  /**
   * Own process group, so a terminal's Ctrl-C reaches only the parent, which then stops the
   * emulator once (a second SIGINT makes the CLI quit without exporting).
   */
  detached?: boolean;
  /** Receives the emulator's output lines (default: dropped). */
  log?: (line: string) => void;
  startTimeoutMs?: number;
}

export interface RunningAuthEmulator {
  projectId: string;
  host: string;
  port: number;
  /** `host:port`, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  hostAndPort: string;
  url: string;
  pid: number;
  /** Stops the emulator (exporting its accounts when it has a data folder). */
  stop(): Promise<void>;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The emulator's output and its guard's steps (export, stop) for this data folder's last run. */
export function emulatorLogFile(dataDir: string): string {
  return resolve(dataDir, 'firebase-auth-emulator.log');
}

/** Where the accounts of an emulator with this data folder are exported. */
export function authExportDir(dataDir: string): string {
  return join(dataDir, 'firebase-auth');
}

/** Whether the Auth emulator at `url` answers and says it is ready (the tests' shared one too). */
export async function isReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

/**
 * The firebase.json the emulator runs with: every emulator it starts on EMULATOR_HOST, the UI off.
 * (The CLI takes each emulator's host from here; one left out would default to "localhost".)
 */
export function emulatorFirebaseJson(ports: { auth: number; hub: number; logging: number }): {
  emulators: Record<string, unknown>;
} {
  return {
    emulators: {
      auth: { host: EMULATOR_HOST, port: ports.auth },
      hub: { host: EMULATOR_HOST, port: ports.hub },
      logging: { host: EMULATOR_HOST, port: ports.logging },
      ui: { enabled: false, host: EMULATOR_HOST },
      singleProjectMode: true,
    },
  };
}

export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<RunningAuthEmulator> {
  if (!existsSync(FIREBASE_CLI)) {
    throw new Error(`firebase-tools is not installed (${FIREBASE_CLI}); run "npm install"`);
  }
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  if (!projectId.startsWith('demo-')) {
    throw new Error(`the Auth emulator runs only with a "demo-" project id (got "${projectId}")`);
  }
  const host = EMULATOR_HOST;
  const port = options.port || (await freePort(host));
  // The hub and the logging emulator come with every emulator; they get free ports too.
  const [hubPort, loggingPort] = [await freePort(host), await freePort(host)];
  const workDir = mkdtempSync(join(tmpdir(), 'hearken-auth-emulator-'));
  writeFileSync(
    join(workDir, 'firebase.json'),
    JSON.stringify(emulatorFirebaseJson({ auth: port, hub: hubPort, logging: loggingPort })),
  );
  const args = [
    FIREBASE_CLI,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    join(workDir, 'firebase.json'),
  ];
  let logFile: string | undefined;
  let importedFrom: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    logFile = emulatorLogFile(options.dataDir);
    writeFileSync(logFile, '');
    const exportDir = resolve(authExportDir(options.dataDir));
    if (existsSync(join(exportDir, 'firebase-export-metadata.json'))) {
      args.push('--import', exportDir);
      importedFrom = exportDir;
    }
    args.push('--export-on-exit', exportDir);
  }
  // The guard runs the CLI and stops it (exporting) if this process dies without doing so.
  const child = spawn(process.execPath, ['--import', 'tsx', GUARD, workDir, ...args], {
    cwd: ROOT,
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CI: '1',
      NO_UPDATE_NOTIFIER: '1',
      TMPDIR: workDir,
      // Read by emulator-guard.ts (a script: importing it would run it).
      ...(logFile ? { HEARKEN_EMULATOR_LOG: logFile } : {}),
      XDG_CONFIG_HOME: workDir,
      // A real project's credentials must never reach the emulator process.
      GOOGLE_APPLICATION_CREDENTIALS: '',
    },
  });
  const output: string[] = [];
  // The Auth emulator answers (and says ready) as soon as it listens, but the CLI imports the
  // saved accounts only after that: anyone signing in in between is told the account does not
  // exist. The CLI's own "All emulators ready" line comes after the import.
  // (Kept across chunks: a pipe may split the line anywhere.)
  let cliReady = false;
  let recent = '';
  const onOutput = (chunk: Buffer) => {
    // Only a line split across chunks needs the tail of the last one; a chunk can be long.
    const seen = recent + chunk.toString();
    if (seen.includes(CLI_READY_LINE)) cliReady = true;
    recent = seen.slice(-CLI_READY_LINE.length);
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      output.push(line);
      if (output.length > 200) output.shift();
      options.log?.(line);
    }
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  // If this process ends without stopping it, the emulator must not outlive it: the guard stops
  // it, exporting first (it would also notice this process gone, a second later).
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);

  const url = `http://${host}:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      rmSync(workDir, { recursive: true, force: true });
      throw new Error(`the Auth emulator exited at start:\n${output.join('\n')}`);
    }
    if (cliReady && (await isReady(url))) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      rmSync(workDir, { recursive: true, force: true });
      throw new Error(`the Auth emulator was not ready in time:\n${output.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Before anyone can use it (the server starts after this returns): the sessions of the
  // imported accounts are made valid again. Failing that, people are asked to sign in again.
  if (importedFrom) {
    try {
      await restoreSessions(url, projectId, importedFrom);
    } catch (error) {
      process.stderr.write(
        `Sign-ins from before this restart were not kept (${(error as Error).message}): ` +
          'people will be asked to sign in again.\n',
      );
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    projectId,
    host,
    port,
    hostAndPort: `${host}:${port}`,
    url,
    pid: child.pid!,
    stop() {
      stopping ??= (async () => {
        process.removeListener('exit', stopOnExit);
        // SIGINT is the CLI's own "stop" (the guard passes it on): it exports (with
        // --export-on-exit), then exits, and so does the guard. SIGTERM makes the guard kill it.
        child.kill('SIGINT');
        if (!(await waitForExit(child, 35_000))) {
          child.kill('SIGTERM');
          if (!(await waitForExit(child, 5000))) child.kill('SIGKILL');
        }
        rmSync(workDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
