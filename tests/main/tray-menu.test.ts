import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../src/shared/desktop-preferences';
import { mainStrings } from '../../src/main/strings';
import {
  type TrayItem,
  type TrayState,
  toMenuTemplate,
  trayMenu,
  trayTooltip,
} from '../../src/main/tray-menu';

const en = mainStrings('en', 'en-US');
const idle: TrayState = {
  preferences: DEFAULT_PREFERENCES,
  captions: { recording: 'NOT_RECORDING', audioStatus: 'notRecording', offline: false },
  captionsVisible: false,
  updateReady: false,
  expired: false,
  platform: 'win32',
};

function find(items: readonly TrayItem[], id: string): TrayItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const inner = item.submenu ? find(item.submenu, id) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

describe('trayMenu', () => {
  it('offers to start captions, with the global shortcut shown', () => {
    const items = trayMenu(idle, en);
    expect(find(items, 'status')).toMatchObject({ label: 'Hearken: Captions off', enabled: false });
    expect(find(items, 'toggle-captions')).toMatchObject({
      label: 'Start captions',
      accelerator: 'CommandOrControl+Alt+H',
      command: { type: 'toggleCaptions' },
    });
  });

  it('offers to stop them while they run, and says when they are made on this computer', () => {
    const state: TrayState = {
      ...idle,
      captions: { recording: 'RECORDING', audioStatus: 'recording', offline: true },
    };
    const items = trayMenu(state, en);
    expect(find(items, 'toggle-captions')!.label).toBe('Stop captions');
    expect(find(items, 'status')!.label).toBe('Hearken: Captions on (on this computer)');
    expect(trayTooltip(state, en)).toBe('Hearken: Captions on (on this computer)');
  });

  it('checks the current mode, audio source and theme, and each choice commands its value', () => {
    const state: TrayState = {
      ...idle,
      preferences: {
        ...DEFAULT_PREFERENCES,
        captionMode: 'captionsBox',
        audioSource: 'microphoneAndInternal',
        theme: { name: 'fog', variant: 'light', bold: true },
      },
    };
    const items = trayMenu(state, en);
    expect(find(items, 'mode:captionsBox')).toMatchObject({
      type: 'radio',
      checked: true,
      label: 'Captions box',
    });
    expect(find(items, 'mode:floatingCaptions')).toMatchObject({
      checked: false,
      command: { type: 'setCaptionMode', mode: 'floatingCaptions' },
    });
    expect(find(items, 'audio:microphoneAndInternal')!.checked).toBe(true);
    expect(find(items, 'audio:internal')!.command).toEqual({ type: 'setAudioSource', source: 'internal' });
    expect(find(items, 'theme:fog')!.checked).toBe(true);
    expect(find(items, 'theme:starryNight')!.command).toEqual({ type: 'setThemeName', name: 'starryNight' });
    expect(find(items, 'variant:light')!.checked).toBe(true);
    expect(find(items, 'bold')).toMatchObject({ checked: true, command: { type: 'setBold', bold: false } });
    // Click-through only means something for floating captions.
    expect(find(items, 'click-through')!.enabled).toBe(false);
  });

  it('lists the four desktop themes of the spec', () => {
    const themes = find(trayMenu(idle, en), 'theme')!.submenu!.filter((i) => i.id?.startsWith('theme:'));
    expect(themes.map((i) => i.id)).toEqual([
      'theme:oceanBlue',
      'theme:starryNight',
      'theme:fog',
      'theme:charcoal',
    ]);
  });

  it('shows the macOS internal-audio setup only on macOS, and update items only when they apply', () => {
    expect(find(trayMenu(idle, en), 'internal-audio-setup')).toBeUndefined();
    expect(find(trayMenu({ ...idle, platform: 'darwin' }, en), 'internal-audio-setup')!.command).toEqual({
      type: 'openInternalAudioSetup',
    });
    expect(find(trayMenu(idle, en), 'install-update')).toBeUndefined();
    expect(find(trayMenu({ ...idle, updateReady: true }, en), 'install-update')).toBeDefined();
    expect(find(trayMenu({ ...idle, expired: true }, en), 'update-required')).toBeDefined();
  });

  it('ends with quit, and has no shortcut when none is set', () => {
    const items = trayMenu({ ...idle, preferences: { ...DEFAULT_PREFERENCES, globalShortcut: '' } }, en);
    expect(items.at(-1)).toMatchObject({ id: 'quit', command: { type: 'quit' } });
    expect(find(items, 'toggle-captions')!.accelerator).toBeUndefined();
  });

  it('speaks French when the app does', () => {
    const fr = mainStrings('', 'fr-CA');
    expect(find(trayMenu(idle, fr), 'toggle-captions')!.label).toBe('Démarrer les sous-titres');
    expect(mainStrings('en', 'fr-FR').startCaptions).toBe('Start captions');
  });
});

describe('toMenuTemplate', () => {
  it('turns commands into clicks, keeps the structure, and does not register accelerators', () => {
    const run = vi.fn();
    const template = toMenuTemplate(trayMenu(idle, en), run);
    const toggle = template.find((i) => i.id === 'toggle-captions')!;
    expect(toggle.registerAccelerator).toBe(false);
    toggle.click!();
    expect(run).toHaveBeenCalledWith({ type: 'toggleCaptions' });
    const theme = template.find((i) => i.id === 'theme')!;
    theme.submenu!.find((i) => i.id === 'theme:oceanBlue')!.click!();
    expect(run).toHaveBeenLastCalledWith({ type: 'setThemeName', name: 'oceanBlue' });
    expect(template.find((i) => i.id === 'status')!.click).toBeUndefined();
  });
});
