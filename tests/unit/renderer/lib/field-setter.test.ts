import { createSlice } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { fieldSetter } from '../../../../src/renderer/lib/field-setter';

interface PanelState {
  open: boolean;
  title: string | null;
  picked?: { id: string };
  other: number;
}

const set = fieldSetter<PanelState>();
const initial: PanelState = { open: false, title: 'first', other: 7 };
const panel = createSlice({
  name: 'panel',
  initialState: initial,
  reducers: { opened: set('open'), titled: set('title'), picked: set('picked') },
});

describe('fieldSetter', () => {
  it('stores the payload in its field and leaves the other fields as they were', () => {
    const state = panel.reducer(initial, panel.actions.opened(true));
    expect(state).toEqual({ open: true, title: 'first', other: 7 });
    expect(panel.reducer(state, panel.actions.opened(false)).open).toBe(false);
  });

  it('stores a null as it is, and an object by reference', () => {
    expect(panel.reducer(initial, panel.actions.titled(null)).title).toBeNull();
    const choice = { id: 'a' };
    expect(panel.reducer(initial, panel.actions.picked(choice)).picked).toBe(choice);
  });

  it('returns a new state and does not change the one it was given', () => {
    const state = panel.reducer(initial, panel.actions.titled('second'));
    expect(state).not.toBe(initial);
    expect(initial.title).toBe('first');
  });

  it('takes the field’s type, without undefined, as the payload', () => {
    // @ts-expect-error an optional field is set by this action, never cleared by it
    panel.actions.picked(undefined);
    // @ts-expect-error the payload has the field's type
    panel.actions.opened('yes');
  });
});
