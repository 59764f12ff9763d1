/**
 * The run's shared Firebase Auth emulator (started by tests/setup/auth-emulator.ts), once it is
 * ready. Tests using it sign up accounts of their own and never stop it.
 */
import { inject } from 'vitest';
import { isReady } from '../../scripts/lib/auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';

export async function sharedAuthEmulator(timeoutMs = 180_000): Promise<SharedAuthEmulator> {
  const emulator = inject('sharedAuthEmulator');
  if (!emulator)
    throw new Error('no shared Auth emulator: run through the integration project (vitest.config.ts)');
  const deadline = Date.now() + timeoutMs;
  while (!(await isReady(emulator.url))) {
    if (Date.now() > deadline)
      throw new Error(
        `the shared Auth emulator at ${emulator.url} was not ready in time (see the run's output)`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
  return emulator;
}
