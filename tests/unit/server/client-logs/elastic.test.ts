/** Server configuration of accounts: emulator, real project, remote config, log forwarding. */
import { describe, expect, it } from 'vitest';
import { bulkBody } from '../../../../src/server/client-logs/elastic';

describe('log forwarding', () => {
  it('writes one index action and one document per entry, newline-terminated', () => {
    const body = bulkBody(
      [
        {
          tag: 'a',
          msg: 'one',
          level: 'info',
          os: 'Linux',
          app: 'web',
          browser: 'Chrome',
          device: 'desktop',
          timestamp: 0,
        },
        {
          tag: 'b',
          msg: 'two',
          level: 'error',
          os: 'iOS',
          app: 'web',
          browser: 'Safari',
          device: 'mobile',
          timestamp: 1000,
        },
      ],
      'logs',
      { avaId: 'x1', receivedAtMs: 2000 },
    );
    const lines = body.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    expect(JSON.parse(lines[0]!)).toEqual({ index: { _index: 'logs' } });
    expect(JSON.parse(lines[3]!)).toMatchObject({
      tag: 'b',
      msg: 'two',
      avaId: 'x1',
      '@timestamp': '1970-01-01T00:00:01.000Z',
      receivedAt: '1970-01-01T00:00:02.000Z',
    });
    expect(bulkBody([], 'logs', { receivedAtMs: 0 })).toBe('');
  });
});
