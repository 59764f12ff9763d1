/**
 * Translation in the web client: the language this person reads captions in (the server
 * translates for them), the languages the server can offer from the room's speech language,
 * whether the original is shown beside a translation, and auto-translate's toggle in flight.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { TranslationLanguagesResponse } from '../../../shared/translation';
import { fieldSetter } from '../../lib/field-setter';

export interface TranslationState {
  /** The language chosen to read in; null: each caption as spoken. */
  readingLang: string | null;
  /** What the server can translate into from the room's speech language (undefined: not asked yet). */
  options?: { from: string; available: boolean; languages: string[]; problem?: string };
  /** Show the original text under each translated caption. */
  showOriginal: boolean;
  /** Auto-translate's toggle was pressed and the room has not said whose turn it is yet. */
  autoTogglePending: boolean;
}

export const initialTranslationState: TranslationState = {
  readingLang: null,
  showOriginal: false,
  autoTogglePending: false,
};

const set = fieldSetter<TranslationState>();

const translationSlice = createSlice({
  name: 'translation',
  initialState: initialTranslationState,
  reducers: {
    languagesLoaded(state, action: PayloadAction<TranslationLanguagesResponse & { from: string }>) {
      const { from, available, languages, problem } = action.payload;
      state.options = { from, available, languages: languages ?? [], ...(problem ? { problem } : {}) };
      // A language the server no longer offers is not kept: captions come as spoken.
      if (state.readingLang && !state.options.languages.includes(state.readingLang)) state.readingLang = null;
    },
    readingLangChosen: set('readingLang'),
    showOriginalChanged: set('showOriginal'),
    autoTogglePendingChanged: set('autoTogglePending'),
  },
});

/** Events: the saga acts on them. */
const translationEvents = {
  autoToggleRequested: createAction('translation/autoToggleRequested'),
  guestLanguageChosen: createAction<string>('translation/guestLanguageChosen'),
};

export const translationActions = { ...translationSlice.actions, ...translationEvents };
export const translationReducer = translationSlice.reducer;
