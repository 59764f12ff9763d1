import type { Draft, PayloadAction } from '@reduxjs/toolkit';

/**
 * The case reducer of a "this value is now X" action: it stores the action's payload, as is, in
 * one field of the slice's state. `const set = fieldSetter<VoicedRepliesState>()` then
 * `speakAloudChanged: set('speakAloud')` in the slice's reducers.
 *
 * The payload is the field's type without `undefined`: an optional field is set by this action
 * and cleared by another one, as the slices write it by hand.
 */
export function fieldSetter<State extends object>() {
  return function set<Key extends keyof State & keyof Draft<State>>(key: Key) {
    return (state: Draft<State>, action: PayloadAction<Exclude<State[Key], undefined>>): void => {
      state[key] = action.payload as Draft<State>[Key];
    };
  };
}
