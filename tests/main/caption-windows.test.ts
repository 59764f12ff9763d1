import { describe, expect, it, vi } from 'vitest';
import { CaptionsHub, IDLE_CAPTIONS } from '../../src/main/captions-hub';
import { SETTINGS_DEFAULTS, type SettingsStore, type StoredSettings } from '../../src/main/settings';
import {
  CaptionWindows,
  type CaptionWindowLike,
  MAX_REMEMBERED_DISPLAYS,
  SETTLE_DELAY_MS,
} from '../../src/main/windows/caption-windows';
import { type DisplayInfo, type Rect, defaultBounds, displayKey } from '../../src/main/windows/placement';
import {
  captionWindowFlags,
  captionWindowOptions,
  mainWindowOptions,
} from '../../src/main/windows/window-options';
import { DEFAULT_DESKTOP_THEME, DRAG_EDGE_MARGIN_PX } from '../../src/shared/desktop';

const laptop: DisplayInfo = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
};
const monitor: DisplayInfo = {
  id: 2,
  bounds: { x: 1920, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1920, y: 0, width: 2560, height: 1400 },
};

/** A BrowserWindow stand-in that records what was done to it. */
class FakeWindow implements CaptionWindowLike {
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

function memorySettings(initial: Partial<StoredSettings> = {}): SettingsStore & { data: StoredSettings } {
  const data: StoredSettings = structuredClone({ ...SETTINGS_DEFAULTS, ...initial });
  return {
    data,
    get: (k) => structuredClone(data[k]),
    set: (k, v) => void (data[k] = structuredClone(v)),
  };
}

function setup(options: { cursor?: { x: number; y: number }; settings?: Partial<StoredSettings> } = {}) {
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

const query = { mode: 'floatingCaptions' as const, offline: false, theme: DEFAULT_DESKTOP_THEME };

describe('window options and flags', () => {
  it('makes floating captions frameless, transparent, always on top, off the taskbar', () => {
    const o = captionWindowOptions(
      'floatingCaptions',
      { x: 1, y: 2, width: 600, height: 150 },
      '/p.cjs',
      'Captions',
      'darwin',
    );
    expect(o).toMatchObject({
      frame: false,
      transparent: true,
      alwaysOnTop: true,
      skipTaskbar: true,
      type: 'panel',
      x: 1,
      width: 600,
    });
    expect(o.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(
      captionWindowOptions('floatingCaptions', { x: 0, y: 0, width: 1, height: 1 }, 'p', 'C', 'win32'),
    ).not.toHaveProperty('type');
  });

  it('makes the captions box an opaque resizable panel', () => {
    expect(
      captionWindowOptions('captionsBox', { x: 0, y: 0, width: 400, height: 900 }, 'p', 'C', 'linux'),
    ).toMatchObject({
      transparent: false,
      resizable: true,
      frame: false,
      skipTaskbar: false,
    });
  });

  it('keeps the main window running while hidden (it records)', () => {
    expect(mainWindowOptions('p', 'Hearken').webPreferences.backgroundThrottling).toBe(false);
  });

  it('puts floating captions at the highest level, on all workspaces and over full-screen apps', () => {
    expect(captionWindowFlags('floatingCaptions', true)).toEqual({
      level: 'screen-saver',
      visibleOnAllWorkspaces: true,
      visibleOnFullScreen: true,
      ignoreMouseEvents: true,
    });
    expect(captionWindowFlags('captionsBox', true).ignoreMouseEvents).toBe(false);
  });
});

describe('CaptionWindows', () => {
  it('opens floating captions on the display under the mouse, at the default place, with the flags applied', () => {
    const { windows, captionWindows, opened } = setup({ cursor: { x: 2500, y: 300 } });
    captionWindows.show({ ...query, roomId: 'r_1' }, false);
    const w = windows[0]!;
    expect(w.bounds).toEqual(defaultBounds('floatingCaptions', monitor.workArea));
    expect(w.alwaysOnTop).toEqual({ flag: true, level: 'screen-saver' });
    expect(w.allWorkspaces).toEqual({ visible: true, fullScreen: true });
    expect(w.ignoreMouse).toBe(false);
    expect(w.shown).toBe(1);
    expect(w.urls[0]).toBe(
      'app://hearken/cc/conversation?mode=floatingCaptions&roomId=r_1&theme=charcoal&variant=dark',
    );
    expect(opened).toHaveBeenCalledWith(w, 'floatingCaptions');
  });

  it('keeps a dragged window 5 px inside the screen and remembers it for that display', () => {
    const { windows, captionWindows, settings, runTimers } = setup();
    captionWindows.show(query, false);
    const w = windows[0]!;
    w.bounds = { x: -200, y: 1000, width: 600, height: 150 };
    w.emit('move');
    w.emit('move');
    runTimers();
    expect(w.bounds).toEqual({
      x: DRAG_EDGE_MARGIN_PX,
      y: 1040 - DRAG_EDGE_MARGIN_PX - 150,
      width: 600,
      height: 150,
    });
    expect(settings.data.windowBounds.floatingCaptions[displayKey(laptop)]).toEqual(w.bounds);
    expect(settings.data.lastDisplay.floatingCaptions).toBe(displayKey(laptop));
  });

  it('reopens where it was left, on the display it was last on', () => {
    const remembered = { x: 2100, y: 300, width: 700, height: 200 };
    const { windows, captionWindows } = setup({
      cursor: { x: 10, y: 10 },
      settings: {
        windowBounds: { floatingCaptions: { [displayKey(monitor)]: remembered }, captionsBox: {} },
        lastDisplay: { floatingCaptions: displayKey(monitor) },
      },
    });
    captionWindows.show(query, false);
    expect(windows[0]!.bounds).toEqual(remembered);
  });

  it('switching mode closes one window and opens the other; the same mode reloads only a new room', () => {
    const { windows, captionWindows, closed } = setup();
    captionWindows.show(query, false);
    captionWindows.show(query, false);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.urls).toHaveLength(1);
    captionWindows.show({ ...query, roomId: 'r_2' }, false);
    expect(windows[0]!.urls).toHaveLength(2);
    captionWindows.show({ ...query, mode: 'captionsBox', roomId: 'r_2' }, false);
    expect(windows).toHaveLength(2);
    expect(windows[0]!.destroyed).toBe(true);
    expect(closed).toHaveBeenCalledWith(windows[0]);
    expect(captionWindows.current!.mode).toBe('captionsBox');
    expect(windows[1]!.alwaysOnTop.level).toBe('floating');
  });

  it('turns click-through on and off without reopening', () => {
    const { windows, captionWindows } = setup();
    captionWindows.show(query, false);
    captionWindows.setClickThrough(true);
    expect(windows[0]!.ignoreMouse).toBe(true);
    captionWindows.setClickThrough(false);
    expect(windows[0]!.ignoreMouse).toBe(false);
  });

  it('lets clicks reach the controls while the pointer is over them, click-through or not', () => {
    const { windows, captionWindows } = setup();
    captionWindows.show(query, true);
    expect(windows[0]!.ignoreMouse).toBe(true);
    captionWindows.setInteractive(true, true);
    expect(windows[0]!.ignoreMouse).toBe(false);
    captionWindows.setInteractive(false, true);
    expect(windows[0]!.ignoreMouse).toBe(true);
    captionWindows.setInteractive(false, false);
    expect(windows[0]!.ignoreMouse).toBe(false);
  });

  it('moves by keyboard and stops at the margin', () => {
    const { windows, captionWindows, settings } = setup();
    captionWindows.show(query, false);
    const w = windows[0]!;
    const start = w.getBounds();
    captionWindows.moveBy(-40, 0);
    expect(w.bounds.x).toBe(start.x - 40);
    captionWindows.moveBy(0, 5000);
    expect(w.bounds.y + w.bounds.height).toBe(1040 - DRAG_EDGE_MARGIN_PX);
    expect(settings.data.windowBounds.floatingCaptions[displayKey(laptop)]).toEqual(w.bounds);
  });

  it('brings the window back when its monitor is unplugged', () => {
    const { windows, captionWindows } = setup();
    captionWindows.show(query, false);
    windows[0]!.bounds = { x: 5000, y: 200, width: 600, height: 150 };
    captionWindows.displaysChanged();
    expect(windows[0]!.bounds.x + 600).toBeLessThanOrEqual(1920 + 2560 - DRAG_EDGE_MARGIN_PX);
  });

  it('remembers only the latest displays', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_REMEMBERED_DISPLAYS + 5 }, (_, i) => [
        `${100 + i}:800x600`,
        { x: 0, y: 0, width: 400, height: 100 },
      ]),
    );
    const { captionWindows, settings } = setup({
      settings: { windowBounds: { floatingCaptions: many, captionsBox: {} } },
    });
    captionWindows.show(query, false);
    captionWindows.moveBy(1, 0);
    const kept = Object.keys(settings.data.windowBounds.floatingCaptions);
    expect(kept).toHaveLength(MAX_REMEMBERED_DISPLAYS);
    expect(kept.at(-1)).toBe(displayKey(laptop));
  });

  it('waits for the drag to end before settling', () => {
    const { windows, captionWindows, timers } = setup();
    captionWindows.show(query, false);
    windows[0]!.emit('move');
    windows[0]!.emit('move');
    expect(timers.filter((t) => !t.cancelled)).toHaveLength(1);
    expect(timers[0]!.ms).toBe(SETTLE_DELAY_MS);
  });
});

describe('CaptionsHub', () => {
  function hub(visible = false) {
    const calls: string[] = [];
    let shown = visible;
    const o = {
      tellRecorder: vi.fn((a: 'start' | 'stop') => void calls.push(`recorder:${a}`)),
      broadcast: vi.fn(),
      showCaptionWindow: vi.fn(() => void (shown = true)),
      hideCaptionWindow: vi.fn(() => void (shown = false)),
      captionWindowVisible: () => shown,
      preferences: () => ({ captionMode: 'captionsBox' as const, theme: DEFAULT_DESKTOP_THEME }),
      changed: vi.fn(),
    };
    return { o, calls, h: new CaptionsHub(o) };
  }

  it('toggle starts captions when off: tells the recorder and shows the caption window at once', () => {
    const { o, h } = hub();
    h.command('toggle');
    expect(o.tellRecorder).toHaveBeenCalledWith('start');
    expect(o.showCaptionWindow).toHaveBeenCalledWith({
      mode: 'captionsBox',
      offline: false,
      theme: DEFAULT_DESKTOP_THEME,
    });
  });

  it('toggle stops them when on, keeping the window (the last words stay readable)', () => {
    const { o, h } = hub(true);
    h.report({ recording: 'RECORDING', audioStatus: 'recording', roomId: 'r_1', offline: false });
    h.command('toggle');
    expect(o.tellRecorder).toHaveBeenLastCalledWith('stop');
    expect(o.hideCaptionWindow).not.toHaveBeenCalled();
  });

  it('follows the room being captioned and shares the state with every window', () => {
    const { o, h } = hub(true);
    const state = {
      recording: 'PENDING' as const,
      audioStatus: 'pending' as const,
      roomId: 'r_9',
      offline: false,
    };
    h.report(state);
    expect(o.broadcast).toHaveBeenCalledWith(state);
    expect(o.showCaptionWindow).toHaveBeenLastCalledWith({
      mode: 'captionsBox',
      roomId: 'r_9',
      offline: false,
      theme: DEFAULT_DESKTOP_THEME,
    });
    o.showCaptionWindow.mockClear();
    h.report({ ...state, recording: 'RECORDING', audioStatus: 'recording' });
    expect(o.showCaptionWindow).not.toHaveBeenCalled();
    expect(h.state.recording).toBe('RECORDING');
    h.report(IDLE_CAPTIONS);
    expect(o.changed).toHaveBeenCalled();
  });

  it('does not open a hidden caption window on a report', () => {
    const { o, h } = hub(false);
    h.report({ recording: 'RECORDING', audioStatus: 'recording', offline: true });
    expect(o.showCaptionWindow).not.toHaveBeenCalled();
  });
});
