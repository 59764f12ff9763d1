import { describe, expect, it } from 'vitest';
import { MainWindow, type MainWindowLike } from '../../../../src/main/windows/main-window';

/** A BrowserWindow stand-in that records what was done to it. */
class FakeWindow implements MainWindowLike {
  static nextId = 1;
  readonly webContents = { id: FakeWindow.nextId++ };
  readonly urls: string[] = [];
  readonly done: string[] = [];
  destroyed = false;
  minimized = false;
  private readonly listeners = new Map<string, ((event: { preventDefault(): void }) => void)[]>();
  loadURL = async (url: string) => void this.urls.push(url);
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  restore = () => void this.done.push('restore');
  show = () => void this.done.push('show');
  hide = () => void this.done.push('hide');
  focus = () => void this.done.push('focus');
  on(event: string, listener: (event: { preventDefault(): void }) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  /** The user closes the window: true when it really closed. */
  userCloses(): boolean {
    let prevented = false;
    for (const l of this.listeners.get('close') ?? []) l({ preventDefault: () => (prevented = true) });
    if (prevented) return false;
    this.destroyed = true;
    for (const l of this.listeners.get('closed') ?? []) l({ preventDefault: () => {} });
    return true;
  }
}

function setUp() {
  const made: FakeWindow[] = [];
  const main = new MainWindow({
    create: () => {
      const win = new FakeWindow();
      made.push(win);
      return win;
    },
    url: 'app://hearken/web/conversations',
  });
  return { main, made };
}

describe('MainWindow', () => {
  it('makes one window, hidden, on the conversations page, and reuses it', () => {
    const { main, made } = setUp();
    const win = main.ensure();
    expect(main.ensure()).toBe(win);
    expect(made).toHaveLength(1);
    expect(win.urls).toEqual(['app://hearken/web/conversations']);
    expect(win.done).toEqual([]);
  });

  it('hides to the tray when closed, so recording goes on', () => {
    const { main, made } = setUp();
    const win = main.ensure();
    expect(win.userCloses()).toBe(false);
    expect(win.done).toEqual(['hide']);
    expect(main.isRecorder(win.webContents.id)).toBe(true);
    expect(made).toHaveLength(1);
  });

  it('closes for real once the app quits, and a new one is made when needed', () => {
    const { main, made } = setUp();
    const win = main.ensure();
    main.allowClose();
    expect(win.userCloses()).toBe(true);
    expect(main.isRecorder(win.webContents.id)).toBe(false);
    const again = main.ensure();
    expect(again).not.toBe(win);
    expect(made).toHaveLength(2);
  });

  it('shows the window, restoring it when minimised, and gives it focus', () => {
    const { main } = setUp();
    const win = main.ensure();
    main.show();
    expect(win.done).toEqual(['show', 'focus']);
    win.minimized = true;
    main.show();
    expect(win.done.slice(2)).toEqual(['restore', 'show', 'focus']);
  });

  it('sends events to the window, making it if needed', () => {
    const { main, made } = setUp();
    const id = main.contentsId();
    expect(made).toHaveLength(1);
    expect(id).toBe(made[0]!.webContents.id);
  });

  it('knows the recorder only while the main window exists', () => {
    const { main } = setUp();
    expect(main.isRecorder(1)).toBe(false);
    const win = main.ensure();
    expect(main.isRecorder(win.webContents.id + 1)).toBe(false);
    win.destroyed = true;
    expect(main.isRecorder(win.webContents.id)).toBe(false);
  });
});
