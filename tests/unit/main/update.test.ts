import { describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import { UPDATE_CHECK_INTERVAL_MS, startAutoUpdates, updateFeedUrl } from '../../../src/main/update';

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
