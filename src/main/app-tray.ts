/**
 * The tray icon at run time: its menu and tooltip rebuilt from the app's state whenever that
 * changes (tray-menu.ts says what they show), and what each menu command does. Most commands are
 * preference changes and go through the same path as the preferences screen, so a change made
 * from the tray is checked, saved and shown everywhere alike.
 */
import { DESKTOP_ROUTES } from '../shared/desktop';
import type { CaptionsAction, DesktopPreferences } from '../shared/ipc';
import type { MainStrings } from './strings';
import type { PreferencesUpdate } from './preferences-controller';
import {
  type MenuTemplateItem,
  type TrayCommand,
  type TrayState,
  toMenuTemplate,
  trayMenu,
  trayTooltip,
} from './tray-menu';

export interface TrayCommandDeps {
  captions: { command(action: CaptionsAction): void; showCaptions(): void; hideCaptions(): void };
  preferences(): DesktopPreferences;
  updatePreferences(update: PreferencesUpdate): Promise<unknown>;
  openApp(): void;
  /** Shows the app window on one of its pages. */
  openAppAt(path: string): void;
  installUpdate(): void;
  quit(): void;
  log(level: 'warn', message: string, error?: unknown): void;
}

export function runTrayCommand(command: TrayCommand, deps: TrayCommandDeps): void {
  const change = (update: PreferencesUpdate) =>
    void deps.updatePreferences(update).catch((error: unknown) => {
      deps.log('warn', `the tray could not change ${Object.keys(update).join(', ')}`, error);
    });
  const theme = deps.preferences().theme;
  switch (command.type) {
    case 'toggleCaptions':
      return deps.captions.command('toggle');
    case 'setCaptionsVisible':
      return command.visible ? deps.captions.showCaptions() : deps.captions.hideCaptions();
    case 'setCaptionMode':
      return change({ captionMode: command.mode });
    case 'setClickThrough':
      return change({ clickThrough: command.enabled });
    case 'setAudioSource':
      return change({ audioSource: command.source });
    case 'setThemeName':
      return change({ theme: { ...theme, name: command.name } });
    case 'setThemeVariant':
      return change({ theme: { ...theme, variant: command.variant } });
    case 'setBold':
      return change({ theme: { ...theme, bold: command.bold } });
    case 'setOpenAtLogin':
      return change({ openAtLogin: command.enabled });
    case 'openInternalAudioSetup':
      return deps.openAppAt(DESKTOP_ROUTES.internalAudioSetup);
    case 'openPreferences':
      return deps.openAppAt(DESKTOP_ROUTES.preferences);
    case 'openApp':
      return deps.openApp();
    case 'installUpdate':
      return deps.installUpdate();
    case 'quit':
      return deps.quit();
  }
}

/** What the tray needs of Electron's Tray. */
export interface TrayLike {
  setToolTip(text: string): void;
  setContextMenu(menu: unknown): void;
}

export interface AppTrayDeps {
  tray: TrayLike;
  /** Electron's Menu.buildFromTemplate. */
  buildMenu(template: MenuTemplateItem[]): unknown;
  /** The parts of the state other modules own, read at each refresh. */
  state(): Omit<TrayState, 'updateReady' | 'expired'>;
  strings(): MainStrings;
  run(command: TrayCommand): void;
}

export class AppTray {
  private updateReady = false;
  private expired = false;

  constructor(private readonly deps: AppTrayDeps) {}

  /** A downloaded update waits for a restart ("Restart to update" appears). */
  setUpdateReady(ready: boolean): void {
    this.updateReady = ready;
    this.refresh();
  }

  /** This version is past its end of support. */
  setExpired(expired: boolean): void {
    this.expired = expired;
    this.refresh();
  }

  refresh(): void {
    const state: TrayState = { ...this.deps.state(), updateReady: this.updateReady, expired: this.expired };
    const strings = this.deps.strings();
    this.deps.tray.setToolTip(trayTooltip(state, strings));
    this.deps.tray.setContextMenu(
      this.deps.buildMenu(toMenuTemplate(trayMenu(state, strings), this.deps.run)),
    );
  }
}
