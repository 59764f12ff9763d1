import { describe, expect, it, vi } from 'vitest';
import { AppUpdates, EXPIRY_CHECK_INTERVAL_MS, type AppUpdatesDeps } from '../../../src/main/app-updates';
import type { MainLog } from '../../../src/main/log';
import type { AutoUpdaterLike } from '../../../src/main/update';

const FEED = 'https://updates.example.org/hearken';
const NOW = Date.parse('2026-11-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

/** Squirrel stand-in: the test fires its events. */
function fakeAutoUpdater() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const updater = {
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(),
    quitAndInstall: vi.fn(),
    on: (event: string, listener: (...args: unknown[]) => void) =>
      void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    emit: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args)),
  };
  return updater as typeof updater & AutoUpdaterLike;
}

function setUp(options: Partial<AppUpdatesDeps> = {}, policy?: unknown) {
  const autoUpdater = fakeAutoUpdater();
  const repeated: [() => void, number][] = [];
  const deps = {
    autoUpdater,
    platform: 'darwin',
    arch: 'arm64',
    isPackaged: true,
    appVersion: '2.1.0',
    buildFeed: FEED,
    envFeed: undefined,
    fetch: vi.fn(async () => ({ ok: policy !== undefined, json: async () => policy })),
    now: () => NOW,
    timers: { setInterval: vi.fn(() => 1), clearInterval: vi.fn() },
    repeatInBackground: (fn: () => void, ms: number) => void repeated.push([fn, ms]),
    sendNotice: vi.fn(),
    changed: vi.fn(),
    log: vi.fn<MainLog>(),
    ...options,
  };
  return { updates: new AppUpdates(deps), deps, autoUpdater, repeated };
}

const policy = (expiresAt: number) => ({
  latestVersion: '2.2.0',
  minimumVersion: '2.2.0',
  expiresAt: new Date(expiresAt).toISOString(),
});

describe('AppUpdates: automatic updates', () => {
  it('checks the build feed, and offers a downloaded update in the tray', () => {
    const { updates, deps, autoUpdater } = setUp();
    updates.startUpdates();
    expect(autoUpdater.setFeedURL).toHaveBeenCalledWith({
      url: `${FEED}/darwin/arm64/RELEASES.json`,
      serverType: 'json',
    });
    expect(updates.updateReady).toBe(false);
    autoUpdater.emit('update-downloaded');
    expect(updates.updateReady).toBe(true);
    expect(deps.changed).toHaveBeenCalled();
    updates.installNow();
    expect(autoUpdater.quitAndInstall).toHaveBeenCalledTimes(1);
    updates.stop();
    expect(deps.timers.clearInterval).toHaveBeenCalledWith(1);
  });

  it('logs a failed check', () => {
    const { updates, deps, autoUpdater } = setUp();
    updates.startUpdates();
    autoUpdater.emit('error', new Error('404 RELEASES.json'));
    expect(deps.log).toHaveBeenCalledWith('warn', 'update check failed: 404 RELEASES.json');
  });

  it('says why there are no updates when the feed is refused, and does nothing else', () => {
    const { updates, deps, autoUpdater } = setUp({ buildFeed: 'http://updates.example.org' });
    updates.startUpdates();
    expect(deps.log).toHaveBeenCalledWith(
      'warn',
      expect.stringMatching(/^update feed refused \(it must be https/),
    );
    expect(autoUpdater.setFeedURL).not.toHaveBeenCalled();
    updates.installNow();
    expect(autoUpdater.quitAndInstall).not.toHaveBeenCalled();
  });
});

describe('AppUpdates: version expiry', () => {
  it('reads the feed policy and tells the main window how many days are left', async () => {
    const { updates, deps } = setUp({}, policy(NOW + 3 * DAY));
    updates.startUpdates();
    await updates.checkExpiry();
    expect(deps.fetch).toHaveBeenCalledWith(`${FEED}/version-policy.json`);
    expect(deps.sendNotice).toHaveBeenCalledWith({
      kind: 'expiresSoon',
      daysLeft: 3,
      latestVersion: '2.2.0',
    });
    expect(updates.expired).toBe(false);
  });

  it('marks the version expired for the tray once the day has passed', async () => {
    const { updates, deps } = setUp({}, policy(NOW - DAY));
    updates.startUpdates();
    await updates.checkExpiry();
    expect(deps.sendNotice).toHaveBeenCalledWith({ kind: 'expired', latestVersion: '2.2.0' });
    expect(updates.expired).toBe(true);
    expect(deps.changed).toHaveBeenCalled();
  });

  it('reads nothing without a feed, and only logs when the policy cannot be read', async () => {
    const none = setUp({ buildFeed: '' });
    none.updates.startUpdates();
    await none.updates.checkExpiry();
    expect(none.deps.fetch).not.toHaveBeenCalled();
    const failing = setUp({ fetch: vi.fn(async () => Promise.reject(new Error('offline'))) });
    failing.updates.startUpdates();
    await failing.updates.checkExpiry();
    expect(failing.deps.log).toHaveBeenCalledWith('info', 'version policy unavailable: offline');
    expect(failing.deps.sendNotice).not.toHaveBeenCalled();
  });

  it('reads the policy at once and then every day', async () => {
    const { updates, deps, repeated } = setUp({}, policy(NOW + 3 * DAY));
    updates.startUpdates();
    updates.watchExpiry();
    expect(deps.fetch).toHaveBeenCalledTimes(1);
    expect(repeated.map(([, ms]) => ms)).toEqual([EXPIRY_CHECK_INTERVAL_MS]);
    expect(EXPIRY_CHECK_INTERVAL_MS).toBe(DAY);
    repeated[0]![0]();
    expect(deps.fetch).toHaveBeenCalledTimes(2);
  });
});
