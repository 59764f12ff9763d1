import { describe, expect, it, vi } from 'vitest';
import { AppTray, runTrayCommand, type TrayCommandDeps } from '../../../src/main/app-tray';
import { mainStrings } from '../../../src/main/strings';
import type { MenuTemplateItem, TrayCommand } from '../../../src/main/tray-menu';
import { DESKTOP_ROUTES } from '../../../src/shared/desktop';
import { DEFAULT_PREFERENCES } from '../../../src/shared/desktop-preferences';

function deps(updatePreferences = vi.fn<TrayCommandDeps['updatePreferences']>(async () => undefined)) {
  const d = {
    captions: { command: vi.fn(), showCaptions: vi.fn(), hideCaptions: vi.fn() },
    preferences: () =>
      ({ ...DEFAULT_PREFERENCES, theme: { name: 'fog', variant: 'light', bold: false } }) as const,
    updatePreferences,
    openApp: vi.fn(),
    openAppAt: vi.fn(),
    installUpdate: vi.fn(),
    quit: vi.fn(),
    log: vi.fn(),
  } satisfies TrayCommandDeps;
  return d;
}

describe('runTrayCommand', () => {
  it.each<[TrayCommand, Record<string, unknown>]>([
    [{ type: 'setCaptionMode', mode: 'captionsBox' }, { captionMode: 'captionsBox' }],
    [{ type: 'setClickThrough', enabled: true }, { clickThrough: true }],
    [{ type: 'setAudioSource', source: 'internal' }, { audioSource: 'internal' }],
    [{ type: 'setOpenAtLogin', enabled: true }, { openAtLogin: true }],
    // A theme command changes one part of the theme and keeps the others.
    [
      { type: 'setThemeName', name: 'oceanBlue' },
      { theme: { name: 'oceanBlue', variant: 'light', bold: false } },
    ],
    [{ type: 'setThemeVariant', variant: 'dark' }, { theme: { name: 'fog', variant: 'dark', bold: false } }],
    [{ type: 'setBold', bold: true }, { theme: { name: 'fog', variant: 'light', bold: true } }],
  ])('%j changes the preferences the way the preferences screen does', (command, update) => {
    const d = deps();
    runTrayCommand(command, d);
    expect(d.updatePreferences).toHaveBeenCalledWith(update);
  });

  it('starts, shows and hides captions through the captions hub', () => {
    const d = deps();
    runTrayCommand({ type: 'toggleCaptions' }, d);
    runTrayCommand({ type: 'setCaptionsVisible', visible: true }, d);
    runTrayCommand({ type: 'setCaptionsVisible', visible: false }, d);
    expect(d.captions.command).toHaveBeenCalledWith('toggle');
    expect(d.captions.showCaptions).toHaveBeenCalledOnce();
    expect(d.captions.hideCaptions).toHaveBeenCalledOnce();
    expect(d.updatePreferences).not.toHaveBeenCalled();
  });

  it('opens the app on the page a command names', () => {
    const d = deps();
    runTrayCommand({ type: 'openPreferences' }, d);
    runTrayCommand({ type: 'openInternalAudioSetup' }, d);
    runTrayCommand({ type: 'openApp' }, d);
    expect(d.openAppAt.mock.calls).toEqual([
      [DESKTOP_ROUTES.preferences],
      [DESKTOP_ROUTES.internalAudioSetup],
    ]);
    expect(d.openApp).toHaveBeenCalledOnce();
  });

  it('installs the update and quits when asked', () => {
    const d = deps();
    runTrayCommand({ type: 'installUpdate' }, d);
    runTrayCommand({ type: 'quit' }, d);
    expect(d.installUpdate).toHaveBeenCalledOnce();
    expect(d.quit).toHaveBeenCalledOnce();
  });

  it('logs a change that failed instead of leaving an unhandled rejection', async () => {
    const d = deps(vi.fn(async () => Promise.reject(new Error('disk full'))));
    runTrayCommand({ type: 'setClickThrough', enabled: true }, d);
    await vi.waitFor(() =>
      expect(d.log).toHaveBeenCalledWith('warn', 'the tray could not change clickThrough', expect.any(Error)),
    );
  });
});

describe('AppTray', () => {
  function tray() {
    const shown = { tooltip: '', menu: [] as MenuTemplateItem[] };
    const run = vi.fn();
    const appTray = new AppTray({
      tray: {
        setToolTip: (t) => void (shown.tooltip = t),
        setContextMenu: (m) => void (shown.menu = m as MenuTemplateItem[]),
      },
      buildMenu: (template) => template,
      state: () => ({
        preferences: DEFAULT_PREFERENCES,
        captions: { recording: 'NOT_RECORDING', audioStatus: 'notRecording', offline: false },
        captionsVisible: false,
        platform: 'linux',
      }),
      strings: () => mainStrings('en', 'en-US'),
      run,
    });
    return { appTray, shown, run };
  }
  const labels = (items: MenuTemplateItem[]): string[] =>
    items.flatMap((i) => [i.label ?? '', ...labels((i.submenu as MenuTemplateItem[] | undefined) ?? [])]);

  it('shows the state in the tooltip and a menu whose items run their command', () => {
    const { appTray, shown, run } = tray();
    appTray.refresh();
    expect(shown.tooltip).toBe('Hearken: Captions off');
    const toggle = shown.menu.find((i) => i.id === 'toggle-captions');
    toggle?.click?.();
    expect(run).toHaveBeenCalledWith({ type: 'toggleCaptions' });
  });

  it('offers to restart once an update is ready', () => {
    const { appTray, shown } = tray();
    appTray.refresh();
    const before = labels(shown.menu);
    appTray.setUpdateReady(true);
    const after = labels(shown.menu);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.filter((l) => !before.includes(l)).join(' ')).toMatch(/restart|update/i);
  });
});
