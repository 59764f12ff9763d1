/**
 * The caption windows: one at a time, floating captions or the captions box. Opens the window
 * of a mode on the display it was last on (else the one under the mouse) at its remembered
 * place there, keeps it inside the screen (5 px margin) after every move or resize, and
 * remembers where it settled, per display.
 */
import { type CaptionMode, type CaptionViewQuery, captionViewSearch } from '../../shared/desktop';
import type { SettingsStore } from '../settings';
import {
  type DisplayInfo,
  type Rect,
  boundsOnDisplay,
  displayKey,
  moveBy,
  sameRect,
  settle,
} from './placement';
import { type FlagTarget, applyCaptionWindowFlags, captionWindowFlags } from './window-options';

export interface CaptionWindowLike extends FlagTarget {
  readonly webContents: { readonly id: number };
  loadURL(url: string): Promise<void>;
  getBounds(): Rect;
  setBounds(bounds: Rect): void;
  showInactive(): void;
  focus(): void;
  close(): void;
  isDestroyed(): boolean;
  on(event: 'move' | 'resize' | 'closed', listener: () => void): void;
}

export interface ScreenLike {
  getAllDisplays(): DisplayInfo[];
  getCursorScreenPoint(): { x: number; y: number };
  getDisplayNearestPoint(point: { x: number; y: number }): DisplayInfo;
}

export interface CaptionWindowsOptions {
  create(mode: CaptionMode, bounds: Rect): CaptionWindowLike;
  screen: ScreenLike;
  settings: SettingsStore;
  /** The caption route's full URL for a query string. */
  urlFor(search: string): string;
  onOpened(win: CaptionWindowLike, mode: CaptionMode): void;
  onClosed(win: CaptionWindowLike): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Places remembered per mode (the settings schema allows 32). */
export const MAX_REMEMBERED_DISPLAYS = 16;

/** A move or resize settles this long after the last event (the user let go). */
export const SETTLE_DELAY_MS = 300;

interface Open {
  mode: CaptionMode;
  win: CaptionWindowLike;
  search: string;
  settleTimer?: unknown;
  /** Our own setBounds also fires move: ignore until it has been applied. */
  adjusting: boolean;
}

export class CaptionWindows {
  private open: Open | undefined;

  constructor(private readonly o: CaptionWindowsOptions) {}

  get current(): { mode: CaptionMode; win: CaptionWindowLike } | undefined {
    return this.open && !this.open.win.isDestroyed()
      ? { mode: this.open.mode, win: this.open.win }
      : undefined;
  }

  get visible(): boolean {
    return this.current !== undefined;
  }

  /** Shows the caption window of `query.mode` (closing the other mode's), loading `query` if it changed. */
  show(query: CaptionViewQuery, clickThrough: boolean): CaptionWindowLike {
    const search = captionViewSearch(query);
    const open = this.open && !this.open.win.isDestroyed() ? this.open : undefined;
    if (open && open.mode === query.mode) {
      if (open.search !== search) {
        open.search = search;
        void open.win.loadURL(this.o.urlFor(search));
      }
      applyCaptionWindowFlags(open.win, captionWindowFlags(query.mode, clickThrough));
      open.win.showInactive();
      return open.win;
    }
    this.close();
    const display = this.displayFor(query.mode);
    const bounds = boundsOnDisplay(query.mode, display, this.o.settings.get('windowBounds')[query.mode]);
    const win = this.o.create(query.mode, bounds);
    const entry: Open = { mode: query.mode, win, search, adjusting: false };
    this.open = entry;
    applyCaptionWindowFlags(win, captionWindowFlags(query.mode, clickThrough));
    const onChange = () => this.scheduleSettle(entry);
    win.on('move', onChange);
    win.on('resize', onChange);
    win.on('closed', () => {
      if (entry.settleTimer !== undefined) this.o.clearTimeout(entry.settleTimer);
      if (this.open === entry) this.open = undefined;
      this.o.onClosed(win);
    });
    this.o.onOpened(win, query.mode);
    void win.loadURL(this.o.urlFor(search));
    // Shown without taking focus: the user's meeting keeps the keyboard.
    win.showInactive();
    return win;
  }

  close(): void {
    const open = this.open;
    this.open = undefined;
    if (open && !open.win.isDestroyed()) open.win.close();
  }

  setClickThrough(enabled: boolean): void {
    const c = this.current;
    if (c) applyCaptionWindowFlags(c.win, captionWindowFlags(c.mode, enabled));
  }

  /**
   * With click-through on, the floating window lets clicks pass, except while the pointer is
   * over its controls (the page says so), so they stay usable.
   */
  setInteractive(interactive: boolean, clickThrough: boolean): void {
    const c = this.current;
    if (!c) return;
    const flags = captionWindowFlags(c.mode, clickThrough);
    c.win.setIgnoreMouseEvents(flags.ignoreMouseEvents && !interactive, { forward: true });
  }

  /** Keyboard move (arrow keys in the caption window). */
  moveBy(dx: number, dy: number): void {
    const c = this.current;
    if (!c) return;
    const rect = c.win.getBounds();
    const display = this.displayForRect(rect);
    this.place(this.open!, moveBy(rect, dx, dy, display.workArea, c.mode));
    this.remember(c.mode, c.win.getBounds());
  }

  /** Displays were added, removed or rearranged: bring the window back onto one. */
  displaysChanged(): void {
    if (this.open && this.current) this.settleNow(this.open);
  }

  private displayFor(mode: CaptionMode): DisplayInfo {
    const displays = this.o.screen.getAllDisplays();
    const last = this.o.settings.get('lastDisplay')[mode];
    const known = last ? displays.find((d) => displayKey(d) === last) : undefined;
    return known ?? this.o.screen.getDisplayNearestPoint(this.o.screen.getCursorScreenPoint());
  }

  private displayForRect(rect: Rect): DisplayInfo {
    return settle('floatingCaptions', rect, this.o.screen.getAllDisplays()).display;
  }

  private scheduleSettle(entry: Open): void {
    if (entry.adjusting) return;
    if (entry.settleTimer !== undefined) this.o.clearTimeout(entry.settleTimer);
    entry.settleTimer = this.o.setTimeout(() => {
      entry.settleTimer = undefined;
      if (this.open === entry && !entry.win.isDestroyed()) this.settleNow(entry);
    }, SETTLE_DELAY_MS);
  }

  private settleNow(entry: Open): void {
    const rect = entry.win.getBounds();
    const { bounds } = settle(entry.mode, rect, this.o.screen.getAllDisplays());
    this.place(entry, bounds);
    this.remember(entry.mode, bounds);
  }

  private place(entry: Open, bounds: Rect): void {
    if (sameRect(entry.win.getBounds(), bounds)) return;
    entry.adjusting = true;
    try {
      entry.win.setBounds(bounds);
    } finally {
      entry.adjusting = false;
    }
  }

  private remember(mode: CaptionMode, bounds: Rect): void {
    const display = settle(mode, bounds, this.o.screen.getAllDisplays()).display;
    const key = displayKey(display);
    const all = this.o.settings.get('windowBounds');
    // Most recent last; only the latest few displays are kept (a laptop meets many projectors).
    const entries = Object.entries(all[mode]).filter(([k]) => k !== key);
    const kept = Object.fromEntries([...entries.slice(-(MAX_REMEMBERED_DISPLAYS - 1)), [key, bounds]]);
    this.o.settings.set('windowBounds', { ...all, [mode]: kept });
    this.o.settings.set('lastDisplay', { ...this.o.settings.get('lastDisplay'), [mode]: key });
  }
}
