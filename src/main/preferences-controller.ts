/**
 * Where a change of preferences is carried out, whoever asked (the preferences page, the tray,
 * the smoke test): each field is checked (settings.ts applyPreferencesUpdate), the global shortcut
 * and the login item are applied, and a step the system refuses is rolled back to the value still
 * in force (the shortcut still registered, the login item as it was) and named as the problem, so
 * what is stored and shown is what actually works. Then the result is stored, applied to the open
 * windows and told to every page.
 */
import { checkServerUrl } from '../shared/desktop';
import type { DesktopConfig, DesktopPreferences, InvokeRequest, PreferencesProblem } from '../shared/ipc';
import type { MainLog } from './log';
import { SERVER_URL_PROBLEMS, type SettingsStore, applyPreferencesUpdate } from './settings';
import type { ShortcutOutcome } from './shortcut';
import type { MainStrings } from './strings';

export type PreferencesUpdate = InvokeRequest<'desktop:updatePreferences'>;

export interface PreferencesControllerDeps {
  settings: SettingsStore;
  /** shortcut.ts CaptionsShortcut: `accelerator` is the one registered now. */
  shortcut: { apply(accelerator: string): ShortcutOutcome; readonly accelerator: string };
  /** login-item.ts setOpenAtLogin with this machine's dependencies; rejects when the system refuses. */
  setOpenAtLogin(enabled: boolean): Promise<void>;
  /** The open caption window follows. */
  clickThroughChanged(enabled: boolean): void;
  /** The open caption window is replaced by the other mode's. */
  captionModeChanged(): void;
  /** Every page is told (desktop:configChanged). */
  configChanged(config: DesktopConfig): void;
  /** Every page talks to the server: they load again against the new one. */
  serverChanged(): void;
  /** The tray shows the preferences. */
  changed(): void;
  strings(): Pick<MainStrings, 'shortcutTaken'>;
  appVersion: string;
  platform: DesktopConfig['platform'];
  log: MainLog;
}

export class PreferencesController {
  /** A problem found at start (the saved shortcut is held by another app), shown until the next change. */
  private startupProblem: PreferencesProblem | undefined;

  constructor(private readonly d: PreferencesControllerDeps) {}

  get current(): DesktopPreferences {
    return this.d.settings.get('preferences');
  }

  config(problem = this.startupProblem): DesktopConfig {
    return {
      preferences: this.current,
      appVersion: this.d.appVersion,
      platform: this.d.platform,
      ...(problem ? { problem } : {}),
    };
  }

  /**
   * Development and the smoke test point the app at a server without touching the preferences
   * page (HEARKEN_SERVER_URL), by the same rule as that page: https, or http to this computer.
   */
  overrideServerUrl(raw: string): void {
    const checked = checkServerUrl(raw);
    if (checked.ok) this.d.settings.set('preferences', { ...this.current, serverUrl: checked.url });
    else
      this.d.log(
        'warn',
        `HEARKEN_SERVER_URL refused (${SERVER_URL_PROBLEMS[checked.problem]}); keeping ${this.current.serverUrl}`,
      );
  }

  /**
   * Registers the saved shortcut at start. Held by another app: the preferences page says so
   * (until the next change), and the tray still starts captions.
   */
  applySavedShortcut(): ShortcutOutcome {
    const accelerator = this.current.globalShortcut;
    const outcome = this.d.shortcut.apply(accelerator);
    if (outcome === 'taken') {
      this.d.log('warn', this.d.strings().shortcutTaken(accelerator));
      this.startupProblem = 'shortcut-taken';
    }
    return outcome;
  }

  async update(update: PreferencesUpdate): Promise<DesktopConfig> {
    // A change of language alone leaves the start's problem on the page.
    if (Object.keys(update).some((key) => key !== 'language')) this.startupProblem = undefined;
    const before = this.current;
    const result = applyPreferencesUpdate(before, update);
    const next = result.preferences;
    let problem = result.problem;
    if (result.serverUrlProblem)
      this.d.log(
        'warn',
        `server address refused (${SERVER_URL_PROBLEMS[result.serverUrlProblem]}); kept ${before.serverUrl}`,
      );
    if (next.globalShortcut !== before.globalShortcut) {
      const outcome = this.d.shortcut.apply(next.globalShortcut);
      if (outcome === 'taken' || outcome === 'invalid') {
        problem = outcome === 'taken' ? 'shortcut-taken' : 'shortcut-invalid';
        // Rolled back to the shortcut that still works (CaptionsShortcut kept it registered).
        next.globalShortcut = this.d.shortcut.accelerator;
      }
    }
    if (next.openAtLogin !== before.openAtLogin) {
      try {
        await this.d.setOpenAtLogin(next.openAtLogin);
      } catch (error) {
        this.d.log('warn', 'could not change start at login', error);
        next.openAtLogin = before.openAtLogin;
        problem = 'login-item-failed';
      }
    }
    this.d.settings.set('preferences', next);
    if (update.language !== undefined) this.d.settings.set('language', update.language);
    if (next.clickThrough !== before.clickThrough) this.d.clickThroughChanged(next.clickThrough);
    if (next.captionMode !== before.captionMode) this.d.captionModeChanged();
    const current = this.config(problem);
    this.d.configChanged(current);
    if (next.serverUrl !== before.serverUrl) this.d.serverChanged();
    this.d.changed();
    return current;
  }
}
