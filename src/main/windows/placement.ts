/**
 * Where caption windows go: default places per mode, bounds remembered per display, and the
 * spec's 5 px drag edge margin (a caption window never slides under a screen edge, where it
 * could not be grabbed back). Pure geometry in screen coordinates (DIPs).
 */
import { type CaptionMode, DRAG_EDGE_MARGIN_PX } from '../../shared/desktop';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of Electron's Display a placement needs. */
export interface DisplayInfo {
  id: number;
  bounds: Rect;
  /** The display minus taskbar, dock and menu bar. */
  workArea: Rect;
}

/** Smallest sizes at which a caption window still shows two lines and its controls. */
export const MIN_SIZE: Record<CaptionMode, { width: number; height: number }> = {
  floatingCaptions: { width: 320, height: 96 },
  captionsBox: { width: 280, height: 220 },
};

/** Floating captions sit above the bottom of the screen like subtitles, clear of video controls. */
export const FLOATING_BOTTOM_GAP_PX = 64;
export const FLOATING_DEFAULT = { maxWidth: 960, widthRatio: 0.7, height: 180 };
export const BOX_DEFAULT = { maxWidth: 420, widthRatio: 0.28 };
/** A captions box dropped this close to a screen edge docks to it. */
export const DOCK_SNAP_PX = 24;

/**
 * Remembered bounds are per display and per resolution: the same monitor at another resolution
 * gets its own place rather than a stretched old one.
 */
export function displayKey(display: DisplayInfo): string {
  return `${display.id}:${display.bounds.width}x${display.bounds.height}`;
}

function intersectionArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function centre(r: Rect): { x: number; y: number } {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** The display showing most of `rect`; when it is off every display, the nearest one. */
export function displayForRect(rect: Rect, displays: readonly DisplayInfo[]): DisplayInfo {
  if (displays.length === 0) throw new Error('no display');
  let best = displays[0]!;
  let bestArea = -1;
  for (const d of displays) {
    const area = intersectionArea(rect, d.bounds);
    if (area > bestArea) {
      best = d;
      bestArea = area;
    }
  }
  if (bestArea > 0) return best;
  const c = centre(rect);
  const distance = (d: DisplayInfo) => {
    const dc = centre(d.bounds);
    return Math.hypot(dc.x - c.x, dc.y - c.y);
  };
  return [...displays].sort((a, b) => distance(a) - distance(b))[0]!;
}

/**
 * Keeps a window inside the work area with `margin` pixels to spare on each side: shrinks it if
 * it is larger than the space (never below the mode's minimum), then moves it inside.
 */
export function clampToWorkArea(
  rect: Rect,
  workArea: Rect,
  mode: CaptionMode,
  margin = DRAG_EDGE_MARGIN_PX,
): Rect {
  const maxW = Math.max(workArea.width - 2 * margin, 1);
  const maxH = Math.max(workArea.height - 2 * margin, 1);
  const width = Math.round(Math.min(Math.max(rect.width, Math.min(MIN_SIZE[mode].width, maxW)), maxW));
  const height = Math.round(Math.min(Math.max(rect.height, Math.min(MIN_SIZE[mode].height, maxH)), maxH));
  const minX = workArea.x + margin;
  const minY = workArea.y + margin;
  const maxX = workArea.x + workArea.width - margin - width;
  const maxY = workArea.y + workArea.height - margin - height;
  return {
    x: Math.round(Math.min(Math.max(rect.x, minX), maxX)),
    y: Math.round(Math.min(Math.max(rect.y, minY), maxY)),
    width,
    height,
  };
}

/** First placement on a display: subtitles at the bottom centre, or a box docked to the right. */
export function defaultBounds(mode: CaptionMode, workArea: Rect, margin = DRAG_EDGE_MARGIN_PX): Rect {
  if (mode === 'floatingCaptions') {
    const width = Math.min(
      FLOATING_DEFAULT.maxWidth,
      Math.round(workArea.width * FLOATING_DEFAULT.widthRatio),
    );
    const height = FLOATING_DEFAULT.height;
    return clampToWorkArea(
      {
        x: workArea.x + Math.round((workArea.width - width) / 2),
        y: workArea.y + workArea.height - height - FLOATING_BOTTOM_GAP_PX,
        width,
        height,
      },
      workArea,
      mode,
      margin,
    );
  }
  const width = Math.min(BOX_DEFAULT.maxWidth, Math.round(workArea.width * BOX_DEFAULT.widthRatio));
  return clampToWorkArea(
    {
      x: workArea.x + workArea.width - width - margin,
      y: workArea.y + margin,
      width,
      height: workArea.height - 2 * margin,
    },
    workArea,
    mode,
    margin,
  );
}

export type RememberedBounds = Record<string, Rect>;

/** Where a caption window opens on `display`: its remembered place there (kept on screen), else the default. */
export function boundsOnDisplay(
  mode: CaptionMode,
  display: DisplayInfo,
  remembered: RememberedBounds | undefined,
): Rect {
  const saved = remembered?.[displayKey(display)];
  return saved ? clampToWorkArea(saved, display.workArea, mode) : defaultBounds(mode, display.workArea);
}

/** Moves a window by a keyboard step, staying inside the work area. */
export function moveBy(rect: Rect, dx: number, dy: number, workArea: Rect, mode: CaptionMode): Rect {
  return clampToWorkArea({ ...rect, x: rect.x + dx, y: rect.y + dy }, workArea, mode);
}

/**
 * The captions box docks: dropped within DOCK_SNAP_PX of a work-area edge, it moves to the
 * margin of that edge, so it lines up with the screen instead of sitting a few pixels off.
 */
export function snapToEdges(rect: Rect, workArea: Rect, margin = DRAG_EDGE_MARGIN_PX): Rect {
  const left = workArea.x + margin;
  const top = workArea.y + margin;
  const right = workArea.x + workArea.width - margin - rect.width;
  const bottom = workArea.y + workArea.height - margin - rect.height;
  const snap = (value: number, low: number, high: number) => {
    if (Math.abs(value - low) <= DOCK_SNAP_PX) return low;
    if (Math.abs(value - high) <= DOCK_SNAP_PX) return high;
    return value;
  };
  return { ...rect, x: snap(rect.x, left, right), y: snap(rect.y, top, bottom) };
}

/** After the user moved or resized a caption window: where it settles, and the display to remember it for. */
export function settle(
  mode: CaptionMode,
  rect: Rect,
  displays: readonly DisplayInfo[],
): { bounds: Rect; display: DisplayInfo } {
  const display = displayForRect(rect, displays);
  let bounds = clampToWorkArea(rect, display.workArea, mode);
  if (mode === 'captionsBox') bounds = snapToEdges(bounds, display.workArea);
  return { bounds, display };
}

export function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
