import { describe, expect, it } from 'vitest';
import {
  type ReadingMarkerEvent,
  type ReadingMarkerState,
  initialReadingMarker,
  newSinceCount,
  readingMarkerReducer,
} from '../../../../../src/renderer/features/captions/reading-marker';

const apply = (events: ReadingMarkerEvent[], from: ReadingMarkerState = initialReadingMarker) =>
  events.reduce(readingMarkerReducer, from);

describe('where I stopped reading', () => {
  it('puts the marker after the last line seen and counts the lines since', () => {
    const state = apply([{ type: 'away', lastSeenId: 'c' }]);
    expect(state).toEqual({ markerId: 'c', away: true });
    expect(newSinceCount(['a', 'b', 'c'], state)).toBe(0);
    expect(newSinceCount(['a', 'b', 'c', 'd', 'e'], state)).toBe(2);
  });

  it('stops counting when the window has focus again', () => {
    const state = apply([
      { type: 'away', lastSeenId: 'b' },
      { type: 'back', lastId: 'd' },
    ]);
    expect(state).toEqual({ markerId: 'b', untilId: 'd', away: false });
    expect(newSinceCount(['a', 'b', 'c', 'd', 'e', 'f'], state)).toBe(2);
  });

  it('keeps an unvisited marker at the first unread line when the reader stops again', () => {
    const state = apply([
      { type: 'away', lastSeenId: 'b' },
      { type: 'back', lastId: 'd' },
      { type: 'away', lastSeenId: 'f' },
    ]);
    expect(state).toEqual({ markerId: 'b', away: true });
    expect(newSinceCount(['a', 'b', 'c', 'd', 'e', 'f', 'g'], state)).toBe(5);
    // Losing focus while already scrolled back changes nothing.
    expect(readingMarkerReducer(state, { type: 'away', lastSeenId: 'g' })).toBe(state);
  });

  it('clears once the reader has caught up', () => {
    const state = apply([{ type: 'away', lastSeenId: 'b' }, { type: 'caughtUp' }]);
    expect(state).toEqual(initialReadingMarker);
    expect(newSinceCount(['a', 'b', 'c'], state)).toBe(0);
    // And a fresh stop puts it at the new place.
    expect(readingMarkerReducer(state, { type: 'away', lastSeenId: 'c' }).markerId).toBe('c');
  });

  it('has nothing to mark with no captions, and nothing to count once the line is gone', () => {
    expect(apply([{ type: 'away', lastSeenId: undefined }])).toEqual(initialReadingMarker);
    expect(newSinceCount(['x', 'y'], { markerId: 'gone', away: true })).toBe(0);
    expect(apply([{ type: 'back', lastId: 'a' }])).toEqual(initialReadingMarker);
  });
});
