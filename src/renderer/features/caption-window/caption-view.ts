/**
 * /cc/conversation shows a v2 or v1 view, chosen by feature flags (conversation.md section 2);
 * desktop v2 needs version 2.1.9 or later (section 5). v2 is the floating captions and the
 * captions box; v1 the plain list of captions.
 */
import { isDesktopV2Version } from '../../../shared/desktop';

export function captionViewVersion(options: {
  /** The desktop app's version; undefined in a browser. */
  desktopVersion?: string;
  /** The account's desktop-v2 flag; undefined when unknown (guests). */
  desktopV2Flag?: boolean;
}): 'v1' | 'v2' {
  if (options.desktopV2Flag === false) return 'v1';
  if (options.desktopVersion !== undefined && !isDesktopV2Version(options.desktopVersion)) return 'v1';
  return 'v2';
}

/** Floating captions show the last few lines, newest at the bottom, like subtitles. */
export const FLOATING_LINES = 3;

/** Arrow keys move a caption window by this many pixels (Shift: the larger step). */
export const MOVE_STEP_PX = 10;
export const MOVE_STEP_FAST_PX = 50;

export function moveForKey(key: string, shift: boolean): { dx: number; dy: number } | undefined {
  const step = shift ? MOVE_STEP_FAST_PX : MOVE_STEP_PX;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return undefined;
  }
}

/** Font size steps of the bubble's smaller/larger buttons. */
export const FONT_STEP_PX = 4;
