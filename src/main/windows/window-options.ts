/**
 * Constructor options and window flags of each window the app opens. Pure values, so tests can
 * read them and the smoke test can check the real window against them.
 */
import type { CaptionMode } from '../../shared/desktop';
import { secureWebPreferences } from '../security';
import { MIN_SIZE, type Rect } from './placement';

export type WindowKind = 'main' | CaptionMode;

export function mainWindowOptions(preload: string, title: string) {
  return {
    width: 1100,
    height: 760,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title,
    backgroundColor: '#f5f8fa',
    autoHideMenuBar: true,
    // The main window records captions while hidden in the tray: keep its timers and audio going.
    webPreferences: secureWebPreferences(preload, { backgroundThrottling: false }),
  };
}

/**
 * Floating captions: frameless, transparent (the text sits on its own translucent panel), no
 * taskbar entry, no shadow. The captions box: a frameless, opaque, resizable panel docked to an
 * edge, listed in the taskbar so it can be found.
 */
export function captionWindowOptions(
  mode: CaptionMode,
  bounds: Rect,
  preload: string,
  title: string,
  platform: string,
) {
  const common = {
    ...bounds,
    minWidth: MIN_SIZE[mode].width,
    minHeight: MIN_SIZE[mode].height,
    show: false,
    title,
    frame: false,
    resizable: true,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    alwaysOnTop: true,
    webPreferences: secureWebPreferences(preload),
  };
  if (mode === 'floatingCaptions') {
    return {
      ...common,
      transparent: true,
      backgroundColor: '#00000000',
      hasShadow: false,
      skipTaskbar: true,
      // On macOS a panel can float over other apps' full-screen spaces.
      ...(platform === 'darwin' ? { type: 'panel' as const } : {}),
    };
  }
  return { ...common, transparent: false, backgroundColor: '#1b2128', hasShadow: true, skipTaskbar: false };
}

export interface CaptionWindowFlags {
  /** 'screen-saver' is the highest level: above full-screen video and presentations. */
  level: 'screen-saver' | 'floating';
  visibleOnAllWorkspaces: boolean;
  visibleOnFullScreen: boolean;
  /** Click-through: clicks reach the window below; the mouse is still tracked to show the bubble. */
  ignoreMouseEvents: boolean;
}

export function captionWindowFlags(mode: CaptionMode, clickThrough: boolean): CaptionWindowFlags {
  if (mode === 'floatingCaptions')
    return {
      level: 'screen-saver',
      visibleOnAllWorkspaces: true,
      visibleOnFullScreen: true,
      ignoreMouseEvents: clickThrough,
    };
  return {
    level: 'floating',
    visibleOnAllWorkspaces: true,
    visibleOnFullScreen: true,
    ignoreMouseEvents: false,
  };
}

export interface FlagTarget {
  setAlwaysOnTop(flag: boolean, level?: CaptionWindowFlags['level'], relativeLevel?: number): void;
  setVisibleOnAllWorkspaces(
    visible: boolean,
    options?: { visibleOnFullScreen?: boolean; skipTransformProcessType?: boolean },
  ): void;
  setIgnoreMouseEvents(ignore: boolean, options?: { forward?: boolean }): void;
}

export function applyCaptionWindowFlags(win: FlagTarget, flags: CaptionWindowFlags): void {
  win.setAlwaysOnTop(true, flags.level, 1);
  win.setVisibleOnAllWorkspaces(flags.visibleOnAllWorkspaces, {
    visibleOnFullScreen: flags.visibleOnFullScreen,
    // Keep the app's Dock icon and menu on macOS (the default would turn it into an accessory).
    skipTransformProcessType: true,
  });
  win.setIgnoreMouseEvents(flags.ignoreMouseEvents, { forward: true });
}
