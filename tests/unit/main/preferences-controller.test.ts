import { describe, expect, it, vi } from 'vitest';
import {
  PreferencesController,
  type PreferencesControllerDeps,
} from '../../../src/main/preferences-controller';
import type { SettingsStore, StoredSettings } from '../../../src/main/settings';
import { SETTINGS_DEFAULTS } from '../../../src/main/settings';
import { CaptionsShortcut, type GlobalShortcutLike } from '../../../src/main/shortcut';
import { DEFAULT_PREFERENCES } from '../../../src/shared/desktop-preferences';

/** The real shortcut class over a fake system that refuses the accelerators in `held`. */
function system(held: string[] = []) {
  const registered = new Set<string>();
  const globalShortcut: GlobalShortcutLike = {
    register: (accelerator) => {
      if (held.includes(accelerator)) return false;
      registered.add(accelerator);
      return true;
    },
    unregister: (accelerator) => void registered.delete(accelerator),
  };
  return { registered, shortcut: new CaptionsShortcut(globalShortcut, () => undefined) };
}

function memorySettings(): SettingsStore & { data: StoredSettings } {
  const data: StoredSettings = structuredClone(SETTINGS_DEFAULTS);
  return {
    data,
    get: (key) => data[key],
    set: (key, value) => void (data[key] = value),
  };
}

function controller(options: { held?: string[]; loginItemFails?: boolean } = {}) {
  const settings = memorySettings();
  const sys = system(options.held);
  const setOpenAtLogin = vi.fn(async (enabled: boolean) => {
    if (options.loginItemFails) throw new Error(`cannot ${enabled ? 'add' : 'remove'} the login item`);
  });
  const effects = {
    clickThroughChanged: vi.fn(),
    captionModeChanged: vi.fn(),
    serverChanged: vi.fn(),
    configChanged: vi.fn(),
  };
  const log = vi.fn();
  const deps: PreferencesControllerDeps = {
    settings,
    shortcut: sys.shortcut,
    setOpenAtLogin,
    appVersion: '2.2.0',
    platform: 'linux',
    effects,
    log,
  };
  const prefs = new PreferencesController(deps);
  return { prefs, settings, sys, setOpenAtLogin, effects, log };
}

describe('PreferencesController.update', () => {
  it('saves a change, tells every window and leaves the rest alone', async () => {
    const { prefs, settings, effects } = controller();
    const config = await prefs.update({ captionMode: 'captionsBox', clickThrough: true });
    expect(settings.data.preferences).toEqual({
      ...DEFAULT_PREFERENCES,
      captionMode: 'captionsBox',
      clickThrough: true,
    });
    expect(config).toEqual({
      preferences: settings.data.preferences,
      appVersion: '2.2.0',
      platform: 'linux',
    });
    expect(effects.captionModeChanged).toHaveBeenCalledOnce();
    expect(effects.clickThroughChanged).toHaveBeenCalledWith(true);
    expect(effects.configChanged).toHaveBeenCalledWith(config);
    expect(effects.serverChanged).not.toHaveBeenCalled();
  });

  it('registers a new global shortcut and releases the old one', async () => {
    const { prefs, sys } = controller();
    prefs.start({ shortcutTaken: (a) => `${a} taken` });
    const config = await prefs.update({ globalShortcut: 'CommandOrControl+Shift+K' });
    expect(config.preferences.globalShortcut).toBe('CommandOrControl+Shift+K');
    expect([...sys.registered]).toEqual(['CommandOrControl+Shift+K']);
    expect(config.problem).toBeUndefined();
  });

  it('rolls the shortcut back when another app holds the new one, keeping the other fields of the change', async () => {
    const { prefs, settings, sys } = controller({ held: ['CommandOrControl+Shift+K'] });
    prefs.start({ shortcutTaken: (a) => `${a} taken` });
    const config = await prefs.update({ globalShortcut: 'CommandOrControl+Shift+K', clickThrough: true });
    expect(config.problem).toBe('shortcut-taken');
    // The saved shortcut is the one that still works, not the one that was asked for.
    expect(settings.data.preferences.globalShortcut).toBe(DEFAULT_PREFERENCES.globalShortcut);
    expect([...sys.registered]).toEqual([DEFAULT_PREFERENCES.globalShortcut]);
    expect(settings.data.preferences.clickThrough).toBe(true);
  });

  it('refuses an accelerator that is not one, keeping the working shortcut', async () => {
    const { prefs, settings } = controller();
    prefs.start({ shortcutTaken: (a) => `${a} taken` });
    const config = await prefs.update({ globalShortcut: 'Banana+Q' });
    expect(config.problem).toBe('shortcut-invalid');
    expect(settings.data.preferences.globalShortcut).toBe(DEFAULT_PREFERENCES.globalShortcut);
  });

  it('rolls start-at-login back when the system refuses it, saying so and keeping the other fields', async () => {
    const { prefs, settings, setOpenAtLogin, log } = controller({ loginItemFails: true });
    const config = await prefs.update({ openAtLogin: true, captionMode: 'captionsBox' });
    expect(setOpenAtLogin).toHaveBeenCalledWith(true);
    expect(config.problem).toBe('login-item-failed');
    expect(settings.data.preferences.openAtLogin).toBe(false);
    expect(settings.data.preferences.captionMode).toBe('captionsBox');
    expect(log).toHaveBeenCalledWith('warn', 'could not change start at login', expect.any(Error));
  });

  it('does not touch the login item when that preference did not change', async () => {
    const { prefs, setOpenAtLogin } = controller();
    await prefs.update({ openAtLogin: false });
    expect(setOpenAtLogin).not.toHaveBeenCalled();
  });

  it('keeps the server address when a new one is refused, and reloads pages when one is accepted', async () => {
    const { prefs, settings, effects, log } = controller();
    const refused = await prefs.update({ serverUrl: 'http://captions.example.org' });
    expect(refused.problem).toBe('server-url-invalid');
    expect(settings.data.preferences.serverUrl).toBe(DEFAULT_PREFERENCES.serverUrl);
    expect(effects.serverChanged).not.toHaveBeenCalled();
    expect(log.mock.calls[0]?.[1]).toMatch(/plain http:\/\/ is accepted only for this computer/);

    await prefs.update({ serverUrl: 'https://captions.example.org' });
    expect(settings.data.preferences.serverUrl).toBe('https://captions.example.org');
    expect(effects.serverChanged).toHaveBeenCalledOnce();
  });

  it('stores the tray language apart from the preferences', async () => {
    const { prefs, settings } = controller();
    await prefs.update({ language: 'fr' });
    expect(settings.data.language).toBe('fr');
  });
});

describe('PreferencesController.start', () => {
  it('reports a saved shortcut another app holds until the next change, but not after a language change', async () => {
    const { prefs, log } = controller({ held: [DEFAULT_PREFERENCES.globalShortcut] });
    prefs.start({ shortcutTaken: (a) => `${a} is taken` });
    expect(log).toHaveBeenCalledWith('warn', `${DEFAULT_PREFERENCES.globalShortcut} is taken`);
    expect(prefs.config().problem).toBe('shortcut-taken');
    await prefs.update({ language: 'fr' });
    expect(prefs.config().problem).toBe('shortcut-taken');
    await prefs.update({ captionMode: 'captionsBox' });
    expect(prefs.config().problem).toBeUndefined();
  });

  it('takes a server from the environment under the same rule as the preferences screen', () => {
    const accepted = controller();
    accepted.prefs.start({ envServerUrl: 'http://localhost:8787', shortcutTaken: String });
    expect(accepted.settings.data.preferences.serverUrl).toBe('http://localhost:8787');

    const refused = controller();
    refused.prefs.start({ envServerUrl: 'http://captions.example.org', shortcutTaken: String });
    expect(refused.settings.data.preferences.serverUrl).toBe(DEFAULT_PREFERENCES.serverUrl);
    expect(refused.log.mock.calls[0]?.[1]).toMatch(/^HEARKEN_SERVER_URL refused/);
  });
});
