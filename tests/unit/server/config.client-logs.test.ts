/** How long client log entries are kept (issue 29, F-11): HEARKEN_CLIENT_LOG_RETENTION_DAYS. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';

describe('client log retention', () => {
  it('is 14 days unless set, and a whole number of days of at least 1', () => {
    expect(loadConfig({}, false).clientLogRetentionDays).toBe(14);
    expect(loadConfig({ HEARKEN_CLIENT_LOG_RETENTION_DAYS: '3' }, false).clientLogRetentionDays).toBe(3);
    expect(() => loadConfig({ HEARKEN_CLIENT_LOG_RETENTION_DAYS: '0' }, false)).toThrow(
      'HEARKEN_CLIENT_LOG_RETENTION_DAYS must be at least 1',
    );
    expect(() => loadConfig({ HEARKEN_CLIENT_LOG_RETENTION_DAYS: '1.5' }, false)).toThrow(/whole number/);
  });
});
