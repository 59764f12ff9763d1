/**
 * i18next with English (default) and French. The language comes from the settings (saved in
 * localStorage under STORAGE_KEYS.language); the <html lang> attribute follows every change, so
 * screen readers pronounce the interface in the right language.
 * This instance holds every language at once (the tests, synchronously); the app itself uses
 * browser.ts, which loads a language other than English when it is chosen.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../shared/constants';
import en from './en';
import fr from './fr';
import { i18nOptions } from './options';

export const resources = { en: { translation: en }, fr: { translation: fr } } as const;

export function createI18n(language: UiLanguage, onLanguage: (language: string) => void): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', onLanguage);
  void instance.use(initReactI18next).init({
    ...i18nOptions,
    resources,
    lng: language,
    initAsync: false,
  });
  return instance;
}
