import { describe, expect, it } from 'vitest';
import { DRAG_EDGE_MARGIN_PX } from '../../../../src/shared/desktop';
import {
  DOCK_SNAP_PX,
  MIN_SIZE,
  boundsOnDisplay,
  clampToWorkArea,
  defaultBounds,
  displayForRect,
  displayKey,
  moveBy,
  settle,
  snapToEdges,
  type DisplayInfo,
} from '../../../../src/main/windows/placement';

// A 1920x1080 laptop screen with a 40 px taskbar, and a 2560x1440 monitor to its right.
const laptop: DisplayInfo = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
};
const monitor: DisplayInfo = {
  id: 2,
  bounds: { x: 1920, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1920, y: 25, width: 2560, height: 1415 },
};
const M = DRAG_EDGE_MARGIN_PX;

function inside(rect: { x: number; y: number; width: number; height: number }, d: DisplayInfo): boolean {
  const w = d.workArea;
  return (
    rect.x >= w.x + M &&
    rect.y >= w.y + M &&
    rect.x + rect.width <= w.x + w.width - M &&
    rect.y + rect.height <= w.y + w.height - M
  );
}

describe('defaultBounds', () => {
  it('puts floating captions at the bottom centre like subtitles', () => {
    const r = defaultBounds('floatingCaptions', laptop.workArea);
    expect(r.width).toBe(960);
    expect(r.x + r.width / 2).toBe(960);
    expect(r.y + r.height).toBe(1040 - 64);
    expect(inside(r, laptop)).toBe(true);
  });

  it('docks the captions box to the right edge, full height, within the margin', () => {
    const r = defaultBounds('captionsBox', monitor.workArea);
    expect(r.x + r.width).toBe(1920 + 2560 - M);
    expect(r.y).toBe(25 + M);
    expect(r.height).toBe(1415 - 2 * M);
    expect(r.width).toBe(420);
  });

  it('fits a small screen', () => {
    const small = { x: 0, y: 0, width: 800, height: 600 };
    const r = defaultBounds('floatingCaptions', small);
    expect(r.width).toBe(560);
    expect(r.x).toBe(120);
  });
});

describe('clampToWorkArea (5 px drag edge margin)', () => {
  it.each([
    ['past the left edge', { x: -300, y: 500, width: 600, height: 150 }, { x: M, y: 500 }],
    ['past the right edge', { x: 1800, y: 500, width: 600, height: 150 }, { x: 1920 - M - 600, y: 500 }],
    ['above the top', { x: 100, y: -40, width: 600, height: 150 }, { x: 100, y: M }],
    ['under the taskbar', { x: 100, y: 1000, width: 600, height: 150 }, { x: 100, y: 1040 - M - 150 }],
    ['exactly at the margin', { x: M, y: M, width: 600, height: 150 }, { x: M, y: M }],
  ])('%s', (_name, rect, expected) => {
    const r = clampToWorkArea(rect, laptop.workArea, 'floatingCaptions');
    expect({ x: r.x, y: r.y }).toEqual(expected);
    expect(r.width).toBe(600);
  });

  it('shrinks a window larger than the screen, and never below the minimum size', () => {
    const big = clampToWorkArea({ x: 0, y: 0, width: 5000, height: 3000 }, laptop.workArea, 'captionsBox');
    expect(big).toEqual({ x: M, y: M, width: 1920 - 2 * M, height: 1040 - 2 * M });
    const tiny = clampToWorkArea(
      { x: 50, y: 50, width: 10, height: 10 },
      laptop.workArea,
      'floatingCaptions',
    );
    expect(tiny.width).toBe(MIN_SIZE.floatingCaptions.width);
    expect(tiny.height).toBe(MIN_SIZE.floatingCaptions.height);
  });
});

describe('displays', () => {
  it('picks the display showing most of the window', () => {
    expect(displayForRect({ x: 1800, y: 100, width: 400, height: 100 }, [laptop, monitor]).id).toBe(2);
    expect(displayForRect({ x: 1700, y: 100, width: 400, height: 100 }, [laptop, monitor]).id).toBe(1);
  });

  it('picks the nearest display for a window off every screen (a monitor was unplugged)', () => {
    expect(displayForRect({ x: 6000, y: 100, width: 400, height: 100 }, [laptop, monitor]).id).toBe(2);
    expect(displayForRect({ x: -3000, y: 100, width: 400, height: 100 }, [laptop, monitor]).id).toBe(1);
  });

  it('remembers bounds per display and resolution', () => {
    const remembered = {
      [displayKey(monitor)]: { x: 2000, y: 200, width: 700, height: 200 },
    };
    expect(boundsOnDisplay('floatingCaptions', monitor, remembered)).toEqual({
      x: 2000,
      y: 200,
      width: 700,
      height: 200,
    });
    // Nothing remembered for the laptop: the default place there.
    expect(boundsOnDisplay('floatingCaptions', laptop, remembered)).toEqual(
      defaultBounds('floatingCaptions', laptop.workArea),
    );
    // The same monitor at another resolution does not reuse the old place.
    const lowRes = { ...monitor, bounds: { ...monitor.bounds, width: 1280, height: 720 } };
    expect(displayKey(lowRes)).not.toBe(displayKey(monitor));
  });

  it('brings a remembered place back on screen when the work area shrank', () => {
    const remembered = { [displayKey(laptop)]: { x: 1500, y: 900, width: 700, height: 200 } };
    const r = boundsOnDisplay('floatingCaptions', laptop, remembered);
    expect(inside(r, laptop)).toBe(true);
    expect(r.width).toBe(700);
  });
});

describe('moving and docking', () => {
  it('moves by keyboard steps and stops at the margin', () => {
    const start = { x: 100, y: 100, width: 600, height: 150 };
    expect(moveBy(start, 20, -10, laptop.workArea, 'floatingCaptions')).toEqual({ ...start, x: 120, y: 90 });
    expect(moveBy(start, -500, 0, laptop.workArea, 'floatingCaptions').x).toBe(M);
  });

  it('snaps a captions box dropped near an edge, and leaves it elsewhere', () => {
    const near = snapToEdges(
      { x: 1920 - 300 - M - (DOCK_SNAP_PX - 4), y: 300, width: 300, height: 500 },
      laptop.workArea,
    );
    expect(near.x).toBe(1920 - 300 - M);
    expect(near.y).toBe(300);
    const far = snapToEdges({ x: 800, y: 300, width: 300, height: 500 }, laptop.workArea);
    expect(far.x).toBe(800);
  });

  it('settles a dragged window on the display it was dropped on', () => {
    const { bounds, display } = settle('floatingCaptions', { x: 4400, y: 1400, width: 600, height: 150 }, [
      laptop,
      monitor,
    ]);
    expect(display.id).toBe(2);
    expect(inside(bounds, monitor)).toBe(true);
  });
});
