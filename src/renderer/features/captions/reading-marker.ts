/**
 * "Where I stopped reading": when the reader scrolls back or the window loses focus, a marker
 * stays after the last line they saw, and the lines since are counted for a control that leads
 * back to it. Pure, so the captions view only reports what happened.
 *
 *  - `away`: they stopped reading the newest lines (scrolled back, or the window lost focus).
 *    The marker goes after the last line they saw; if an earlier marker is still unvisited it
 *    stays where it is, at the first thing they have not read.
 *  - `back`: the window has focus again; the count stops at what arrived while they were away
 *    (what comes now, they see come).
 *  - `caughtUp`: they went to the marker, or back to the newest line: nothing is unread.
 */
export interface ReadingMarkerState {
  /** The last line read before stopping; absent when nothing is unread. */
  markerId?: string;
  /** The last line that counts as new (the newest one when they came back); absent while away. */
  untilId?: string;
  away: boolean;
}

export type ReadingMarkerEvent =
  | { type: 'away'; lastSeenId: string | undefined }
  | { type: 'back'; lastId: string | undefined }
  | { type: 'caughtUp' };

export const initialReadingMarker: ReadingMarkerState = { away: false };

export function readingMarkerReducer(
  state: ReadingMarkerState,
  event: ReadingMarkerEvent,
): ReadingMarkerState {
  switch (event.type) {
    case 'away':
      if (state.away) return state;
      if (state.markerId !== undefined) return { markerId: state.markerId, away: true };
      return event.lastSeenId === undefined ? state : { markerId: event.lastSeenId, away: true };
    case 'back':
      if (!state.away) return state;
      return state.markerId === undefined
        ? initialReadingMarker
        : { markerId: state.markerId, away: false, ...(event.lastId ? { untilId: event.lastId } : {}) };
    case 'caughtUp':
      return state.markerId === undefined && !state.away ? state : initialReadingMarker;
  }
}

/**
 * How many lines came after the marker (up to `untilId` once the reader is back), in the
 * captions' order. 0 when there is no marker or its line is no longer in the list.
 */
export function newSinceCount(ids: readonly string[], state: ReadingMarkerState): number {
  if (state.markerId === undefined) return 0;
  const from = ids.lastIndexOf(state.markerId);
  if (from < 0) return 0;
  const until = state.untilId === undefined ? ids.length - 1 : ids.lastIndexOf(state.untilId);
  return Math.max(0, (until < 0 ? ids.length - 1 : until) - from);
}
