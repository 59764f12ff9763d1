/**
 * The desktop app's preferences before anyone changes them: main stores them, the tray and the
 * preferences screen show them, tests start from them. One copy, here.
 */
import { DEFAULT_GLOBAL_SHORTCUT } from './accelerator';
import { DEFAULT_DESKTOP_THEME } from './desktop';
import type { DesktopPreferences } from './ipc';

/** The conversation server `npm start` runs on this computer. */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8080';

export const DEFAULT_PREFERENCES: DesktopPreferences = {
  captionMode: 'floatingCaptions',
  audioSource: 'microphone',
  theme: DEFAULT_DESKTOP_THEME,
  clickThrough: false,
  globalShortcut: DEFAULT_GLOBAL_SHORTCUT,
  openAtLogin: false,
  serverUrl: DEFAULT_SERVER_URL,
};
