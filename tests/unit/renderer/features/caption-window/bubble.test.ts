import { describe, expect, it } from 'vitest';
import {
  bubbleReducer,
  bubbleWaitsToHide,
  initialBubble,
  type BubbleEvent,
} from '../../../../../src/renderer/features/caption-window/bubble';

describe('the bubble above caption mode', () => {
  const run = (events: BubbleEvent[]) => events.reduce(bubbleReducer, initialBubble);

  it('shows on activity and hides when its timer of the latest activity ends', () => {
    const shown = run([{ type: 'activity' }]);
    expect(shown.shown).toBe(true);
    expect(bubbleWaitsToHide(shown)).toBe(true);
    expect(bubbleReducer(shown, { type: 'timeout', generation: shown.generation }).shown).toBe(false);
  });

  it('ignores the timer of an older activity', () => {
    const first = run([{ type: 'activity' }]);
    const later = bubbleReducer(first, { type: 'activity' });
    expect(bubbleReducer(later, { type: 'timeout', generation: first.generation }).shown).toBe(true);
  });

  it('stays while hovered or focused by keyboard, and hides after they leave', () => {
    const hovered = run([{ type: 'hover', inside: true }]);
    expect(bubbleWaitsToHide(hovered)).toBe(false);
    expect(bubbleReducer(hovered, { type: 'timeout', generation: hovered.generation }).shown).toBe(true);
    const focused = run([
      { type: 'focus', inside: true },
      { type: 'hover', inside: false },
    ]);
    expect(bubbleReducer(focused, { type: 'timeout', generation: focused.generation }).shown).toBe(true);
    const left = bubbleReducer(focused, { type: 'focus', inside: false });
    expect(bubbleReducer(left, { type: 'timeout', generation: left.generation }).shown).toBe(false);
  });
});
