/**
 * The main window: the whole app, and the window that records. There is one at most; it is made
 * when first needed (hidden when captions start from the tray before it was ever shown), and
 * closing it only hides it to the tray, since captions may be running from it, until the app quits.
 */

/** The part of Electron's BrowserWindow this needs. */
export interface MainWindowLike {
  readonly webContents: { readonly id: number };
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  hide(): void;
  focus(): void;
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
}

export interface MainWindowDeps<W> {
  /** A new window, with its events tracked (window-events.ts). */
  create(): W;
  /** The page it opens on. */
  url: string;
}

export class MainWindow<W extends MainWindowLike> {
  private win: W | undefined;
  private quitting = false;

  constructor(private readonly d: MainWindowDeps<W>) {}

  /** The window, made (hidden) if there is none. */
  ensure(): W {
    if (this.win && !this.win.isDestroyed()) return this.win;
    const win = this.d.create();
    win.on('close', (event) => {
      // Closing the window keeps Hearken in the tray (captions may be running from it).
      if (!this.quitting) {
        event.preventDefault();
        win.hide();
      }
    });
    win.on('closed', () => {
      if (this.win === win) this.win = undefined;
    });
    void win.loadURL(this.d.url);
    this.win = win;
    return win;
  }

  show(): void {
    const win = this.ensure();
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  }

  /** The id events to the main window go to (made if needed, so none is lost). */
  contentsId(): number {
    return this.ensure().webContents.id;
  }

  /** Only the main window records: its reports are the captions' state. */
  isRecorder(webContentsId: number): boolean {
    return this.win !== undefined && !this.win.isDestroyed() && this.win.webContents.id === webContentsId;
  }

  /** The app is quitting: closing the window closes it. */
  allowClose(): void {
    this.quitting = true;
  }
}
