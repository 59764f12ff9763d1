/**
 * The tray menu as a pure function of the app's state: what the tray shows is a value that tests
 * can read, and a click is a command the wiring carries out. `toMenuTemplate` turns it into
 * Electron's template.
 */
import type { CaptionsState, DesktopPreferences } from '../shared/ipc';
import {
  AUDIO_SOURCES,
  CAPTION_MODES,
  DESKTOP_THEMES,
  THEME_VARIANTS,
  type AudioSource,
  type CaptionMode,
  type DesktopThemeName,
  type ThemeVariant,
} from '../shared/desktop';
import type { MainStrings } from './strings';

export type TrayCommand =
  | { type: 'toggleCaptions' }
  | { type: 'setCaptionMode'; mode: CaptionMode }
  | { type: 'setCaptionsVisible'; visible: boolean }
  | { type: 'setClickThrough'; enabled: boolean }
  | { type: 'setAudioSource'; source: AudioSource }
  | { type: 'openInternalAudioSetup' }
  | { type: 'setThemeName'; name: DesktopThemeName }
  | { type: 'setThemeVariant'; variant: ThemeVariant }
  | { type: 'setBold'; bold: boolean }
  | { type: 'setOpenAtLogin'; enabled: boolean }
  | { type: 'openApp' }
  | { type: 'openPreferences' }
  | { type: 'installUpdate' }
  | { type: 'quit' };

export interface TrayItem {
  type: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio';
  id?: string;
  label?: string;
  enabled?: boolean;
  checked?: boolean;
  /** Shown next to the item (the global shortcut); the tray does not register it. */
  accelerator?: string;
  command?: TrayCommand;
  submenu?: TrayItem[];
}

export interface TrayState {
  preferences: DesktopPreferences;
  captions: CaptionsState;
  captionsVisible: boolean;
  /** A downloaded update waits for a restart. */
  updateReady: boolean;
  expired: boolean;
  /** Electron supports login items on macOS and Windows; Linux uses an autostart file. */
  platform: 'darwin' | 'win32' | 'linux';
}

export function captionsRunning(captions: CaptionsState): boolean {
  return captions.recording !== 'NOT_RECORDING';
}

export function trayTooltip(state: TrayState, s: MainStrings): string {
  const status = s.status[state.captions.audioStatus];
  return `${s.appName}: ${status}${state.captions.offline && captionsRunning(state.captions) ? s.offlineSuffix : ''}`;
}

export function trayMenu(state: TrayState, s: MainStrings): TrayItem[] {
  const { preferences: p, captions } = state;
  const running = captionsRunning(captions);
  const radio = <T>(
    values: readonly T[],
    current: T,
    label: (v: T) => string,
    command: (v: T) => TrayCommand,
    idPrefix: string,
  ) =>
    values.map((v): TrayItem => ({
      type: 'radio',
      id: `${idPrefix}:${String(v)}`,
      label: label(v),
      checked: v === current,
      command: command(v),
    }));
  const items: TrayItem[] = [
    { type: 'normal', id: 'status', label: trayTooltip(state, s), enabled: false },
    {
      type: 'normal',
      id: 'toggle-captions',
      label: running ? s.stopCaptions : s.startCaptions,
      command: { type: 'toggleCaptions' },
      ...(p.globalShortcut ? { accelerator: p.globalShortcut } : {}),
    },
    { type: 'separator' },
    {
      type: 'submenu',
      id: 'caption-mode',
      label: s.captionMode,
      submenu: [
        ...radio(
          CAPTION_MODES,
          p.captionMode,
          (m) => s.modes[m],
          (mode) => ({ type: 'setCaptionMode', mode }),
          'mode',
        ),
        { type: 'separator' },
        {
          type: 'checkbox',
          id: 'show-captions',
          label: s.showCaptions,
          checked: state.captionsVisible,
          command: { type: 'setCaptionsVisible', visible: !state.captionsVisible },
        },
        {
          type: 'checkbox',
          id: 'click-through',
          label: s.clickThrough,
          checked: p.clickThrough,
          enabled: p.captionMode === 'floatingCaptions',
          command: { type: 'setClickThrough', enabled: !p.clickThrough },
        },
      ],
    },
    {
      type: 'submenu',
      id: 'audio-source',
      label: s.audio,
      submenu: [
        ...radio(
          AUDIO_SOURCES,
          p.audioSource,
          (a) => s.audioSources[a],
          (source) => ({ type: 'setAudioSource', source }),
          'audio',
        ),
        ...(state.platform === 'darwin'
          ? [
              { type: 'separator' } as TrayItem,
              {
                type: 'normal',
                id: 'internal-audio-setup',
                label: s.internalAudioSetup,
                command: { type: 'openInternalAudioSetup' },
              } as TrayItem,
            ]
          : []),
      ],
    },
    {
      type: 'submenu',
      id: 'theme',
      label: s.theme,
      submenu: [
        ...radio(
          DESKTOP_THEMES,
          p.theme.name,
          (t) => s.themes[t],
          (name) => ({ type: 'setThemeName', name }),
          'theme',
        ),
        { type: 'separator' },
        ...radio(
          THEME_VARIANTS,
          p.theme.variant,
          (v) => s.variants[v],
          (variant) => ({ type: 'setThemeVariant', variant }),
          'variant',
        ),
        { type: 'separator' },
        {
          type: 'checkbox',
          id: 'bold',
          label: s.bold,
          checked: p.theme.bold,
          command: { type: 'setBold', bold: !p.theme.bold },
        },
      ],
    },
    { type: 'separator' },
    {
      type: 'checkbox',
      id: 'open-at-login',
      label: s.startAtLogin,
      checked: p.openAtLogin,
      command: { type: 'setOpenAtLogin', enabled: !p.openAtLogin },
    },
    { type: 'normal', id: 'open-app', label: s.openApp, command: { type: 'openApp' } },
    { type: 'normal', id: 'preferences', label: s.preferences, command: { type: 'openPreferences' } },
  ];
  if (state.expired)
    items.push({
      type: 'normal',
      id: 'update-required',
      label: s.updateRequired,
      command: { type: 'openApp' },
    });
  if (state.updateReady)
    items.push({
      type: 'normal',
      id: 'install-update',
      label: s.installUpdate,
      command: { type: 'installUpdate' },
    });
  items.push({ type: 'separator' }, { type: 'normal', id: 'quit', label: s.quit, command: { type: 'quit' } });
  return items;
}

/** Electron's MenuItemConstructorOptions, as far as the tray uses them. */
export interface MenuTemplateItem {
  type: TrayItem['type'];
  id?: string;
  label?: string;
  enabled?: boolean;
  checked?: boolean;
  accelerator?: string;
  registerAccelerator?: boolean;
  click?: () => void;
  submenu?: MenuTemplateItem[];
}

export function toMenuTemplate(
  items: readonly TrayItem[],
  run: (command: TrayCommand) => void,
): MenuTemplateItem[] {
  return items.map((item) => {
    const out: MenuTemplateItem = { type: item.type };
    if (item.id !== undefined) out.id = item.id;
    if (item.label !== undefined) out.label = item.label;
    if (item.enabled !== undefined) out.enabled = item.enabled;
    if (item.checked !== undefined) out.checked = item.checked;
    if (item.accelerator !== undefined) {
      out.accelerator = item.accelerator;
      // The global shortcut is registered by shortcut.ts; the menu only displays it.
      out.registerAccelerator = false;
    }
    const command = item.command;
    if (command) out.click = () => run(command);
    if (item.submenu) out.submenu = toMenuTemplate(item.submenu, run);
    return out;
  });
}
