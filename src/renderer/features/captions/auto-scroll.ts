/**
 * Automatic scrolling of the captions: follow the newest caption, pause while the user scrolls
 * back to read, and resume when they return to the bottom or press "jump to latest". Pure, so
 * the component only measures and scrolls.
 */
export interface AutoScrollState {
  following: boolean;
  /** Captions added while paused, for the "jump to latest" button. */
  unseen: number;
}

export type AutoScrollEvent =
  /**
   * The captions scrolled. `movedUp`: towards earlier lines (a reader scrolling back, or a screen
   * reader taking them there). A scroll that did not move up but left the bottom is the content
   * growing or the box shrinking under a reader who was following (a line wrapping anew, a notice
   * taking room, a resize whose scroll event came before the view caught up): it does not stop
   * following, and the view goes back to the newest line.
   */
  | { type: 'userScrolled'; atBottom: boolean; movedUp: boolean }
  | { type: 'captionsAdded'; count: number }
  | { type: 'jumpToLatest' };

export const initialAutoScroll: AutoScrollState = { following: true, unseen: 0 };

/** Pixels from the bottom that still count as "at the bottom" (rounding, sub-pixel zoom). */
export const AT_BOTTOM_TOLERANCE_PX = 24;

export function isAtBottom(
  metrics: { scrollTop: number; scrollHeight: number; clientHeight: number },
  tolerancePx = AT_BOTTOM_TOLERANCE_PX,
): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= tolerancePx;
}

/** Pixels from the top at which scrolling back asks for the earlier captions. */
export const NEAR_TOP_PX = 48;

export function isNearTop(metrics: { scrollTop: number }, tolerancePx = NEAR_TOP_PX): boolean {
  return metrics.scrollTop <= tolerancePx;
}

export function autoScrollReducer(state: AutoScrollState, event: AutoScrollEvent): AutoScrollState {
  switch (event.type) {
    case 'userScrolled':
      if (event.atBottom)
        return state.following && state.unseen === 0 ? state : { following: true, unseen: 0 };
      if (!event.movedUp) return state;
      return state.following ? { following: false, unseen: 0 } : state;
    case 'captionsAdded':
      if (state.following || event.count <= 0) return state;
      return { following: false, unseen: state.unseen + event.count };
    case 'jumpToLatest':
      return { following: true, unseen: 0 };
  }
}

/** Whether the view should scroll itself to the newest caption now. */
export function shouldScrollToLatest(state: AutoScrollState): boolean {
  return state.following;
}
