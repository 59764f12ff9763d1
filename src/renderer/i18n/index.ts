/**
 * i18next with English (default) and French. The language comes from the settings (saved in
 * localStorage under STORAGE_KEYS.language); the <html lang> attribute follows every change, so
 * screen readers pronounce the interface in the right language.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../shared/constants';
import en from './en';
import fr from './fr';

export const resources = { en: { translation: en }, fr: { translation: fr } } as const;

export function createI18n(language: UiLanguage, onLanguage: (language: string) => void): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', onLanguage);
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
