/**
 * Runs the Firebase CLI's Auth emulator on behalf of a launcher (`npm start`, a test run) and
 * makes sure it never outlives that launcher with its accounts unsaved. The CLI exports the
 * accounts only when it is asked to stop (SIGINT, once: a second SIGINT makes it quit without
 * exporting). If the launcher is killed outright, nobody asks; this guard notices the launcher
 * is gone and asks.
 *
 * Usage: node --import tsx emulator-guard.ts WORK_DIR CLI_SCRIPT [CLI ARGS...]
 *
 * Signals to the guard: SIGINT or SIGHUP = stop and export (forwarded once, as SIGINT);
 * SIGTERM = stop now, without exporting. The CLI's output is relayed through the guard, so a
 * launcher that died (its end of the pipe closed) cannot break the CLI in the middle of an export.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { watchParent } from '../../src/server/parent-watch';

/**
 * Where the CLI's output and the guard's own steps are also written, when set. A launcher that
 * died cannot show them, and they are what tells whether the accounts were exported.
 */
const EMULATOR_LOG_ENV = 'HEARKEN_EMULATOR_LOG';
const logPath = process.env[EMULATOR_LOG_ENV];
function log(text: string): void {
  if (!logPath) return;
  try {
    appendFileSync(logPath, text.endsWith('\n') ? text : `${text}\n`);
  } catch {
    // A log that cannot be written must not stop the emulator.
  }
}

/** How long an export may take before the CLI is killed anyway. */
const EXPORT_TIMEOUT_MS = 30_000;

const [workDir, cliScript, ...cliArgs] = process.argv.slice(2);
if (!workDir || !cliScript) {
  console.error('usage: emulator-guard.ts WORK_DIR CLI_SCRIPT [CLI ARGS...]');
  process.exit(2);
}

// Writing to a launcher that is gone must not end the guard.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

const cli = spawn(process.execPath, [cliScript, ...cliArgs], {
  cwd: workDir,
  stdio: ['ignore', 'pipe', 'pipe'],
});
cli.stdout.on('data', (chunk: Buffer) => {
  log(chunk.toString());
  process.stdout.write(chunk);
});
cli.stderr.on('data', (chunk: Buffer) => {
  log(chunk.toString());
  process.stderr.write(chunk);
});

let stopRequested = false;
function stopGracefully(reason: string): void {
  if (stopRequested) return;
  stopRequested = true;
  log(`[guard] ${new Date().toISOString()} ${reason}: asking the emulator to export and stop`);
  cli.kill('SIGINT');
  setTimeout(() => {
    log(`[guard] the export took over ${EXPORT_TIMEOUT_MS} ms: killing the emulator`);
    cli.kill('SIGKILL');
  }, EXPORT_TIMEOUT_MS).unref();
}

process.on('SIGINT', () => stopGracefully('SIGINT'));
process.on('SIGHUP', () => stopGracefully('SIGHUP'));
process.on('SIGTERM', () => {
  log('[guard] SIGTERM: stopping the emulator without exporting');
  cli.kill('SIGKILL');
});
watchParent(process.ppid, () => stopGracefully('the launcher is gone'));

cli.on('exit', (code, signal) => {
  log(`[guard] ${new Date().toISOString()} the emulator exited (${signal ?? `code ${code}`})`);
  process.exit(code ?? (signal ? 1 : 0));
});
