/**
 * The desktop app's preferences before anyone changes them. Main stores and applies them
 * (settings.ts, the first run and a settings file it could not read); the renderer and the tests
 * read the same values, so a default is written once.
 */
import { DEFAULT_GLOBAL_SHORTCUT } from './accelerator';
import { DEFAULT_DESKTOP_THEME } from './desktop';
import type { DesktopPreferences } from './ipc';

/** The conversation server of a development run on this computer (`npm run server`). */
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
