/**
 * The integration project's global setup: one Firebase Auth emulator for the whole run, shared
 * by the test files that need an identity provider but not an emulator of their own
 * (tests/helpers/shared-auth-emulator.ts). Starting one costs about 11 s of CPU, and ten files
 * used to start their own. Isolation comes from the accounts: each file signs up its own
 * (distinct emails, or a random tag in them).
 *
 * It starts in the background, so a run of files that never ask for it does not wait for it;
 * those that do wait until it says it is ready. Stopped at the end of the run. The files about
 * the emulator's own life (npm-start, launcher-death) still start theirs.
 */
import type { TestProject } from 'vitest/node';
import { DEMO_PROJECT_ID, EMULATOR_HOST, freePort, startAuthEmulator } from '../../scripts/lib/auth-emulator';

export interface SharedAuthEmulator {
  url: string;
  projectId: string;
  /** `host:port`, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  hostAndPort: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's shared Auth emulator listens (it may still be starting). */
    sharedAuthEmulator?: SharedAuthEmulator;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort(EMULATOR_HOST);
  const starting = startAuthEmulator({ port, projectId: DEMO_PROJECT_ID, startTimeoutMs: 180_000 }).catch(
    (error: unknown) => {
      console.error(`the shared Auth emulator did not start: ${String(error)}`);
      return undefined;
    },
  );
  project.provide('sharedAuthEmulator', {
    url: `http://${EMULATOR_HOST}:${port}`,
    projectId: DEMO_PROJECT_ID,
    hostAndPort: `${EMULATOR_HOST}:${port}`,
  });
  return async () => {
    await (await starting)?.stop();
  };
}
