/**
 * Start at login. Electron's login items exist on macOS and Windows; on Linux the freedesktop
 * way is an autostart entry in ~/.config/autostart, which we write and remove ourselves.
 */
export interface LoginItemApp {
  setLoginItemSettings(settings: { openAtLogin: boolean; openAsHidden?: boolean; args?: string[] }): void;
  getLoginItemSettings(): { openAtLogin: boolean };
}

export interface AutostartFiles {
  write(path: string, text: string): Promise<void>;
  remove(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
}

/** Launched at login, the app starts in the tray without opening its window. */
export const HIDDEN_LAUNCH_ARG = '--hidden';

export function autostartEntry(execPath: string, appName: string): string {
  // Exec arguments with spaces must be quoted (Desktop Entry Specification).
  const quoted = /[\s"]/.test(execPath) ? `"${execPath.replace(/(["\\`$])/g, '\\$1')}"` : execPath;
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${appName}`,
    `Exec=${quoted} ${HIDDEN_LAUNCH_ARG}`,
    'X-GNOME-Autostart-enabled=true',
    'NoDisplay=false',
    'Terminal=false',
    '',
  ].join('\n');
}

export interface LoginItemDeps {
  platform: string;
  app: LoginItemApp;
  files: AutostartFiles;
  /** ~/.config/autostart/hearken.desktop */
  autostartPath: string;
  execPath: string;
}

export async function setOpenAtLogin(enabled: boolean, deps: LoginItemDeps): Promise<void> {
  if (deps.platform === 'linux') {
    if (enabled) await deps.files.write(deps.autostartPath, autostartEntry(deps.execPath, 'Hearken'));
    else await deps.files.remove(deps.autostartPath);
    return;
  }
  deps.app.setLoginItemSettings({ openAtLogin: enabled, openAsHidden: true, args: [HIDDEN_LAUNCH_ARG] });
}

export async function isOpenAtLogin(deps: LoginItemDeps): Promise<boolean> {
  if (deps.platform === 'linux') return deps.files.exists(deps.autostartPath);
  return deps.app.getLoginItemSettings().openAtLogin;
}
