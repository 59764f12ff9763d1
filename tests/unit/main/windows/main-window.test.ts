import { describe, expect, it, vi } from 'vitest';
import { MainWindow, type MainWindowLike } from '../../../../src/main/windows/main-window';

let nextId = 1;
function fakeWindow() {
  const listeners: Record<string, ((event: { preventDefault(): void }) => void)[]> = {};
  const w = {
    webContents: { id: nextId++ },
    destroyed: false,
    visible: false,
    minimized: false,
    loaded: [] as string[],
    isDestroyed: () => w.destroyed,
    isMinimized: () => w.minimized,
    restore: vi.fn(() => void (w.minimized = false)),
    show: vi.fn(() => void (w.visible = true)),
    focus: vi.fn(),
    hide: vi.fn(() => void (w.visible = false)),
    loadURL: vi.fn(async (url: string) => void w.loaded.push(url)),
    on: (event: string, listener: (event: { preventDefault(): void }) => void) =>
      void (listeners[event] ??= []).push(listener),
    /** The user closes the window; true when it really closed. */
    close: () => {
      const preventDefault = vi.fn();
      for (const l of listeners.close ?? []) l({ preventDefault });
      if (preventDefault.mock.calls.length > 0) return false;
      w.destroyed = true;
      for (const l of listeners.closed ?? []) l({ preventDefault });
      return true;
    },
  };
  return w satisfies MainWindowLike;
}

function setup() {
  const made: ReturnType<typeof fakeWindow>[] = [];
  const main = new MainWindow({
    create: () => {
      const w = fakeWindow();
      made.push(w);
      return w;
    },
    url: 'app://hearken/web/conversations',
    log: vi.fn(),
  });
  return { main, made };
}

describe('MainWindow', () => {
  it('makes one window, on the app page, and reuses it', () => {
    const { main, made } = setup();
    expect(main.ensure()).toBe(main.ensure());
    expect(made).toHaveLength(1);
    expect(made[0]!.loaded).toEqual(['app://hearken/web/conversations']);
    expect(made[0]!.visible).toBe(false);
  });

  it('closing hides it (captions may run from the tray) until the app quits', () => {
    const { main, made } = setup();
    main.show();
    expect(made[0]!.close()).toBe(false);
    expect(made[0]!.visible).toBe(false);
    main.allowClose();
    expect(made[0]!.close()).toBe(true);
    // Needed again after it closed: a new one.
    main.ensure();
    expect(made).toHaveLength(2);
  });

  it('show brings a minimised window back and focuses it', () => {
    const { main, made } = setup();
    main.ensure();
    made[0]!.minimized = true;
    main.show();
    expect(made[0]!.restore).toHaveBeenCalledOnce();
    expect(made[0]!.focus).toHaveBeenCalledOnce();
    expect(made[0]!.visible).toBe(true);
  });

  it('knows which page is the recorder', () => {
    const { main, made } = setup();
    expect(main.isRecorder(1)).toBe(false);
    main.ensure();
    expect(main.isRecorder(made[0]!.webContents.id)).toBe(true);
    expect(main.isRecorder(made[0]!.webContents.id + 1)).toBe(false);
  });
});
