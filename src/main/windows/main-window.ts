/**
 * The app's main window: the one that records (captions run in its renderer), made when first
 * needed and kept. Closing it hides it, because captions may be running from the tray; only
 * quitting closes it for good.
 */
export interface MainWindowLike {
  readonly webContents: { readonly id: number };
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  hide(): void;
  loadURL(url: string): Promise<unknown>;
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): void;
  on(event: 'closed', listener: () => void): void;
}

export class MainWindow<W extends MainWindowLike> {
  private window: W | undefined;
  private quitting = false;

  constructor(
    private readonly deps: {
      create(): W;
      /** The page it opens on. */
      url: string;
      log(level: 'warn', message: string, error?: unknown): void;
    },
  ) {}

  /** The window, made (hidden) if there is none. */
  ensure(): W {
    if (this.window && !this.window.isDestroyed()) return this.window;
    const win = this.deps.create();
    win.on('close', (event) => {
      if (!this.quitting) {
        event.preventDefault();
        win.hide();
      }
    });
    win.on('closed', () => {
      if (this.window === win) this.window = undefined;
    });
    win
      .loadURL(this.deps.url)
      .catch((error: unknown) => this.deps.log('warn', 'the app page did not load', error));
    this.window = win;
    return win;
  }

  show(): W {
    const win = this.ensure();
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
    return win;
  }

  /** Whether `webContentsId` is the recording page (some calls are only for it). */
  isRecorder(webContentsId: number): boolean {
    const win = this.window;
    return win !== undefined && !win.isDestroyed() && win.webContents.id === webContentsId;
  }

  /** From now on closing the window closes it. */
  allowClose(): void {
    this.quitting = true;
  }
}
