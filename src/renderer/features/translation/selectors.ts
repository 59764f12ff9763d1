import type { RootState } from '../../app/root-reducer';

export const selectReadingLang = (state: RootState) => state.translation.readingLang;
export const selectTranslationOptions = (state: RootState) => state.translation.options;
export const selectShowOriginal = (state: RootState) => state.translation.showOriginal;
export const selectAutoTogglePending = (state: RootState) => state.translation.autoTogglePending;
export const selectAutoTranslation = (state: RootState) => state.conversation.status?.autoTranslation;
