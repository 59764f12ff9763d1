/** Small pure parts of the accounts area in the renderer. */
import { describe, expect, it } from 'vitest';
import type { ClientLogEntry } from '../../../../src/shared/user';
import {
  CLIENT_LOG_FLUSH_MS,
  clientInfoFrom,
  shippingLogger,
} from '../../../../src/renderer/lib/client-logs';
import { memoryLogger } from '../../../../src/renderer/lib/logger';

describe('client logs', () => {
  const info = { os: 'Linux', app: 'web', browser: 'Chrome', device: 'desktop' };

  const GUEST = { Authorization: 'Guest abc' };

  it('ships info, warnings and errors in one batch with the spec’s fields; debug stays local', async () => {
    const posted: ClientLogEntry[][] = [];
    const scheduled: (() => void)[] = [];
    const local = memoryLogger();
    const logger = shippingLogger({
      local,
      info,
      now: () => 1234,
      credential: () => GUEST,
      post: async (entries, headers) => (expect(headers).toEqual(GUEST), posted.push(entries), true),
      schedule: (fn, ms) => {
        expect(ms).toBe(CLIENT_LOG_FLUSH_MS);
        scheduled.push(fn);
      },
    });
    logger.log('debug', 'socket', 'ping');
    logger.log('info', 'analytics', 'Signed In', { providers: 'password' });
    logger.log('error', 'auth', 'failed', new Error('boom'));
    expect(local.entries).toHaveLength(3);
    expect(scheduled).toHaveLength(1);
    scheduled[0]!();
    await logger.flush();
    expect(posted).toEqual([
      [
        {
          tag: 'analytics',
          msg: 'Signed In',
          level: 'info',
          extra: { providers: 'password' },
          ...info,
          timestamp: 1234,
        },
        {
          tag: 'auth',
          msg: 'failed',
          level: 'error',
          extra: { error: 'Error: boom' },
          ...info,
          timestamp: 1234,
        },
      ],
    ]);
  });

  it('drops a batch the server refused, without retrying in a loop', async () => {
    let calls = 0;
    const logger = shippingLogger({
      local: memoryLogger(),
      info,
      now: () => 0,
      credential: () => GUEST,
      post: async () => (calls++, false),
      schedule: () => undefined,
    });
    logger.log('warn', 'x', 'one');
    await logger.flush();
    await logger.flush();
    expect(calls).toBe(1);
  });

  it('sends nothing before the session can prove who it is, then everything with its credential (issue 29, F-11)', async () => {
    const posted: { entries: ClientLogEntry[]; headers: Record<string, string> }[] = [];
    const scheduled: (() => void)[] = [];
    const session: { credential?: Record<string, string> } = {};
    const logger = shippingLogger({
      local: memoryLogger(),
      info,
      now: () => 0,
      credential: () => session.credential,
      post: async (entries, headers) => (posted.push({ entries, headers }), true),
      schedule: (fn) => void scheduled.push(fn),
    });
    logger.log('warn', 'session', 'starting');
    scheduled.shift()!();
    await logger.flush();
    expect(posted).toEqual([]);
    // Still waiting: tried again later.
    expect(scheduled).toHaveLength(1);
    session.credential = GUEST;
    scheduled.shift()!();
    await logger.flush();
    expect(posted).toEqual([{ entries: [expect.objectContaining({ msg: 'starting' })], headers: GUEST }]);
  });

  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
      false,
      ['Linux', 'Chrome', 'desktop'],
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
      true,
      ['iOS', 'Safari', 'mobile'],
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36 Edg/120.0',
      false,
      ['Windows', 'Edge', 'desktop'],
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit Hearken/2.2.0 Chrome/120 Electron/30.0 Safari',
      false,
      ['macOS', 'Electron', 'desktop'],
    ],
  ])('describes %s', (ua, touch, [os, browser, device]) => {
    expect(clientInfoFrom(ua, 'web', touch)).toEqual({ os, browser, device, app: 'web' });
  });
});
