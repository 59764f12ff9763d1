import { describe, expect, it, vi } from 'vitest';
import type { MainLog } from '../../../src/main/log';
import { PreferencesController } from '../../../src/main/preferences-controller';
import { SETTINGS_DEFAULTS, type SettingsStore, type StoredSettings } from '../../../src/main/settings';
import { CaptionsShortcut, type ShortcutOutcome } from '../../../src/main/shortcut';
import { DEFAULT_PREFERENCES } from '../../../src/shared/desktop-preferences';
import type { DesktopPreferences } from '../../../src/shared/ipc';

/** electron-store stand-in: values kept in memory, copied in and out as the real one does. */
function memoryStore(preferences: DesktopPreferences = DEFAULT_PREFERENCES) {
  const data: StoredSettings = structuredClone({ ...SETTINGS_DEFAULTS, preferences });
  const store: SettingsStore = {
    get: (key) => structuredClone(data[key]),
    set: (key, value) => void (data[key] = structuredClone(value)),
  };
  return { store, data };
}

/** The operating system's global shortcuts: `taken` are held by other apps. */
function systemShortcuts(taken: string[] = []) {
  const registered = new Set<string>();
  return {
    registered,
    register: (accelerator: string) => {
      if (taken.includes(accelerator)) return false;
      registered.add(accelerator);
      return true;
    },
    unregister: (accelerator: string) => void registered.delete(accelerator),
  };
}

function setUp(
  options: {
    preferences?: DesktopPreferences;
    taken?: string[];
    loginItem?: (enabled: boolean) => Promise<void>;
    shortcut?: { apply(accelerator: string): ShortcutOutcome; readonly accelerator: string };
  } = {},
) {
  const { store, data } = memoryStore(options.preferences);
  const os = systemShortcuts(options.taken);
  const shortcut = options.shortcut ?? new CaptionsShortcut(os, () => {});
  const log = vi.fn<MainLog>();
  const deps = {
    settings: store,
    shortcut,
    setOpenAtLogin: vi.fn(options.loginItem ?? (async () => {})),
    clickThroughChanged: vi.fn(),
    captionModeChanged: vi.fn(),
    configChanged: vi.fn(),
    serverChanged: vi.fn(),
    changed: vi.fn(),
    strings: () => ({ shortcutTaken: (a: string) => `${a} is taken` }),
    appVersion: '2.2.0',
    platform: 'linux' as const,
    log,
  };
  const controller = new PreferencesController(deps);
  return { controller, deps, data, os, shortcut, log };
}

describe('PreferencesController.update', () => {
  it('stores the update, tells every page and the tray, and answers the new config', async () => {
    const { controller, deps, data } = setUp();
    const config = await controller.update({
      audioSource: 'internal',
      theme: { name: 'fog', variant: 'light', bold: true },
    });
    const expected = {
      ...DEFAULT_PREFERENCES,
      audioSource: 'internal',
      theme: { name: 'fog', variant: 'light', bold: true },
    };
    expect(data.preferences).toEqual(expected);
    expect(config).toEqual({ preferences: expected, appVersion: '2.2.0', platform: 'linux' });
    expect(deps.configChanged).toHaveBeenCalledWith(config);
    expect(deps.changed).toHaveBeenCalledTimes(1);
    // Nothing else changed, so nothing else is applied.
    expect(deps.setOpenAtLogin).not.toHaveBeenCalled();
    expect(deps.clickThroughChanged).not.toHaveBeenCalled();
    expect(deps.captionModeChanged).not.toHaveBeenCalled();
    expect(deps.serverChanged).not.toHaveBeenCalled();
  });

  it('moves the global shortcut to the new combination', async () => {
    const { controller, data, os, shortcut } = setUp();
    controller.applySavedShortcut();
    await controller.update({ globalShortcut: 'ctrl+shift+k' });
    expect([...os.registered]).toEqual(['Ctrl+Shift+K']);
    expect(shortcut.accelerator).toBe('Ctrl+Shift+K');
    expect(data.preferences.globalShortcut).toBe('Ctrl+Shift+K');
  });

  it('rolls the shortcut back to the one still registered when another app holds the new one', async () => {
    const { controller, data, os, deps } = setUp({ taken: ['Ctrl+Shift+K'] });
    controller.applySavedShortcut();
    const config = await controller.update({ globalShortcut: 'Ctrl+Shift+K', clickThrough: true });
    expect(config.problem).toBe('shortcut-taken');
    expect(data.preferences.globalShortcut).toBe(DEFAULT_PREFERENCES.globalShortcut);
    expect([...os.registered]).toEqual([DEFAULT_PREFERENCES.globalShortcut]);
    // The other fields of the same update are kept.
    expect(data.preferences.clickThrough).toBe(true);
    expect(deps.clickThroughChanged).toHaveBeenCalledWith(true);
  });

  it('stores the shortcut in force when the shortcut module refuses the combination', async () => {
    const shortcut = { accelerator: 'Ctrl+Alt+H', apply: vi.fn((): ShortcutOutcome => 'invalid') };
    const { controller, data } = setUp({ shortcut });
    const config = await controller.update({ globalShortcut: 'Ctrl+Shift+K' });
    expect(config.problem).toBe('shortcut-invalid');
    expect(data.preferences.globalShortcut).toBe('Ctrl+Alt+H');
  });

  it('does not touch the registered shortcut when the typed one is not a shortcut', async () => {
    const shortcut = { accelerator: 'Ctrl+Alt+H', apply: vi.fn((): ShortcutOutcome => 'registered') };
    const { controller, data } = setUp({ shortcut });
    const config = await controller.update({ globalShortcut: 'K' });
    expect(config.problem).toBe('shortcut-invalid');
    expect(shortcut.apply).not.toHaveBeenCalled();
    expect(data.preferences.globalShortcut).toBe(DEFAULT_PREFERENCES.globalShortcut);
  });

  it('rolls start-at-login back when the system refuses, and keeps what did work', async () => {
    const refused = new Error('EACCES: ~/.config/autostart');
    const { controller, data, os, log } = setUp({
      loginItem: async () => {
        throw refused;
      },
    });
    controller.applySavedShortcut();
    const config = await controller.update({ openAtLogin: true, globalShortcut: 'Ctrl+Shift+K' });
    expect(config.problem).toBe('login-item-failed');
    expect(data.preferences.openAtLogin).toBe(false);
    expect(config.preferences.openAtLogin).toBe(false);
    expect(log).toHaveBeenCalledWith('warn', 'could not change start at login', refused);
    // The shortcut was applied before the login item failed, and it works: it stays.
    expect(data.preferences.globalShortcut).toBe('Ctrl+Shift+K');
    expect([...os.registered]).toEqual(['Ctrl+Shift+K']);
  });

  it('turns start-at-login on through the login item', async () => {
    const { controller, deps, data } = setUp();
    const config = await controller.update({ openAtLogin: true });
    expect(deps.setOpenAtLogin).toHaveBeenCalledWith(true);
    expect(data.preferences.openAtLogin).toBe(true);
    expect(config.problem).toBeUndefined();
  });

  it('keeps the saved server and says why when the new address is refused', async () => {
    const { controller, deps, data, log } = setUp();
    const config = await controller.update({ serverUrl: 'http://captions.example.org' });
    expect(config.problem).toBe('server-url-invalid');
    expect(data.preferences.serverUrl).toBe(DEFAULT_PREFERENCES.serverUrl);
    expect(deps.serverChanged).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(
      'warn',
      expect.stringMatching(
        /^server address refused \(plain http:\/\/ .*\); kept http:\/\/127\.0\.0\.1:8080$/,
      ),
    );
  });

  it('reloads the pages against a new server', async () => {
    const { controller, deps, data } = setUp();
    await controller.update({ serverUrl: 'https://captions.example.org/' });
    expect(data.preferences.serverUrl).toBe('https://captions.example.org');
    expect(deps.serverChanged).toHaveBeenCalledTimes(1);
  });

  it('replaces the open caption window when the mode changes', async () => {
    const { controller, deps } = setUp();
    await controller.update({ captionMode: 'captionsBox' });
    expect(deps.captionModeChanged).toHaveBeenCalledTimes(1);
    await controller.update({ captionMode: 'captionsBox' });
    expect(deps.captionModeChanged).toHaveBeenCalledTimes(1);
  });

  it('stores the interface language beside the preferences', async () => {
    const { controller, data } = setUp();
    await controller.update({ language: 'fr' });
    expect(data.language).toBe('fr');
  });

  it('applies, stores and tells in that order, so pages hear the stored values', async () => {
    const order: string[] = [];
    const { controller, deps, data } = setUp();
    deps.configChanged.mockImplementation(() => order.push(`told ${data.preferences.captionMode}`));
    deps.captionModeChanged.mockImplementation(() => order.push(`mode ${data.preferences.captionMode}`));
    deps.changed.mockImplementation(() => order.push('tray'));
    await controller.update({ captionMode: 'captionsBox' });
    expect(order).toEqual(['mode captionsBox', 'told captionsBox', 'tray']);
  });
});

describe('PreferencesController at start', () => {
  it('says the saved shortcut is taken until the next change other than the language', async () => {
    const { controller, log } = setUp({ taken: [DEFAULT_PREFERENCES.globalShortcut] });
    expect(controller.applySavedShortcut()).toBe('taken');
    expect(log).toHaveBeenCalledWith('warn', `${DEFAULT_PREFERENCES.globalShortcut} is taken`);
    expect(controller.config().problem).toBe('shortcut-taken');
    await controller.update({ language: 'en' });
    expect(controller.config().problem).toBe('shortcut-taken');
    await controller.update({ clickThrough: true });
    expect(controller.config().problem).toBeUndefined();
  });

  it('has no problem to show when the saved shortcut registers', () => {
    const { controller, os } = setUp();
    expect(controller.applySavedShortcut()).toBe('registered');
    expect([...os.registered]).toEqual([DEFAULT_PREFERENCES.globalShortcut]);
    expect(controller.config().problem).toBeUndefined();
  });

  it('points the app at the server of HEARKEN_SERVER_URL by the preferences page rule', () => {
    const { controller, data, log } = setUp();
    controller.overrideServerUrl('https://captions.example.org/');
    expect(data.preferences.serverUrl).toBe('https://captions.example.org');
    controller.overrideServerUrl('http://evil.example');
    expect(data.preferences.serverUrl).toBe('https://captions.example.org');
    expect(log).toHaveBeenCalledWith(
      'warn',
      expect.stringMatching(/^HEARKEN_SERVER_URL refused \(.*\); keeping https:\/\/captions\.example\.org$/),
    );
  });
});
