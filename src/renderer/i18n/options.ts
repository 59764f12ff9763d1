/** The i18next settings the app and the tests share (index.ts, browser.ts). */
import type { InitOptions } from 'i18next';

export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;

export const i18nOptions: InitOptions = {
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
};
