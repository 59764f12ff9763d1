/**
 * Keeping the app current: automatic updates from the feed (update.ts decides which feed this
 * run may read, and checks it), and the feed's version policy, read at start and daily, which
 * tells the main window how many days this version has left (expiry.ts). The tray offers the
 * downloaded update and says when this version has expired.
 */
import type { ExpiryNotice } from '../shared/ipc';
import { expiryNotice, parseVersionPolicy } from './expiry';
import type { MainLog } from './log';
import {
  type AutoUpdaterLike,
  type AutoUpdates,
  type Timers,
  decideUpdateFeed,
  startAutoUpdates,
} from './update';

/** The version policy is read again this often (the app may run for weeks in the tray). */
export const EXPIRY_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface AppUpdatesDeps {
  autoUpdater: AutoUpdaterLike;
  platform: string;
  arch: string;
  isPackaged: boolean;
  appVersion: string;
  /** The feed the build was made with, and HEARKEN_UPDATE_FEED (development only). */
  buildFeed: string;
  envFeed: string | undefined;
  /** Electron's net.fetch. */
  fetch(url: string): Promise<{ ok: boolean; json(): Promise<unknown> }>;
  now(): number;
  /** The update checks' timer. */
  timers: Timers;
  /** A timer that does not keep the process alive, for the daily policy check. */
  repeatInBackground(fn: () => void, ms: number): void;
  /** The main window shows the notice. */
  sendNotice(notice: ExpiryNotice): void;
  /** The tray shows updateReady and expired. */
  changed(): void;
  log: MainLog;
}

export class AppUpdates {
  private ready = false;
  private hasExpired = false;
  private updates: AutoUpdates | undefined;
  private feed: string | undefined;

  constructor(private readonly d: AppUpdatesDeps) {}

  /** A downloaded update waits for a restart. */
  get updateReady(): boolean {
    return this.ready;
  }

  get expired(): boolean {
    return this.hasExpired;
  }

  /** Decides the feed and starts checking it for updates (packaged builds on macOS and Windows). */
  startUpdates(): void {
    // https only; a packaged build reads only the feed it was built with (update.ts).
    const decision = decideUpdateFeed({
      isPackaged: this.d.isPackaged,
      buildFeed: this.d.buildFeed,
      envFeed: this.d.envFeed,
    });
    for (const { level, message } of decision.log) this.d.log(level, message);
    this.feed = decision.base;
    this.updates = startAutoUpdates({
      autoUpdater: this.d.autoUpdater,
      platform: this.d.platform,
      arch: this.d.arch,
      isPackaged: this.d.isPackaged,
      feedBase: this.feed ?? '',
      timers: this.d.timers,
      onStatus: (status, detail) => {
        if (status === 'error') this.d.log('warn', `update check failed: ${detail ?? ''}`);
        if (status === 'disabled' && detail) this.d.log('warn', detail);
        this.ready = status === 'ready';
        this.d.changed();
      },
    });
  }

  /** Reads the version policy now and then every day. */
  watchExpiry(): void {
    void this.checkExpiry();
    this.d.repeatInBackground(() => void this.checkExpiry(), EXPIRY_CHECK_INTERVAL_MS);
  }

  async checkExpiry(): Promise<void> {
    if (!this.feed) return;
    try {
      const response = await this.d.fetch(`${this.feed.replace(/\/+$/, '')}/version-policy.json`);
      const policy = response.ok ? parseVersionPolicy(await response.json()) : undefined;
      const notice = policy ? expiryNotice(this.d.appVersion, policy, this.d.now()) : undefined;
      this.hasExpired = notice?.kind === 'expired';
      if (notice) this.d.sendNotice(notice);
      this.d.changed();
    } catch (error) {
      this.d.log('info', `version policy unavailable: ${(error as Error).message}`);
    }
  }

  installNow(): void {
    this.updates?.installNow();
  }

  stop(): void {
    this.updates?.stop();
  }
}
