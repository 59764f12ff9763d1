/**
 * What a click in the tray menu does (tray-menu.ts makes the menu; each item carries one of these
 * commands). Preferences go through the same controller as the preferences page, so the tray and
 * the page can never disagree about what was applied.
 */
import { DESKTOP_ROUTES } from '../shared/desktop';
import type { DesktopPreferences } from '../shared/ipc';
import type { PreferencesUpdate } from './preferences-controller';
import type { TrayCommand } from './tray-menu';

export interface TrayCommandDeps {
  preferences(): DesktopPreferences;
  updatePreferences(update: PreferencesUpdate): Promise<unknown>;
  captions: {
    command(action: 'toggle'): void;
    showCaptions(): void;
    hideCaptions(): void;
  };
  showMainWindow(): void;
  /** Opens a page of the app in the main window (app:navigate). */
  navigateMainWindow(path: string): void;
  installUpdate(): void;
  quit(): void;
}

export function runTrayCommand(command: TrayCommand, d: TrayCommandDeps): void {
  switch (command.type) {
    case 'toggleCaptions':
      return d.captions.command('toggle');
    case 'setCaptionMode':
      void d.updatePreferences({ captionMode: command.mode });
      return;
    case 'setCaptionsVisible':
      return command.visible ? d.captions.showCaptions() : d.captions.hideCaptions();
    case 'setClickThrough':
      void d.updatePreferences({ clickThrough: command.enabled });
      return;
    case 'setAudioSource':
      void d.updatePreferences({ audioSource: command.source });
      return;
    case 'openInternalAudioSetup':
      d.showMainWindow();
      d.navigateMainWindow(DESKTOP_ROUTES.internalAudioSetup);
      return;
    case 'setThemeName':
      void d.updatePreferences({ theme: { ...d.preferences().theme, name: command.name } });
      return;
    case 'setThemeVariant':
      void d.updatePreferences({ theme: { ...d.preferences().theme, variant: command.variant } });
      return;
    case 'setBold':
      void d.updatePreferences({ theme: { ...d.preferences().theme, bold: command.bold } });
      return;
    case 'setOpenAtLogin':
      void d.updatePreferences({ openAtLogin: command.enabled });
      return;
    case 'openApp':
      return d.showMainWindow();
    case 'openPreferences':
      d.showMainWindow();
      d.navigateMainWindow(DESKTOP_ROUTES.preferences);
      return;
    case 'installUpdate':
      return d.installUpdate();
    case 'quit':
      return d.quit();
  }
}
