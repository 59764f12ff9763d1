import type { RootState } from '../../app/root-reducer';

export const selectLanguage = (state: RootState) => state.settings.language;
export const selectTheme = (state: RootState) => state.settings.theme;
export const selectFontSizePx = (state: RootState) => state.settings.fontSizePx;
export const selectSpeechLang = (state: RootState) => state.settings.speechLang;
export const selectAvailableSpeechLangs = (state: RootState) => state.settings.availableSpeechLangs;
export const selectCurseFilter = (state: RootState) => state.settings.curseFilter;
export const selectKeywordEmphasis = (state: RootState) => state.settings.keywordEmphasis;
