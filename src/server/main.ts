/**
 * `node dist/server/main.js` (or `tsx src/server/main.ts`): runs the conversation server until
 * SIGINT, SIGTERM or SIGHUP (the terminal was closed), or until the launcher named by
 * HEARKEN_PARENT_PID is gone, then shuts down cleanly so the last captions are stored.
 */
import { loadConfig } from './config';
import { startServer } from './app';
import { parentPidFromEnv, watchParent } from './parent-watch';

async function main(): Promise<void> {
  // Output to a launcher that is gone (a closed pipe or terminal) is lost; it must not end the
  // server before it has stored the last captions.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  const config = loadConfig();
  const server = await startServer(config);
  const banner = `Hearken is running: open ${server.url}/web in your browser.`;
  // In a terminal the line people look for stands out (bold); logs to files stay plain.
  console.log(process.stdout.isTTY ? `\n\u001b[1m${banner}\u001b[22m\n` : `\n${banner}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping Hearken...`);
    server.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(error);
        process.exit(1);
      },
    );
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
