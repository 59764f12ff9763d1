/**
 * Auto-update through the feed electron-forge's S3 publisher fills (static files: RELEASES for
 * Squirrel.Windows, RELEASES.json for Squirrel.Mac, in `<feed>/<platform>/<arch>`). Linux
 * packages (deb, rpm) update through the system's package manager, so Linux does not check.
 * Only a packaged app checks: a development run would "update" to the published build.
 *
 * The feed decides what code this computer runs next, so it is trusted only as far as its
 * transport: https only (Squirrel installs what the feed lists; over http anyone on the network
 * could list their own build). A packaged app reads the feed fixed at build time and nothing else:
 * an environment variable can be set by whatever starts the app (a shortcut, a launcher, another
 * program of the same user), which must not be enough to point it at another feed.
 */

/** What to do about the update feed, and what to tell the log about it. */
export interface UpdateFeedDecision {
  /** The feed's base URL, https; undefined: no auto-update and no version policy. */
  base: string | undefined;
  log: { level: 'info' | 'warn'; message: string }[];
}

/** Why a feed URL is refused, or undefined for an https URL that a path can be appended to. */
export function updateFeedProblem(feed: string): string | undefined {
  let url: URL;
  try {
    url = new URL(feed);
  } catch {
    return 'it is not a URL';
  }
  if (url.protocol !== 'https:') return `it must be https:// (got ${url.protocol}//)`;
  if (url.username || url.password) return 'it must not carry a user name or password';
  if (url.search || url.hash) return 'it must not have a query or fragment';
  return undefined;
}

/**
 * The feed this run uses. Packaged: the build's value only (HEARKEN_UPDATE_FEED in the
 * environment is ignored, and the log says so). Development: the environment may override it, to
 * try a feed without rebuilding. Either way a feed that is not https is refused, with the reason.
 */
export function decideUpdateFeed(source: {
  isPackaged: boolean;
  buildFeed: string;
  envFeed: string | undefined;
}): UpdateFeedDecision {
  const log: UpdateFeedDecision['log'] = [];
  let feed = source.buildFeed;
  if (source.envFeed !== undefined && source.envFeed !== source.buildFeed) {
    if (source.isPackaged)
      log.push({
        level: 'warn',
        message:
          'HEARKEN_UPDATE_FEED is ignored in a packaged build: only the feed it was built with is used',
      });
    else feed = source.envFeed;
  }
  feed = feed.trim();
  if (feed === '') {
    log.push({ level: 'info', message: 'no update feed: auto-update and version notices are off' });
    return { base: undefined, log };
  }
  const problem = updateFeedProblem(feed);
  if (problem) {
    log.push({
      level: 'warn',
      message: `update feed refused (${problem}): auto-update and version notices are off`,
    });
    return { base: undefined, log };
  }
  return { base: feed.replace(/\/+$/, ''), log };
}

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
  /** decideUpdateFeed's base; empty disables updates, anything but https is refused. */
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
  const off = { enabled: false, installNow() {}, stop() {} };
  if (!supported || !options.isPackaged || options.feedBase.trim() === '') {
    options.onStatus('disabled');
    return off;
  }
  // Checked again here, whoever called: Squirrel must never be given a feed that is not https.
  const problem = updateFeedProblem(options.feedBase.trim());
  if (problem) {
    options.onStatus('disabled', `update feed refused: ${problem}`);
    return off;
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
