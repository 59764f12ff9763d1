/** Small pure parts of the accounts area in the renderer. */
import { describe, expect, it } from 'vitest';
import { isConnectionOfflineError } from '../../src/shared/account-errors';
import { STORAGE_KEYS } from '../../src/shared/constants';
import type { ClientLogEntry } from '../../src/shared/user';
import { showsDeveloperMode } from '../../src/renderer/features/account-settings/components/GeneralSettings';
import { RELOAD_GUARD_MS, shouldReload } from '../../src/renderer/app/CrashPage';
import { authActions, authReducer, initialAuthState } from '../../src/renderer/features/sign-in/slice';
import {
  remoteConfigActions,
  remoteConfigReducer,
  initialRemoteConfigState,
} from '../../src/renderer/features/remote-config/slice';
import { chooseBackend, socketUrlForBackend } from '../../src/renderer/lib/backend';
import { CLIENT_LOG_FLUSH_MS, clientInfoFrom, shippingLogger } from '../../src/renderer/lib/client-logs';
import { memoryLogger } from '../../src/renderer/lib/logger';
import { memoryStorage } from '../../src/renderer/lib/storage';
import { testUser } from './harness';

describe('backend choice (the endpoint query parameter)', () => {
  it('switches to, and remembers, a backend of the product domain only', () => {
    const storage = memoryStorage();
    expect(chooseBackend('?endpoint=https%3A%2F%2Fapi.hearken.app', storage, 'https://hearken.app')).toBe(
      'https://api.hearken.app',
    );
    expect(storage.get(STORAGE_KEYS.avaBackendUrl)).toBe('https://api.hearken.app');
    // Remembered on the next visit, without the parameter.
    expect(chooseBackend('', storage, 'https://hearken.app')).toBe('https://api.hearken.app');
    // A foreign endpoint is ignored, and does not replace the remembered one.
    expect(chooseBackend('?endpoint=https%3A%2F%2Fevil.example', storage, 'https://hearken.app')).toBe(
      'https://api.hearken.app',
    );
    expect(storage.get(STORAGE_KEYS.avaBackendUrl)).toBe('https://api.hearken.app');
  });

  it("uses the page's own server by default, and when the endpoint is the page itself", () => {
    expect(
      chooseBackend('?endpoint=http%3A%2F%2F127.0.0.1%3A8080', memoryStorage(), 'http://127.0.0.1:8080'),
    ).toBe('');
    expect(chooseBackend('?endpoint=https%3A%2F%2Fhearken.app', memoryStorage(), 'https://hearken.app')).toBe(
      '',
    );
    expect(
      chooseBackend('', memoryStorage({ [STORAGE_KEYS.avaBackendUrl]: 'https://evil.example' }), 'x'),
    ).toBe('');
  });

  it('reaches the socket of the chosen backend', () => {
    const page = { protocol: 'http:', host: '127.0.0.1:8080' };
    expect(socketUrlForBackend('', page, '/ws')).toBe('ws://127.0.0.1:8080/ws');
    expect(socketUrlForBackend('https://api.hearken.app', page, '/ws')).toBe('wss://api.hearken.app/ws');
  });
});

describe('client logs', () => {
  const info = { os: 'Linux', app: 'web', browser: 'Chrome', device: 'desktop' };

  it('ships info, warnings and errors in one batch with the spec’s fields; debug stays local', async () => {
    const posted: ClientLogEntry[][] = [];
    const scheduled: (() => void)[] = [];
    const local = memoryLogger();
    const logger = shippingLogger({
      local,
      info,
      now: () => 1234,
      post: async (entries) => (posted.push(entries), true),
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
      post: async () => (calls++, false),
      schedule: () => undefined,
    });
    logger.log('warn', 'x', 'one');
    await logger.flush();
    await logger.flush();
    expect(calls).toBe(1);
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

describe('auth state', () => {
  it.each([
    [null, 'signed-out'],
    [testUser({ emailVerified: false, providerIds: ['password'] }), 'unverified'],
    [testUser({ emailVerified: true, providerIds: ['password'] }), 'signed-in'],
    [testUser({ emailVerified: false, providerIds: ['google.com'] }), 'signed-in'],
  ])('a user %j is %s', (user, phase) => {
    expect(authReducer(initialAuthState, authActions.userChanged(user)).phase).toBe(phase);
  });

  it('forgets the token when the user changes', () => {
    let state = authReducer(initialAuthState, authActions.userChanged(testUser({})));
    state = authReducer(state, authActions.tokenFetched({ token: 't', atMs: 1 }));
    expect(authReducer(state, authActions.userChanged(testUser({}))).token).toBe('t');
    expect(authReducer(state, authActions.userChanged(testUser({ uid: 'u2' }))).token).toBeUndefined();
    expect(authReducer(state, authActions.userChanged(null)).token).toBeUndefined();
  });
});

describe('remote config flags', () => {
  it('takes only the known flags, only as true or false', () => {
    const state = remoteConfigReducer(
      initialRemoteConfigState,
      remoteConfigActions.loaded({
        flags: { web_enable_sso: true, convo_v2: 'yes', other: true } as never,
        atMs: 5,
      }),
    );
    expect(state.flags).toEqual({
      web_enable_sso: true,
      theme_colors_v2: false,
      convo_v2: false,
      desktop_v2: false,
    });
  });
});

describe('developer mode, reload on a crash, offline errors', () => {
  it('shows developer mode on localhost or with the dev-mode flag', () => {
    expect(showsDeveloperMode(true, {})).toBe(true);
    expect(showsDeveloperMode(false, { 'dev-mode': true })).toBe(true);
    expect(showsDeveloperMode(false, { 'dev-mode': false, scribe: true })).toBe(false);
  });

  it('reloads on an unexpected error, but not again right after a reload', () => {
    expect(shouldReload(undefined, 100_000)).toBe(true);
    expect(shouldReload(100_000 - RELOAD_GUARD_MS, 100_000)).toBe(false);
    expect(shouldReload(100_000 - RELOAD_GUARD_MS - 1, 100_000)).toBe(true);
  });

  it("ignores the 'connection appears offline' error", () => {
    expect(isConnectionOfflineError('The Internet connection appears to be offline.')).toBe(true);
    expect(isConnectionOfflineError('Failed to get document because the client is offline.')).toBe(true);
    expect(isConnectionOfflineError('Wrong password')).toBe(false);
    expect(isConnectionOfflineError(undefined)).toBe(false);
  });
});
