import { describe, expect, it } from 'vitest';
import {
  type AutoScrollEvent,
  autoScrollReducer,
  initialAutoScroll,
  isAtBottom,
  shouldScrollToLatest,
} from '../../../../../src/renderer/features/captions/auto-scroll';

const run = (events: AutoScrollEvent[]) => events.reduce(autoScrollReducer, initialAutoScroll);

describe('caption auto-scroll', () => {
  it('follows the newest caption at first', () => {
    expect(shouldScrollToLatest(initialAutoScroll)).toBe(true);
    expect(run([{ type: 'captionsAdded', count: 3 }])).toEqual({ following: true, unseen: 0 });
  });

  it('pauses when the user scrolls away from the bottom and counts what they miss', () => {
    const paused = run([
      { type: 'userScrolled', atBottom: false, movedUp: true },
      { type: 'captionsAdded', count: 2 },
      { type: 'captionsAdded', count: 1 },
    ]);
    expect(shouldScrollToLatest(paused)).toBe(false);
    expect(paused.unseen).toBe(3);
  });

  it('resumes with jump to latest', () => {
    const resumed = run([
      { type: 'userScrolled', atBottom: false, movedUp: true },
      { type: 'captionsAdded', count: 2 },
      { type: 'jumpToLatest' },
    ]);
    expect(resumed).toEqual({ following: true, unseen: 0 });
  });

  it('resumes when the user scrolls back to the bottom themselves', () => {
    const resumed = run([
      { type: 'userScrolled', atBottom: false, movedUp: true },
      { type: 'captionsAdded', count: 1 },
      { type: 'userScrolled', atBottom: true, movedUp: false },
    ]);
    expect(resumed).toEqual({ following: true, unseen: 0 });
  });

  it('keeps following when the content grew under the reader without them scrolling up', () => {
    const state = run([]);
    expect(autoScrollReducer(state, { type: 'userScrolled', atBottom: false, movedUp: false })).toBe(state);
    expect(shouldScrollToLatest(state)).toBe(true);
  });

  it('keeps the same state object when nothing changes (no re-render)', () => {
    const state = run([]);
    expect(autoScrollReducer(state, { type: 'userScrolled', atBottom: true, movedUp: false })).toBe(state);
    const paused = run([{ type: 'userScrolled', atBottom: false, movedUp: true }]);
    expect(autoScrollReducer(paused, { type: 'userScrolled', atBottom: false, movedUp: true })).toBe(paused);
  });

  it('measures the bottom with a small tolerance', () => {
    expect(isAtBottom({ scrollTop: 500, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isAtBottom({ scrollTop: 480, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isAtBottom({ scrollTop: 400, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
    expect(isAtBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });
});
