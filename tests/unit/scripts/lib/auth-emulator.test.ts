/**
 * The Auth emulator the launcher starts listens on 127.0.0.1 only: every emulator in the
 * firebase.json it writes has that host (one left out would default to "localhost"), no option
 * can change it, and a project that is not `demo-` is refused.
 */
import { describe, expect, it } from 'vitest';
import {
  EMULATOR_HOST,
  emulatorFirebaseJson,
  startAuthEmulator,
  type AuthEmulatorOptions,
} from '../../../../scripts/lib/auth-emulator';

describe('the Auth emulator launcher', () => {
  it('binds every emulator it starts to 127.0.0.1', () => {
    expect(EMULATOR_HOST).toBe('127.0.0.1');
    const { emulators } = emulatorFirebaseJson({ auth: 9099, hub: 4400, logging: 4500 });
    const listening = Object.entries(emulators).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'port' in value,
    );
    expect(listening.map(([name]) => name).sort()).toEqual(['auth', 'hub', 'logging']);
    for (const [name, value] of Object.entries(emulators)) {
      if (typeof value !== 'object' || value === null) continue;
      expect((value as { host?: string }).host, name).toBe('127.0.0.1');
    }
    expect(emulators.ui).toMatchObject({ enabled: false });
  });

  it('has no option to choose the address', () => {
    // A compile-time check (tsc runs over the tests): adding a host option breaks this line.
    const hostIsAnOption: 'host' extends keyof AuthEmulatorOptions ? true : false = false;
    expect(hostIsAnOption).toBe(false);
    const options: AuthEmulatorOptions = { port: 1 };
    expect(Object.keys(options)).toEqual(['port']);
  });

  it('refuses a project that is not a demo one, before starting anything', async () => {
    await expect(startAuthEmulator({ projectId: 'hearken-prod', port: 1 })).rejects.toThrow(/demo-/);
  });
});
