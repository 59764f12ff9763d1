import { defineConfig } from 'vitest/config';

/**
 * Integration files that run one at a time, after the others: those that measure how long the
 * server stalls or answers (another file's speech engine on the second core would be in their
 * figures), and those that share one peer by name (the cluster's NATS streams and Redis keys).
 */
export const SERIAL_INTEGRATION = [
  'tests/integration/attacks-*.test.ts',
  'tests/integration/cluster*.test.ts',
  'tests/integration/speech-load-limit.test.ts',
  'tests/integration/speech-pool.test.ts',
  'tests/integration/transcript-faults-*.test.ts',
  'tests/integration/upgrade-resets.test.ts',
];

const integration = {
  environment: 'node' as const,
  // One migrated PGlite database, copied into each test server's new data folder, and
  // one Auth emulator for the files that need an identity provider (tests/setup).
  globalSetup: ['tests/setup/database-template.ts', 'tests/setup/auth-emulator.ts'],
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

// Unit tests run two files at a time. Integration tests start real servers, engines and
// databases: most spend their time waiting on speech said in real time, so two files run at
// once (a server each, ports and databases of their own); the serial ones follow alone.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // A unit test's path mirrors its module's: src/x/y.ts -> tests/unit/x/y[.aspect].test.ts.
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Many
          // unit files wait on a child process, PGlite or a timer, so two keep both cores busy.
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: SERIAL_INTEGRATION,
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...integration,
          name: 'integration-serial',
          include: SERIAL_INTEGRATION,
          fileParallelism: false,
        },
      },
    ],
  },
});
