import { describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import {
  EXPIRY_NOTICE_DAYS,
  daysLeft,
  expiryNotice,
  fetchExpiryNotice,
  parseVersionPolicy,
} from '../../src/main/expiry';
import { UPDATE_CHECK_INTERVAL_MS, startAutoUpdates, updateFeedUrl } from '../../src/main/update';
import { compareVersions, isDesktopV2Version } from '../../src/shared/desktop';

const DAY = 24 * 60 * 60 * 1000;

describe('versions', () => {
  it.each([
    ['2.1.9', '2.1.9', 0],
    ['2.1.10', '2.1.9', 1],
    ['2.2.0', '2.10.0', -1],
    ['v2.1.9', '2.1.9', 0],
    ['2.1.9-beta.1', '2.1.9', -1],
    ['2.1', '2.1.0', 0],
  ])('compareVersions(%s, %s) = %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('allows desktop v2 only from 2.1.9', () => {
    expect(isDesktopV2Version('2.1.8')).toBe(false);
    expect(isDesktopV2Version('2.1.9')).toBe(true);
    expect(isDesktopV2Version('2.2.0')).toBe(true);
    expect(isDesktopV2Version('2.1.9-rc.1')).toBe(false);
  });
});

describe('expiry notices (counted in days)', () => {
  const policy = { latestVersion: '2.3.0', minimumVersion: '2.2.0', expiresAtMs: Date.UTC(2026, 5, 30) };

  it('says nothing to a supported version', () => {
    expect(expiryNotice('2.2.0', policy, policy.expiresAtMs + 100 * DAY)).toBeUndefined();
  });

  it('counts the days left in the last month', () => {
    expect(expiryNotice('2.1.9', policy, policy.expiresAtMs - 10 * DAY)).toEqual({
      kind: 'expiresSoon',
      daysLeft: 10,
      latestVersion: '2.3.0',
    });
    // Part of a day counts as a day.
    expect(daysLeft(policy.expiresAtMs, policy.expiresAtMs - 1)).toBe(1);
    expect(
      expiryNotice('2.1.9', policy, policy.expiresAtMs - (EXPIRY_NOTICE_DAYS + 1) * DAY),
    ).toBeUndefined();
  });

  it('says the version expired once the day has come', () => {
    expect(expiryNotice('2.1.9', policy, policy.expiresAtMs)).toEqual({
      kind: 'expired',
      latestVersion: '2.3.0',
    });
  });

  it('reads the feed policy and refuses a malformed one', () => {
    expect(
      parseVersionPolicy({
        latestVersion: '2.3.0',
        minimumVersion: '2.2.0',
        expiresAt: '2026-06-30T00:00:00Z',
      }),
    ).toEqual(policy);
    expect(
      parseVersionPolicy({ latestVersion: '2.3', minimumVersion: '2.2.0', expiresAt: '2026-06-30' }),
    ).toBeUndefined();
    expect(
      parseVersionPolicy({ latestVersion: '2.3.0', minimumVersion: '2.2.0', expiresAt: 'soon' }),
    ).toBeUndefined();
    expect(parseVersionPolicy(null)).toBeUndefined();
  });
});

describe('fetchExpiryNotice', () => {
  const policy = { latestVersion: '2.3.0', minimumVersion: '2.2.0', expiresAt: '2026-12-01T00:00:00Z' };
  const now = () => Date.parse('2026-11-24T00:00:00Z');
  it('reads version-policy.json beside the feed and counts the days left', async () => {
    const fetch = vi.fn(async (_url: string) => ({ ok: true, json: async () => policy }));
    const notice = await fetchExpiryNotice({
      feed: 'https://updates.example/feed/',
      fetch,
      currentVersion: '2.1.9',
      now,
    });
    expect(fetch).toHaveBeenCalledWith('https://updates.example/feed/version-policy.json');
    expect(notice).toEqual({ kind: 'expiresSoon', daysLeft: 7, latestVersion: '2.3.0' });
  });
  it('says nothing without a feed, for a failed answer or a malformed policy', async () => {
    const fetch = vi.fn(async (_url: string) => ({ ok: true, json: async () => policy }));
    expect(await fetchExpiryNotice({ feed: undefined, fetch, currentVersion: '2.1.9', now })).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    const failed = async () => ({ ok: false, json: async () => policy });
    expect(
      await fetchExpiryNotice({ feed: 'https://u.example', fetch: failed, currentVersion: '2.1.9', now }),
    ).toBeUndefined();
    const bad = async () => ({ ok: true, json: async () => ({ latestVersion: 'soon' }) });
    expect(
      await fetchExpiryNotice({ feed: 'https://u.example', fetch: bad, currentVersion: '2.1.9', now }),
    ).toBeUndefined();
  });
});

describe('auto-update', () => {
  function fakeUpdater() {
    const emitter = new EventEmitter();
    return Object.assign(emitter, {
      setFeedURL: vi.fn(),
      checkForUpdates: vi.fn(),
      quitAndInstall: vi.fn(),
    });
  }
  const timers = () => {
    const intervals: { fn: () => void; ms: number }[] = [];
    return {
      intervals,
      timers: {
        setInterval: (fn: () => void, ms: number) => intervals.push({ fn, ms }),
        clearInterval: vi.fn(),
      },
    };
  };

  it('builds the feed URL of each platform', () => {
    expect(updateFeedUrl('https://updates.example.org/hearken/', 'win32', 'x64')).toEqual({
      url: 'https://updates.example.org/hearken/win32/x64',
    });
    expect(updateFeedUrl('https://updates.example.org/hearken', 'darwin', 'arm64')).toEqual({
      url: 'https://updates.example.org/hearken/darwin/arm64/RELEASES.json',
      serverType: 'json',
    });
  });

  it('checks at start and every few hours, and installs once downloaded', () => {
    const updater = fakeUpdater();
    const { intervals, timers: t } = timers();
    const status = vi.fn();
    const updates = startAutoUpdates({
      autoUpdater: updater,
      platform: 'win32',
      arch: 'x64',
      isPackaged: true,
      feedBase: 'https://updates.example.org/hearken',
      timers: t,
      onStatus: status,
    });
    expect(updates.enabled).toBe(true);
    expect(updater.setFeedURL).toHaveBeenCalledWith({ url: 'https://updates.example.org/hearken/win32/x64' });
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(intervals[0]!.ms).toBe(UPDATE_CHECK_INTERVAL_MS);
    updates.installNow();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    updater.emit('update-downloaded');
    expect(status).toHaveBeenLastCalledWith('ready');
    intervals[0]!.fn();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    updates.installNow();
    expect(updater.quitAndInstall).toHaveBeenCalled();
    updater.emit('error', new Error('offline'));
    expect(status).toHaveBeenLastCalledWith('error', 'offline');
  });

  it.each([
    ['Linux (package managers update deb and rpm)', 'linux', true, 'https://u'],
    ['a development run', 'darwin', false, 'https://u'],
    ['no feed configured', 'win32', true, ''],
  ])('does not check on %s', (_name, platform, isPackaged, feedBase) => {
    const updater = fakeUpdater();
    const status = vi.fn();
    const updates = startAutoUpdates({
      autoUpdater: updater,
      platform,
      arch: 'x64',
      isPackaged,
      feedBase,
      timers: timers().timers,
      onStatus: status,
    });
    expect(updates.enabled).toBe(false);
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    expect(status).toHaveBeenCalledWith('disabled');
  });
});
