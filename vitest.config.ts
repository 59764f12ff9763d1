import { defineConfig } from 'vitest/config';

// Unit tests run everywhere in parallel; integration tests start real servers, engines and
// databases, so they run one file at a time to keep the two cores for the speech engine.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // A unit test's path mirrors its module's: src/x/y.ts -> tests/unit/x/y[.aspect].test.ts.
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // One migrated PGlite database, copied into each test server's new data folder, and
          // one Auth emulator for the files that need an identity provider (tests/setup).
          globalSetup: ['tests/setup/database-template.ts', 'tests/setup/auth-emulator.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
