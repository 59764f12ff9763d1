/**
 * Vocabulary boost in a conversation (docs/boost.md): this person's boost list as the server
 * last said it (`user-boost-words`), and the offer the end sequence's BOOST stage makes: the
 * words people corrected in this conversation, each with how often, for the person to choose.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import { socketActions } from '../socket/slice';
import { fieldSetter } from '../../lib/field-setter';

export interface BoostSuggestion {
  word: string;
  /** How many times people corrected recognition into this word in the conversation. */
  count: number;
}

export interface BoostState {
  /** The list has come from the server (the BOOST stage's manager exists). */
  loaded: boolean;
  words: string[];
  /** Whether this person's recognition uses the list. */
  enabled: boolean;
  /** The BOOST stage's question, while it is asked. */
  offer?: BoostSuggestion[];
  /** The server refused an addition (its message, e.g. 'Too many characters.'). */
  error?: string;
  /** The plan does not include boost: the list is not used, and the end offers nothing. */
  upgradeRequired?: boolean;
}

export const initialBoostState: BoostState = { loaded: false, words: [], enabled: true };

const set = fieldSetter<BoostState>();

const boostSlice = createSlice({
  name: 'boost',
  initialState: initialBoostState,
  reducers: {
    offered(state, action: PayloadAction<BoostSuggestion[]>) {
      state.offer = action.payload;
      delete state.error;
    },
    /** The person chose these words (none: "Not now"). */
    answered(_state, _action: PayloadAction<string[]>) {},
    offerClosed(state) {
      delete state.offer;
    },
    /** The person turns boosting of their recognition on or off (sent as `boost`). */
    switchRequested(_state, _action: PayloadAction<boolean>) {},
    failed: set('error'),
  },
  extraReducers: (builder) => {
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const message = action.payload;
      if (message.type !== 'user-boost-words') return;
      state.loaded = true;
      state.words = message.words;
      state.enabled = message.enabled;
      state.upgradeRequired = message.upgradeRequired === true;
      delete state.error;
    });
  },
});

export const boostActions = boostSlice.actions;
export const boostReducer = boostSlice.reducer;
