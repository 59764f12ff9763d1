import { describe, expect, it, vi } from 'vitest';
import {
  HIDDEN_LAUNCH_ARG,
  autostartEntry,
  isOpenAtLogin,
  setOpenAtLogin,
} from '../../../src/main/login-item';

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
