/** Fakes and helpers shared by the tests split from one file. */
import { vi } from 'vitest';
import { SETTINGS_DEFAULTS, type SettingsStore, type StoredSettings } from '../../src/main/settings';
import { CaptionWindows, type CaptionWindowLike } from '../../src/main/windows/caption-windows';
import { type DisplayInfo, type Rect } from '../../src/main/windows/placement';
import { DEFAULT_DESKTOP_THEME } from '../../src/shared/desktop';

export const laptop: DisplayInfo = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
};
export const monitor: DisplayInfo = {
  id: 2,
  bounds: { x: 1920, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1920, y: 0, width: 2560, height: 1400 },
};

/** A BrowserWindow stand-in that records what was done to it. */
export class FakeWindow implements CaptionWindowLike {
  static nextId = 10;
  readonly webContents = { id: FakeWindow.nextId++ };
  readonly urls: string[] = [];
  alwaysOnTop: { flag: boolean; level?: string } = { flag: false };
  allWorkspaces = { visible: false, fullScreen: false };
  ignoreMouse = false;
  shown = 0;
  destroyed = false;
  private listeners = new Map<string, (() => void)[]>();
  constructor(public bounds: Rect) {}
  loadURL = async (url: string) => void this.urls.push(url);
  getBounds = () => ({ ...this.bounds });
  setBounds = (b: Rect) => {
    this.bounds = { ...b };
    this.emit('move');
  };
  showInactive = () => void this.shown++;
  focus = () => {};
  close = () => {
    this.destroyed = true;
    this.emit('closed');
  };
  isDestroyed = () => this.destroyed;
  on(event: 'move' | 'resize' | 'closed', listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: string) {
    for (const l of this.listeners.get(event) ?? []) l();
  }
  setAlwaysOnTop(flag: boolean, level?: string) {
    this.alwaysOnTop = { flag, ...(level ? { level } : {}) };
  }
  setVisibleOnAllWorkspaces(visible: boolean, options?: { visibleOnFullScreen?: boolean }) {
    this.allWorkspaces = { visible, fullScreen: options?.visibleOnFullScreen ?? false };
  }
  setIgnoreMouseEvents(ignore: boolean) {
    this.ignoreMouse = ignore;
  }
}

export function memorySettings(
  initial: Partial<StoredSettings> = {},
): SettingsStore & { data: StoredSettings } {
  const data: StoredSettings = structuredClone({ ...SETTINGS_DEFAULTS, ...initial });
  return {
    data,
    get: (k) => structuredClone(data[k]),
    set: (k, v) => void (data[k] = structuredClone(v)),
  };
}

export function setup(
  options: { cursor?: { x: number; y: number }; settings?: Partial<StoredSettings> } = {},
) {
  const windows: FakeWindow[] = [];
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const settings = memorySettings(options.settings);
  const opened = vi.fn();
  const closed = vi.fn();
  const captionWindows = new CaptionWindows({
    create: (_mode, bounds) => {
      const w = new FakeWindow(bounds);
      windows.push(w);
      return w;
    },
    screen: {
      getAllDisplays: () => [laptop, monitor],
      getCursorScreenPoint: () => options.cursor ?? { x: 100, y: 100 },
      getDisplayNearestPoint: (p) => (p.x >= 1920 ? monitor : laptop),
    },
    settings,
    urlFor: (search) => `app://hearken/cc/conversation${search}`,
    onOpened: opened,
    onClosed: closed,
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (h) => void ((h as { cancelled: boolean }).cancelled = true),
  });
  const runTimers = () => {
    for (const t of timers.splice(0)) if (!t.cancelled) t.fn();
  };
  return { windows, settings, captionWindows, runTimers, timers, opened, closed };
}

export const query = { mode: 'floatingCaptions' as const, offline: false, theme: DEFAULT_DESKTOP_THEME };
