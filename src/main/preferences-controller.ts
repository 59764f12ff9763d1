/**
 * Applies the desktop preferences: a change from the preferences screen or the tray is checked
 * field by field (settings.ts), then the parts that touch the operating system are applied (the
 * global shortcut, start at login). When one of those fails, that field keeps its old value and
 * the problem is reported, while the other fields of the same change are still saved: the user is
 * never left with a preference that says one thing while the system does another.
 */
import type { DesktopConfig, DesktopPreferences, InvokeRequest, PreferencesProblem } from '../shared/ipc';
import { checkServerUrl } from '../shared/desktop';
import { SERVER_URL_PROBLEMS, type SettingsStore, applyPreferencesUpdate } from './settings';
import type { ShortcutOutcome } from './shortcut';

export type PreferencesUpdate = InvokeRequest<'desktop:updatePreferences'>;

export interface PreferencesControllerDeps {
  settings: SettingsStore;
  /** The global shortcut (shortcut.ts): keeps the old one working when a new one is refused. */
  shortcut: { apply(accelerator: string): ShortcutOutcome; readonly accelerator: string };
  /** Start at login (login-item.ts); throws when the system refuses. */
  setOpenAtLogin(enabled: boolean): Promise<void>;
  appVersion: string;
  platform: DesktopConfig['platform'];
  /** What else changes with a preference: caption windows, the captions hub, pages, the tray. */
  effects: {
    clickThroughChanged(enabled: boolean): void;
    captionModeChanged(): void;
    /** Every page talks to the server: they load again against the new one. */
    serverChanged(): void;
    /** Sent to every window (desktop:configChanged) and shown in the tray. */
    configChanged(config: DesktopConfig): void;
  };
  log(level: 'info' | 'warn' | 'error', message: string, error?: unknown): void;
}

export class PreferencesController {
  /** A problem found at start (the saved shortcut is held by another app), shown until the next change. */
  private startupProblem: PreferencesProblem | undefined;

  constructor(private readonly deps: PreferencesControllerDeps) {}

  get preferences(): DesktopPreferences {
    return this.deps.settings.get('preferences');
  }

  config(problem: PreferencesProblem | undefined = this.startupProblem): DesktopConfig {
    return {
      preferences: this.preferences,
      appVersion: this.deps.appVersion,
      platform: this.deps.platform,
      ...(problem ? { problem } : {}),
    };
  }

  /**
   * At start: a server address given by the environment (development, the smoke test) under the
   * same rule as the preferences screen, and the saved shortcut registered. A shortcut another
   * app holds is reported on the preferences screen; the tray still starts captions.
   */
  start(options: { envServerUrl?: string; shortcutTaken(accelerator: string): string }): void {
    const { settings, log } = this.deps;
    if (options.envServerUrl) {
      const checked = checkServerUrl(options.envServerUrl);
      if (checked.ok) settings.set('preferences', { ...this.preferences, serverUrl: checked.url });
      else
        log(
          'warn',
          `HEARKEN_SERVER_URL refused (${SERVER_URL_PROBLEMS[checked.problem]}); keeping ${this.preferences.serverUrl}`,
        );
    }
    const saved = this.preferences.globalShortcut;
    if (this.deps.shortcut.apply(saved) === 'taken') {
      log('warn', options.shortcutTaken(saved));
      this.startupProblem = 'shortcut-taken';
    }
  }

  async update(update: PreferencesUpdate): Promise<DesktopConfig> {
    const { settings, shortcut, effects, log } = this.deps;
    // Changing the language says nothing about the shortcut: its start-up problem stays shown.
    if (Object.keys(update).some((key) => key !== 'language')) this.startupProblem = undefined;
    const before = this.preferences;
    const result = applyPreferencesUpdate(before, update);
    const next = result.preferences;
    let problem = result.problem;
    if (result.serverUrlProblem)
      log(
        'warn',
        `server address refused (${SERVER_URL_PROBLEMS[result.serverUrlProblem]}); kept ${before.serverUrl}`,
      );
    if (next.globalShortcut !== before.globalShortcut) {
      const outcome = shortcut.apply(next.globalShortcut);
      if (outcome === 'taken' || outcome === 'invalid') {
        problem = outcome === 'taken' ? 'shortcut-taken' : 'shortcut-invalid';
        // The shortcut that still works (the old one, or none if it could not be put back).
        next.globalShortcut = shortcut.accelerator;
      }
    }
    if (next.openAtLogin !== before.openAtLogin) {
      try {
        await this.deps.setOpenAtLogin(next.openAtLogin);
      } catch (error) {
        log('warn', 'could not change start at login', error);
        next.openAtLogin = before.openAtLogin;
        problem = 'login-item-failed';
      }
    }
    settings.set('preferences', next);
    if (update.language !== undefined) settings.set('language', update.language);
    if (next.clickThrough !== before.clickThrough) effects.clickThroughChanged(next.clickThrough);
    if (next.captionMode !== before.captionMode) effects.captionModeChanged();
    const current = this.config(problem);
    effects.configChanged(current);
    if (next.serverUrl !== before.serverUrl) effects.serverChanged();
    return current;
  }
}
