/** How long stopping may take (issue 27): HEARKEN_SHUTDOWN_TIMEOUT_MS. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';

describe('shutdown deadline', () => {
  it('is 25 s unless set (under the 30 s an orchestrator usually grants), and a whole number of ms', () => {
    expect(loadConfig({}, false).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ HEARKEN_SHUTDOWN_TIMEOUT_MS: '5000' }, false).shutdownTimeoutMs).toBe(5000);
    expect(() => loadConfig({ HEARKEN_SHUTDOWN_TIMEOUT_MS: '0' }, false)).toThrow(
      'HEARKEN_SHUTDOWN_TIMEOUT_MS must be at least 1',
    );
  });
});
