import { describe, expect, it } from 'vitest';
import {
  captionWindowFlags,
  captionWindowOptions,
  mainWindowOptions,
} from '../../../../src/main/windows/window-options';

describe('window options and flags', () => {
  it('makes floating captions frameless, transparent, always on top, off the taskbar', () => {
    const o = captionWindowOptions(
      'floatingCaptions',
      { x: 1, y: 2, width: 600, height: 150 },
      '/p.cjs',
      'Captions',
      'darwin',
    );
    expect(o).toMatchObject({
      frame: false,
      transparent: true,
      alwaysOnTop: true,
      skipTaskbar: true,
      type: 'panel',
      x: 1,
      width: 600,
    });
    expect(o.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(
      captionWindowOptions('floatingCaptions', { x: 0, y: 0, width: 1, height: 1 }, 'p', 'C', 'win32'),
    ).not.toHaveProperty('type');
  });

  it('makes the captions box an opaque resizable panel', () => {
    expect(
      captionWindowOptions('captionsBox', { x: 0, y: 0, width: 400, height: 900 }, 'p', 'C', 'linux'),
    ).toMatchObject({
      transparent: false,
      resizable: true,
      frame: false,
      skipTaskbar: false,
    });
  });

  it('keeps the main window running while hidden (it records)', () => {
    expect(mainWindowOptions('p', 'Hearken').webPreferences.backgroundThrottling).toBe(false);
  });

  it('puts floating captions at the highest level, on all workspaces and over full-screen apps', () => {
    expect(captionWindowFlags('floatingCaptions', true)).toEqual({
      level: 'screen-saver',
      visibleOnAllWorkspaces: true,
      visibleOnFullScreen: true,
      ignoreMouseEvents: true,
    });
    expect(captionWindowFlags('captionsBox', true).ignoreMouseEvents).toBe(false);
  });
});
