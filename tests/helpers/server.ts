/**
 * Starts a real conversation server for integration tests: real speech engine (PocketSphinx),
 * real database (PGlite in a temporary folder, or PostgreSQL), an ephemeral port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOverrides } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDatabase } from './database-template';

export interface TestServer extends RunningServer {
  dataDir: string;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'hearken-test-'));
}

export async function startTestServer(
  options: { dataDir?: string; env?: Record<string, string>; overrides?: ServerOverrides } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const config = loadConfig({
    HEARKEN_DATA_DIR: dataDir,
    HEARKEN_PORT: '0',
    HEARKEN_LOG_LEVEL: 'silent',
    HEARKEN_SPEECH_WORKERS: '1',
    HEARKEN_WARM_DECODERS: '1',
    // Tests use the engine these machines have, whatever models a developer downloaded.
    HEARKEN_TIER_BASIC: 'pocketsphinx',
    HEARKEN_TIER_PREMIUM: 'pocketsphinx',
    // Licences are bought through the local checkout stand-in (it runs only when asked for).
    HEARKEN_PAYMENTS: 'stand-in',
    ...options.env,
  });
  // A new data folder gets the run's migrated template instead of a PGlite initdb of its own.
  if (!config.databaseUrl) seedDatabase(dataDir);
  const server = await startServer(config, options.overrides);
  return Object.assign(server, { dataDir });
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
