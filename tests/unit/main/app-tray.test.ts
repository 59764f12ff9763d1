import { describe, expect, it, vi } from 'vitest';
import { AppTray, trayImage } from '../../../src/main/app-tray';
import { IDLE_CAPTIONS } from '../../../src/main/captions-hub';
import { mainStrings } from '../../../src/main/strings';
import type { MenuTemplateItem, TrayCommand, TrayState } from '../../../src/main/tray-menu';
import { DEFAULT_PREFERENCES } from '../../../src/shared/desktop-preferences';

const idle: TrayState = {
  preferences: DEFAULT_PREFERENCES,
  captions: IDLE_CAPTIONS,
  captionsVisible: false,
  updateReady: false,
  expired: false,
  platform: 'linux',
};

function setUp(platform = 'linux') {
  let click: (() => void) | undefined;
  const tray = {
    setToolTip: vi.fn(),
    setContextMenu: vi.fn(),
    on: (_event: 'click', listener: () => void) => (click = listener),
  };
  let state = idle;
  const run = vi.fn<(command: TrayCommand) => void>();
  const showMainWindow = vi.fn();
  const appTray = new AppTray({
    tray,
    // The "menu" is the template itself, so the test can click its items.
    buildMenu: (template: MenuTemplateItem[]) => template,
    state: () => state,
    strings: () => mainStrings('en', 'en'),
    run,
    showMainWindow,
    platform,
  });
  const menu = () => tray.setContextMenu.mock.lastCall![0] as MenuTemplateItem[];
  return {
    appTray,
    tray,
    run,
    showMainWindow,
    menu,
    click: () => click!(),
    setState: (s: TrayState) => (state = s),
  };
}

describe('AppTray', () => {
  it('draws the tooltip and the menu from the state, again on every refresh', () => {
    const { appTray, tray, menu, setState } = setUp();
    appTray.refresh();
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Hearken: Captions off');
    expect(menu().find((i) => i.id === 'toggle-captions')!.label).toBe('Start captions');
    setState({ ...idle, captions: { recording: 'RECORDING', audioStatus: 'recording', offline: false } });
    appTray.refresh();
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Hearken: Captions on');
    expect(menu().find((i) => i.id === 'toggle-captions')!.label).toBe('Stop captions');
  });

  it('runs the command of the item clicked', () => {
    const { appTray, run, menu } = setUp();
    appTray.refresh();
    menu().find((i) => i.id === 'quit')!.click!();
    expect(run).toHaveBeenCalledWith({ type: 'quit' });
  });

  it('opens the app on a click of the icon, except on macOS where the click opens the menu', () => {
    const linux = setUp('linux');
    linux.click();
    expect(linux.showMainWindow).toHaveBeenCalledTimes(1);
    const mac = setUp('darwin');
    mac.click();
    expect(mac.showMainWindow).not.toHaveBeenCalled();
  });
});

describe('trayImage', () => {
  /** An image that remembers its file and the size it was scaled to. */
  interface Image {
    path: string;
    size?: { width: number; height: number };
    resize(size: { width: number; height: number }): Image;
  }
  const image = (path: string, size?: Image['size']): Image => ({
    path,
    ...(size ? { size } : {}),
    resize: (to) => image(path, to),
  });
  const nativeImage = { createFromPath: (path: string) => image(path) };

  it('uses the black template image in the macOS menu bar, as it is', () => {
    expect(trayImage(nativeImage, 'darwin', '/res')).toMatchObject({ path: '/res/tray/trayTemplate.png' });
    expect(trayImage(nativeImage, 'darwin', '/res')).not.toHaveProperty('size');
  });

  it('uses the coloured icon at 32 px elsewhere', () => {
    expect(trayImage(nativeImage, 'win32', '/res')).toMatchObject({
      path: '/res/icons/icon.png',
      size: { width: 32, height: 32 },
    });
  });
});
