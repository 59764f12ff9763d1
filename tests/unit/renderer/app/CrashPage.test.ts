/** Small pure parts of the accounts area in the renderer. */
import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, shouldReload } from '../../../../src/renderer/app/CrashPage';

describe('shouldReload', () => {
  it('reloads on an unexpected error, but not again right after a reload', () => {
    expect(shouldReload(undefined, 100_000)).toBe(true);
    expect(shouldReload(100_000 - RELOAD_GUARD_MS, 100_000)).toBe(false);
    expect(shouldReload(100_000 - RELOAD_GUARD_MS - 1, 100_000)).toBe(true);
  });
});
