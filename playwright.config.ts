import { defineConfig } from '@playwright/test';
import { join } from 'node:path';

// End-to-end tests in Debian's Chromium (Playwright cannot download its own browsers here)
// against the built server as `npm start` runs it (scripts/start.ts, without building again): the
// Firebase Auth emulator first, then the server on its embedded defaults (PGlite in a fresh data
// folder, PocketSphinx). SIGTERM lets start.ts stop both.
const PORT = Number(process.env.HEARKEN_E2E_PORT ?? 8787);
const dataDir = join('test-results', `e2e-data-${Date.now()}`);

/**
 * Files that run alone, after the others: those that time something in real browsers (a
 * correction on another screen within 300 ms) and those that start a second server or a bot's
 * own Chromium beside the shared server. The rest run two files at a time (two cores): most wait
 * on speech said in real time, each in its own conversation with people of its own (random
 * emails), so two at once share nothing but the server. docs/testing.md says where a new file goes.
 */
const ALONE = [
  'auto-stop',
  'desktop-pages',
  'meeting-bot',
  'meeting-bot-self-hosted',
  'reading-aids',
  'scribes',
  'scribe-time',
  'session-restart',
  'transcript-editing',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'together', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, workers: 1, dependencies: ['together'] },
  ],
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx scripts/start.ts',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    // A busy machine (several runs sharing two cores) may need longer to start the emulator and server.
    timeout: Number(process.env.HEARKEN_E2E_SERVER_TIMEOUT_MS ?? 120_000),
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      HEARKEN_SKIP_BUILD: '1',
      HEARKEN_NO_MODEL_DOWNLOAD: '1',
      // A free port: another emulator (npm start's) may hold the default 9099.
      HEARKEN_AUTH_EMULATOR_PORT: String(Number(process.env.HEARKEN_E2E_AUTH_PORT ?? 9499)),
      HEARKEN_PORT: String(PORT),
      HEARKEN_DATA_DIR: dataDir,
      HEARKEN_LOG_LEVEL: 'warn',
      HEARKEN_TIER_BASIC: 'pocketsphinx',
      HEARKEN_TIER_PREMIUM: 'pocketsphinx',
      // Meeting bots through the local stand-in of the provider (no key here).
      HEARKEN_MEETING_BOT_STAND_IN: '1',
      // ...and the self-hosted Chromium bot for the test meeting page the tests serve
      // (tests/e2e/meeting-bot-self-hosted.spec.ts); other platforms stay with the stand-in.
      HEARKEN_MEETING_BOT_SELF_HOSTED: '1',
      HEARKEN_MEETING_BOT_TEST_MEETINGS: '1',
      // Phone calls through the local stand-in of Twilio (no account here): a silent conference.
      HEARKEN_PHONE_STAND_IN: '1',
      // Its host is a guest: phone calls for everyone here (who may call, how often and which
      // numbers are tests/integration/attacks-toll-fraud.test.ts's).
      HEARKEN_PHONE_CALLS_FOR: 'everyone',
      // The Scribe of tests/e2e/scribes.spec.ts (docs/scribes.md: who is a Scribe).
      HEARKEN_SCRIBE_EMAILS: 'e2e-scribe@example.com',
      // Its host is a guest: Scribes for everyone here (docs/credits.md); who may ask and what
      // it costs are tests/integration/credits-tiers.test.ts's.
      HEARKEN_SCRIBES_FOR: 'everyone',
      // Boost for everyone: the boost tests' people are guests and free accounts (the plan
      // check is tests/integration/boost-words.test.ts's).
      HEARKEN_BOOST_FOR: 'everyone',
    },
  },
});
