/**
 * The user's display preferences: interface language, theme, caption font size and the
 * language they speak. Each is kept in localStorage (STORAGE_KEYS) and read back on start.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import {
  DEFAULT_SPEECH_LANG,
  FONT_SIZE_DEFAULT_PX,
  STORAGE_KEYS,
  UI_LANGUAGES,
  type UiLanguage,
} from '../../../shared/constants';
import { clampFontSize } from '../../../shared/validation';
import {
  CURSE_FILTER_DEFAULT,
  type CurseFilterLevel,
  isCurseFilterLevel,
} from '../../../shared/curse-filter';
import type { KeyValueStorage } from '../../lib/storage';
import { fieldSetter } from '../../lib/field-setter';

export type Theme = 'light' | 'dark';

export interface SettingsState {
  language: UiLanguage;
  theme: Theme;
  fontSizePx: number;
  /** BCP 47 tag of the language the user speaks (connection-params and recording metadata). */
  speechLang: string;
  /** Speech languages the server offers (GET API.config); the default until it answers. */
  availableSpeechLangs: string[];
  /**
   * Whether the server can identify speakers (it has a speaker model; GET API.config), for the
   * beta toggle to say so; undefined until it answers.
   */
  speakerIdentificationAvailable?: boolean;
  /**
   * Whether meeting bots and phone calls have a provider on this server (GET API.config);
   * undefined until it answers (the forms show as before).
   */
  integrations?: { meetingBots: boolean; phoneCalls: boolean };
  /**
   * Caption tiers a lower-accuracy fallback engine serves (GET API.config `fallback`): readers
   * are told while such a tier captions the conversation.
   */
  fallbackTiers: Array<'basic' | 'premium'>;
  /** The reader dismissed the fallback engine notice: not said again until the page reloads. */
  fallbackNoticeDismissed?: boolean;
  /**
   * Chosen by the person on this page since it opened: such a choice is not replaced by the one
   * an account saved on another device when they sign in (it is saved to the account instead).
   */
  chosenHere: { language: boolean; theme: boolean };
  /** The curse filter the server applies to the captions this person receives. */
  curseFilter: CurseFilterLevel;
  /** Names, numbers and rare words in bold in captions (keyword-emphasis.ts); off unless chosen. */
  keywordEmphasis: boolean;
}

export const initialSettingsState: SettingsState = {
  language: 'en',
  theme: 'light',
  fontSizePx: FONT_SIZE_DEFAULT_PX,
  speechLang: DEFAULT_SPEECH_LANG,
  availableSpeechLangs: [DEFAULT_SPEECH_LANG],
  chosenHere: { language: false, theme: false },
  curseFilter: CURSE_FILTER_DEFAULT,
  keywordEmphasis: false,
  fallbackTiers: [],
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

const SPEECH_LANG_RE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The interface language a browser asks for (navigator.languages, in order), else English. */
export function uiLanguageFrom(browserLanguages: readonly string[]): UiLanguage {
  for (const tag of browserLanguages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isUiLanguage(primary)) return primary;
  }
  return initialSettingsState.language;
}

/**
 * Reads the saved settings, ignoring anything malformed. With no language saved, the browser's
 * languages choose one (a French browser opens in French).
 */
export function loadSettings(
  storage: KeyValueStorage,
  browserLanguages: readonly string[] = [],
): SettingsState {
  const language = storage.get(STORAGE_KEYS.language);
  const theme = storage.get(STORAGE_KEYS.theme);
  const fontSize = Number(storage.get(STORAGE_KEYS.fontSize));
  const speechLang = storage.get(STORAGE_KEYS.speechLang);
  const chosenSpeechLang = speechLang && SPEECH_LANG_RE.test(speechLang) ? speechLang : DEFAULT_SPEECH_LANG;
  const curseFilter = Number(storage.get(STORAGE_KEYS.curseFilter) || Number.NaN);
  return {
    language: isUiLanguage(language) ? language : uiLanguageFrom(browserLanguages),
    theme: theme === 'dark' || theme === 'light' ? theme : initialSettingsState.theme,
    fontSizePx: Number.isFinite(fontSize) && fontSize > 0 ? clampFontSize(fontSize) : FONT_SIZE_DEFAULT_PX,
    speechLang: chosenSpeechLang,
    availableSpeechLangs: [...new Set([DEFAULT_SPEECH_LANG, chosenSpeechLang])],
    chosenHere: { language: false, theme: false },
    curseFilter: isCurseFilterLevel(curseFilter) ? curseFilter : CURSE_FILTER_DEFAULT,
    keywordEmphasis: storage.get(STORAGE_KEYS.keywordEmphasis) === 'true',
    fallbackTiers: [],
  };
}

const set = fieldSetter<SettingsState>();

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    languageChanged(state, action: PayloadAction<UiLanguage>) {
      if (!isUiLanguage(action.payload)) return;
      state.language = action.payload;
      state.chosenHere.language = true;
    },
    themeChanged(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
      state.chosenHere.theme = true;
    },
    fontSizeChanged(state, action: PayloadAction<number>) {
      state.fontSizePx = clampFontSize(action.payload);
    },
    /**
     * Settings saved with the signed-in account, applied on this device (they are not saved
     * back: they came from the server), except a language or theme just chosen here.
     */
    restoredFromAccount(
      state,
      action: PayloadAction<{ language?: UiLanguage; theme?: Theme; fontSizePx?: number }>,
    ) {
      const { language, theme, fontSizePx } = action.payload;
      if (isUiLanguage(language) && !state.chosenHere.language) state.language = language;
      if ((theme === 'dark' || theme === 'light') && !state.chosenHere.theme) state.theme = theme;
      if (fontSizePx !== undefined) state.fontSizePx = clampFontSize(fontSizePx);
    },
    speechLangChanged(state, action: PayloadAction<string>) {
      if (SPEECH_LANG_RE.test(action.payload)) state.speechLang = action.payload;
    },
    curseFilterChanged(state, action: PayloadAction<number>) {
      if (isCurseFilterLevel(action.payload)) state.curseFilter = action.payload;
    },
    keywordEmphasisChanged: set('keywordEmphasis'),
    fallbackTiersLoaded(state, action: PayloadAction<Array<'basic' | 'premium'>>) {
      state.fallbackTiers = action.payload.filter((tier) => tier === 'basic' || tier === 'premium');
    },
    fallbackNoticeDismissed(state) {
      state.fallbackNoticeDismissed = true;
    },
    speakerIdentificationLoaded: set('speakerIdentificationAvailable'),
    integrationsLoaded: set('integrations'),
    speechLangsLoaded(state, action: PayloadAction<string[]>) {
      const langs = action.payload.filter((lang) => SPEECH_LANG_RE.test(lang));
      if (langs.length === 0) return;
      state.availableSpeechLangs = langs.includes(state.speechLang) ? langs : [state.speechLang, ...langs];
    },
  },
});

export const settingsActions = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
