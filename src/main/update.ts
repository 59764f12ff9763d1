/**
 * Auto-update through the feed electron-forge's S3 publisher fills (static files: RELEASES for
 * Squirrel.Windows, RELEASES.json for Squirrel.Mac, in `<feed>/<platform>/<arch>`). Linux
 * packages (deb, rpm) update through the system's package manager, so Linux does not check.
 * Only a packaged app checks: a development run would "update" to the published build.
 */

export interface AutoUpdaterLike {
  setFeedURL(options: { url: string; serverType?: 'json' | 'default' }): void;
  checkForUpdates(): void;
  quitAndInstall(): void;
  on(event: 'update-downloaded', listener: (...args: unknown[]) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(
    event: 'update-not-available' | 'update-available' | 'checking-for-update',
    listener: () => void,
  ): unknown;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export function updateFeedUrl(
  feedBase: string,
  platform: string,
  arch: string,
): { url: string; serverType?: 'json' } {
  const base = `${feedBase.replace(/\/+$/, '')}/${platform}/${arch}`;
  // Squirrel.Mac reads a JSON feed file; Squirrel.Windows a folder with RELEASES.
  return platform === 'darwin' ? { url: `${base}/RELEASES.json`, serverType: 'json' } : { url: base };
}

export type UpdateStatus = 'disabled' | 'checking' | 'idle' | 'downloading' | 'ready' | 'error';

export interface AutoUpdateOptions {
  autoUpdater: AutoUpdaterLike;
  platform: string;
  arch: string;
  isPackaged: boolean;
  /** HEARKEN_UPDATE_FEED or the build's default; empty disables updates. */
  feedBase: string;
  timers: Timers;
  onStatus(status: UpdateStatus, detail?: string): void;
}

export interface AutoUpdates {
  readonly enabled: boolean;
  installNow(): void;
  stop(): void;
}

export function startAutoUpdates(options: AutoUpdateOptions): AutoUpdates {
  const supported = options.platform === 'darwin' || options.platform === 'win32';
  if (!supported || !options.isPackaged || options.feedBase.trim() === '') {
    options.onStatus('disabled');
    return { enabled: false, installNow() {}, stop() {} };
  }
  const { autoUpdater } = options;
  let ready = false;
  autoUpdater.setFeedURL(updateFeedUrl(options.feedBase, options.platform, options.arch));
  autoUpdater.on('checking-for-update', () => options.onStatus('checking'));
  autoUpdater.on('update-available', () => options.onStatus('downloading'));
  autoUpdater.on('update-not-available', () => options.onStatus('idle'));
  autoUpdater.on('update-downloaded', () => {
    ready = true;
    options.onStatus('ready');
  });
  autoUpdater.on('error', (error: Error) => options.onStatus('error', error.message));
  const check = () => {
    if (ready) return;
    try {
      autoUpdater.checkForUpdates();
    } catch (error) {
      options.onStatus('error', (error as Error).message);
    }
  };
  check();
  const handle = options.timers.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  return {
    enabled: true,
    installNow() {
      if (ready) autoUpdater.quitAndInstall();
    },
    stop() {
      options.timers.clearInterval(handle);
    },
  };
}
