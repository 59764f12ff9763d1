/**
 * `node dist/server/main.js` (or `tsx src/server/main.ts`): runs the conversation server until
 * SIGINT/SIGTERM, then shuts down cleanly so the last captions are stored.
 */
import { loadConfig } from './config';
import { startServer } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`\nHearken is running: open ${server.url}/web in your browser.\n`);
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
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: Error) => {
  console.error(`Hearken could not start: ${error.message}`);
  process.exit(1);
});
