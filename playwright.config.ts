import { defineConfig } from '@playwright/test';
import { join } from 'node:path';

// End-to-end tests in Debian's Chromium (Playwright cannot download its own browsers here)
// against the built server on its embedded defaults: PGlite in a fresh data folder, PocketSphinx.
const PORT = Number(process.env.HEARKEN_E2E_PORT ?? 8787);
const dataDir = join('test-results', `e2e-data-${Date.now()}`);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      HEARKEN_PORT: String(PORT),
      HEARKEN_DATA_DIR: dataDir,
      HEARKEN_LOG_LEVEL: 'warn',
      HEARKEN_TIER_BASIC: 'pocketsphinx',
      HEARKEN_TIER_PREMIUM: 'pocketsphinx',
    },
  },
});
