import { describe, expect, it, vi } from 'vitest';
import { IDLE_CAPTIONS } from '../../../src/main/captions-hub';
import { mainStrings } from '../../../src/main/strings';
import { runTrayCommand } from '../../../src/main/tray-commands';
import { type TrayCommand, type TrayItem, trayMenu } from '../../../src/main/tray-menu';
import { DESKTOP_ROUTES } from '../../../src/shared/desktop';
import { DEFAULT_PREFERENCES } from '../../../src/shared/desktop-preferences';

function fakes() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args]);
  const deps = {
    preferences: () => ({
      ...DEFAULT_PREFERENCES,
      theme: { name: 'fog' as const, variant: 'light' as const, bold: true },
    }),
    updatePreferences: vi.fn(async (update: unknown) => void calls.push(['updatePreferences', update])),
    captions: {
      command: record('command'),
      showCaptions: record('showCaptions'),
      hideCaptions: record('hideCaptions'),
    },
    showMainWindow: record('showMainWindow'),
    navigateMainWindow: record('navigateMainWindow'),
    installUpdate: record('installUpdate'),
    quit: record('quit'),
  };
  return { deps, calls };
}

const theme = { name: 'fog', variant: 'light', bold: true };

describe('runTrayCommand', () => {
  it.each<[TrayCommand, unknown[][]]>([
    [{ type: 'toggleCaptions' }, [['command', 'toggle']]],
    [
      { type: 'setCaptionMode', mode: 'captionsBox' },
      [['updatePreferences', { captionMode: 'captionsBox' }]],
    ],
    [{ type: 'setCaptionsVisible', visible: true }, [['showCaptions']]],
    [{ type: 'setCaptionsVisible', visible: false }, [['hideCaptions']]],
    [{ type: 'setClickThrough', enabled: true }, [['updatePreferences', { clickThrough: true }]]],
    [{ type: 'setAudioSource', source: 'internal' }, [['updatePreferences', { audioSource: 'internal' }]]],
    [
      { type: 'openInternalAudioSetup' },
      [['showMainWindow'], ['navigateMainWindow', DESKTOP_ROUTES.internalAudioSetup]],
    ],
    // A theme item changes one part of the theme and keeps the others.
    [
      { type: 'setThemeName', name: 'oceanBlue' },
      [['updatePreferences', { theme: { ...theme, name: 'oceanBlue' } }]],
    ],
    [
      { type: 'setThemeVariant', variant: 'dark' },
      [['updatePreferences', { theme: { ...theme, variant: 'dark' } }]],
    ],
    [{ type: 'setBold', bold: false }, [['updatePreferences', { theme: { ...theme, bold: false } }]]],
    [{ type: 'setOpenAtLogin', enabled: true }, [['updatePreferences', { openAtLogin: true }]]],
    [{ type: 'openApp' }, [['showMainWindow']]],
    [{ type: 'openPreferences' }, [['showMainWindow'], ['navigateMainWindow', DESKTOP_ROUTES.preferences]]],
    [{ type: 'installUpdate' }, [['installUpdate']]],
    [{ type: 'quit' }, [['quit']]],
  ])('%o does exactly its job', (command, expected) => {
    const { deps, calls } = fakes();
    runTrayCommand(command, deps);
    expect(calls).toEqual(expected);
  });

  it('carries out every command the tray menu can show', () => {
    const commands: TrayCommand[] = [];
    const collect = (items: TrayItem[]) =>
      items.forEach((item) => {
        if (item.command) commands.push(item.command);
        if (item.submenu) collect(item.submenu);
      });
    const state = {
      preferences: DEFAULT_PREFERENCES,
      captions: IDLE_CAPTIONS,
      captionsVisible: false,
      updateReady: true,
      expired: true,
      platform: 'darwin' as const,
    };
    collect(trayMenu(state, mainStrings('en', 'en')));
    const types = new Set(commands.map((c) => c.type));
    expect(types.size).toBe(14);
    for (const command of commands) {
      const { deps, calls } = fakes();
      runTrayCommand(command, deps);
      expect(calls.length, command.type).toBeGreaterThan(0);
    }
  });
});
