/**
 * The bubble above caption mode (conversation.md section 2): the caption window's controls
 * appear when the pointer moves over the window or the keyboard reaches them, and hide
 * CAPTION_BUBBLE_HIDE_MS after the last movement, so they never cover captions for long. They
 * stay while the pointer is on them or focus is inside them.
 */
export interface BubbleState {
  shown: boolean;
  hovering: boolean;
  focused: boolean;
  /** Increases on every activity: a hide timer only counts if nothing happened since it started. */
  generation: number;
}

export type BubbleEvent =
  | { type: 'activity' }
  | { type: 'hover'; inside: boolean }
  | { type: 'focus'; inside: boolean }
  | { type: 'timeout'; generation: number };

export const initialBubble: BubbleState = { shown: false, hovering: false, focused: false, generation: 0 };

export function bubbleReducer(state: BubbleState, event: BubbleEvent): BubbleState {
  switch (event.type) {
    case 'activity':
      return { ...state, shown: true, generation: state.generation + 1 };
    case 'hover':
      return { ...state, hovering: event.inside, shown: true, generation: state.generation + 1 };
    case 'focus':
      return { ...state, focused: event.inside, shown: true, generation: state.generation + 1 };
    case 'timeout':
      if (event.generation !== state.generation || state.hovering || state.focused) return state;
      return { ...state, shown: false };
  }
}

/** True when a hide timer should run for this state. */
export function bubbleWaitsToHide(state: BubbleState): boolean {
  return state.shown && !state.hovering && !state.focused;
}
