/**
 * The tray icon: where captions are started when no window is open. Its tooltip and menu are
 * drawn again from the app's state (tray-menu.ts) whenever something they show changes; a click
 * on an item runs its command (tray-commands.ts).
 */
import { join } from 'node:path';
import type { MainStrings } from './strings';
import {
  type MenuTemplateItem,
  type TrayCommand,
  type TrayState,
  toMenuTemplate,
  trayMenu,
  trayTooltip,
} from './tray-menu';

/** The part of Electron's nativeImage this needs. */
export interface NativeImageLike<I> {
  createFromPath(path: string): I & { resize(options: { width: number; height: number }): I };
}

/**
 * macOS tints a black "template" image for its menu bar; elsewhere the coloured icon shows on any
 * taskbar. `resourcesDir` holds resources/{tray,icons}.
 */
export function trayImage<I>(nativeImage: NativeImageLike<I>, platform: string, resourcesDir: string): I {
  return platform === 'darwin'
    ? nativeImage.createFromPath(join(resourcesDir, 'tray/trayTemplate.png'))
    : nativeImage.createFromPath(join(resourcesDir, 'icons/icon.png')).resize({ width: 32, height: 32 });
}

/** The part of Electron's Tray this needs. */
export interface TrayLike<M> {
  setToolTip(text: string): void;
  setContextMenu(menu: M): void;
  on(event: 'click', listener: () => void): unknown;
}

export interface AppTrayDeps<M> {
  tray: TrayLike<M>;
  /** Electron's Menu.buildFromTemplate. */
  buildMenu(template: MenuTemplateItem[]): M;
  state(): TrayState;
  strings(): MainStrings;
  run(command: TrayCommand): void;
  showMainWindow(): void;
  platform: string;
}

export class AppTray<M> {
  constructor(private readonly d: AppTrayDeps<M>) {
    // On macOS a click opens the menu, as menu bar items do; elsewhere it opens the app.
    d.tray.on('click', () => (d.platform === 'darwin' ? undefined : d.showMainWindow()));
  }

  /** Draws the tooltip and menu again from the current state. */
  refresh(): void {
    const state = this.d.state();
    const strings = this.d.strings();
    this.d.tray.setToolTip(trayTooltip(state, strings));
    this.d.tray.setContextMenu(this.d.buildMenu(toMenuTemplate(trayMenu(state, strings), this.d.run)));
  }
}
