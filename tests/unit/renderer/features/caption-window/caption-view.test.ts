import { describe, expect, it } from 'vitest';
import {
  MOVE_STEP_FAST_PX,
  MOVE_STEP_PX,
  captionViewVersion,
  moveForKey,
} from '../../../../../src/renderer/features/caption-window/caption-view';
import { parseCaptionViewSearch, captionViewSearch } from '../../../../../src/shared/desktop';

describe('caption view', () => {
  it.each([
    [{}, 'v2'],
    [{ desktopVersion: '2.2.0' }, 'v2'],
    [{ desktopVersion: '2.1.9' }, 'v2'],
    [{ desktopVersion: '2.1.8' }, 'v1'],
    [{ desktopVersion: '2.2.0', desktopV2Flag: false }, 'v1'],
    [{ desktopV2Flag: true }, 'v2'],
  ] as const)('%j -> %s', (options, view) => {
    expect(captionViewVersion(options)).toBe(view);
  });

  it('moves the window with the arrow keys, faster with Shift', () => {
    expect(moveForKey('ArrowLeft', false)).toEqual({ dx: -MOVE_STEP_PX, dy: 0 });
    expect(moveForKey('ArrowDown', true)).toEqual({ dx: 0, dy: MOVE_STEP_FAST_PX });
    expect(moveForKey('a', false)).toBeUndefined();
  });

  it('round-trips its query and falls back on anything unknown', () => {
    const query = {
      mode: 'captionsBox' as const,
      roomId: 'a_b',
      offline: true,
      theme: { name: 'fog' as const, variant: 'light' as const, bold: true },
    };
    expect(parseCaptionViewSearch(captionViewSearch(query))).toEqual(query);
    expect(parseCaptionViewSearch('?mode=fullscreen&theme=neon&variant=sepia')).toEqual({
      mode: 'floatingCaptions',
      offline: false,
      theme: { name: 'charcoal', variant: 'dark', bold: false },
    });
  });
});
