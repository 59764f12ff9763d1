import { describe, expect, it, vi } from 'vitest';
import { CaptionsShortcut, type GlobalShortcutLike } from '../../src/main/shortcut';
import { HIDDEN_LAUNCH_ARG, autostartEntry, isOpenAtLogin, setOpenAtLogin } from '../../src/main/login-item';
import { requestMediaAccess, systemSettingsUrl } from '../../src/main/permissions';

function fakeGlobalShortcut(taken: string[] = []) {
  const registered = new Map<string, () => void>();
  const gs: GlobalShortcutLike = {
    register: (a, cb) => {
      if (taken.includes(a) || registered.has(a)) return false;
      registered.set(a, cb);
      return true;
    },
    unregister: (a) => void registered.delete(a),
  };
  return { gs, registered };
}

describe('CaptionsShortcut', () => {
  it('registers the shortcut, and pressing it toggles captions', () => {
    const { gs, registered } = fakeGlobalShortcut();
    const toggle = vi.fn();
    const shortcut = new CaptionsShortcut(gs, toggle);
    expect(shortcut.apply('ctrl+alt+h')).toBe('registered');
    expect([...registered.keys()]).toEqual(['Ctrl+Alt+H']);
    registered.get('Ctrl+Alt+H')!();
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it('moves to a new shortcut, releasing the old one', () => {
    const { gs, registered } = fakeGlobalShortcut();
    const shortcut = new CaptionsShortcut(gs, vi.fn());
    shortcut.apply('Ctrl+Alt+H');
    expect(shortcut.apply('Ctrl+Shift+K')).toBe('registered');
    expect([...registered.keys()]).toEqual(['Ctrl+Shift+K']);
  });

  it('keeps the old shortcut when the new one is held by another app', () => {
    const { gs, registered } = fakeGlobalShortcut(['Ctrl+Shift+K']);
    const shortcut = new CaptionsShortcut(gs, vi.fn());
    shortcut.apply('Ctrl+Alt+H');
    expect(shortcut.apply('Ctrl+Shift+K')).toBe('taken');
    expect([...registered.keys()]).toEqual(['Ctrl+Alt+H']);
    expect(shortcut.accelerator).toBe('Ctrl+Alt+H');
  });

  it('refuses an invalid one without touching the current, and clears on empty', () => {
    const { gs, registered } = fakeGlobalShortcut();
    const shortcut = new CaptionsShortcut(gs, vi.fn());
    shortcut.apply('Ctrl+Alt+H');
    expect(shortcut.apply('H')).toBe('invalid');
    expect(registered.size).toBe(1);
    expect(shortcut.apply('')).toBe('cleared');
    expect(registered.size).toBe(0);
  });
});

describe('start at login', () => {
  const files = () => {
    const data = new Map<string, string>();
    return {
      data,
      files: {
        write: async (p: string, t: string) => void data.set(p, t),
        remove: async (p: string) => void data.delete(p),
        exists: async (p: string) => data.has(p),
      },
    };
  };

  it('writes and removes an XDG autostart entry on Linux', async () => {
    const { data, files: f } = files();
    const app = {
      setLoginItemSettings: vi.fn(),
      getLoginItemSettings: vi.fn(() => ({ openAtLogin: false })),
    };
    const deps = {
      platform: 'linux',
      app,
      files: f,
      autostartPath: '/home/u/.config/autostart/hearken.desktop',
      execPath: '/opt/Hearken/hearken',
    };
    await setOpenAtLogin(true, deps);
    expect(data.get(deps.autostartPath)).toContain(`Exec=/opt/Hearken/hearken ${HIDDEN_LAUNCH_ARG}`);
    expect(await isOpenAtLogin(deps)).toBe(true);
    await setOpenAtLogin(false, deps);
    expect(await isOpenAtLogin(deps)).toBe(false);
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('uses Electron login items on Windows and macOS, starting hidden in the tray', async () => {
    const app = { setLoginItemSettings: vi.fn(), getLoginItemSettings: vi.fn(() => ({ openAtLogin: true })) };
    const deps = {
      platform: 'win32',
      app,
      files: files().files,
      autostartPath: '',
      execPath: 'C:\\Hearken.exe',
    };
    await setOpenAtLogin(true, deps);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({
      openAtLogin: true,
      openAsHidden: true,
      args: [HIDDEN_LAUNCH_ARG],
    });
    expect(await isOpenAtLogin(deps)).toBe(true);
  });

  it('quotes an executable path with spaces', () => {
    expect(autostartEntry('/opt/My Apps/hearken', 'Hearken')).toContain(
      'Exec="/opt/My Apps/hearken" --hidden',
    );
  });
});

describe('media permissions', () => {
  it('asks macOS for the microphone when it was never asked', async () => {
    const prefs = {
      getMediaAccessStatus: vi.fn(() => 'not-determined'),
      askForMediaAccess: vi.fn(async () => true),
    };
    expect(await requestMediaAccess('microphone', 'darwin', prefs)).toBe('granted');
    expect(prefs.askForMediaAccess).toHaveBeenCalledWith('microphone');
    prefs.askForMediaAccess.mockResolvedValueOnce(false);
    expect(await requestMediaAccess('microphone', 'darwin', prefs)).toBe('denied');
  });

  it('reports a refused screen recording on macOS (it cannot be asked for)', async () => {
    const prefs = { getMediaAccessStatus: vi.fn(() => 'denied'), askForMediaAccess: vi.fn() };
    expect(await requestMediaAccess('screen', 'darwin', prefs)).toBe('denied');
    expect(prefs.askForMediaAccess).not.toHaveBeenCalled();
  });

  it('reads the Windows microphone switch; Linux has no gate', async () => {
    const prefs = { getMediaAccessStatus: vi.fn(() => 'denied') };
    expect(await requestMediaAccess('microphone', 'win32', prefs)).toBe('denied');
    expect(await requestMediaAccess('screen', 'win32', prefs)).toBe('granted');
    expect(await requestMediaAccess('microphone', 'linux', prefs)).toBe('granted');
    expect(await requestMediaAccess('microphone', 'win32', { getMediaAccessStatus: () => 'weird' })).toBe(
      'unknown',
    );
  });

  it('knows where each platform changes a permission', () => {
    expect(systemSettingsUrl('screenCapture', 'darwin')).toBe(
      'x-apple.systempreferences:com.apple.preference.security?Privacy_ScreenCapture',
    );
    expect(systemSettingsUrl('microphone', 'win32')).toBe('ms-settings:privacy-microphone');
    expect(systemSettingsUrl('screenCapture', 'linux')).toBeUndefined();
  });
});
