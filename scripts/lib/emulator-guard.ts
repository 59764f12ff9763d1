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
import { watchParent } from '../../src/server/parent-watch';

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
cli.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
cli.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));

let stopRequested = false;
function stopGracefully(): void {
  if (stopRequested) return;
  stopRequested = true;
  cli.kill('SIGINT');
  setTimeout(() => cli.kill('SIGKILL'), EXPORT_TIMEOUT_MS).unref();
}

process.on('SIGINT', stopGracefully);
process.on('SIGHUP', stopGracefully);
process.on('SIGTERM', () => cli.kill('SIGKILL'));
watchParent(process.ppid, stopGracefully);

cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
