/**
 * `node dist/server/main.js` (or `tsx src/server/main.ts`): runs the conversation server until
 * SIGINT, SIGTERM or SIGHUP (the terminal was closed), or until the launcher named by
 * HEARKEN_PARENT_PID is gone, then shuts down cleanly so the last captions are stored.
 *
 * An error nobody handled goes to the safety net (safety/process-safety-net.ts): logged, counted,
 * and either served on (a connection's error) or answered with a clean stop and a failing exit,
 * for `npm start` (which this process tells, over IPC, once it is ready) to restart it.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { EXIT_WATCHDOG_MARGIN_MS, armExitWatchdog, exitCodeOf, stopWithin } from './shutdown';
import { type RunningServer, startServer } from './app';
import { parentPidFromEnv, watchParent } from './parent-watch';
import { installSafetyNet } from './safety';
import { SERVER_READY_MESSAGE } from './server-ready';

async function main(): Promise<void> {
  // Output to a launcher that is gone (a closed pipe or terminal) is lost; it must not end the
  // server before it has stored the last captions.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  // The server, once started: the net may catch an error before it is.
  const current: { server?: RunningServer } = {};
  installSafetyNet({
    process,
    log: (level, message, extra) =>
      current.server ? current.server.app.log[level](extra, message) : console.error(message, extra),
    shutdown: () => current.server?.close() ?? Promise.resolve(),
    exit: (code) => process.exit(code),
  });
  // Settings in a .env file where the server starts, as operators expect; the environment wins.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const server = await startServer(config);
  current.server = server;
  const banner = `Hearken is running: open ${server.url}/web in your browser.`;
  // In a terminal the line people look for stands out (bold); logs to files stay plain.
  console.log(process.stdout.isTTY ? `\n\u001b[1m${banner}\u001b[22m\n` : `\n${banner}\n`);
  // A launcher that supervises this process (npm start) learns it started: a server that dies
  // after this is restarted, one that never got here is not (its configuration needs a person).
  if (process.send) {
    process.send({ type: SERVER_READY_MESSAGE, url: server.url });
    process.channel?.unref();
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping Hearken...`);
    // If even the deadline cannot end the process (a blocked event loop, an exit waiting on a
    // stuck worker thread), a process of its own ends it a little after (shutdown.ts).
    armExitWatchdog(config.shutdownTimeoutMs + EXIT_WATCHDOG_MARGIN_MS);
    void stopWithin(() => server.close(), config.shutdownTimeoutMs).then((outcome) => {
      if (outcome.kind === 'failed') console.error(outcome.error);
      if (outcome.kind === 'timed-out')
        console.error(
          `Hearken did not stop within ${config.shutdownTimeoutMs} ms (HEARKEN_SHUTDOWN_TIMEOUT_MS): exiting anyway`,
        );
      process.exit(exitCodeOf(outcome));
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  const parentPid = parentPidFromEnv(process.env);
  if (parentPid !== undefined)
    watchParent(parentPid, () => stop('the process that started the server ended'));
}

main().catch((error: Error) => {
  console.error(`Hearken could not start: ${error.message}`);
  process.exit(1);
});
