/**
 * The app's i18next: English is in the page's code, every other language is a chunk loaded when
 * it is chosen (an i18next backend), so a guest reading in English does not download French.
 * Resolves once the starting language is there: a French reader never sees an English flash.
 * (index.ts holds every language at once, for the tests.)
 */
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../shared/constants';
import en from './en';
import { i18nOptions } from './options';
import type { Messages } from './types';

const LANGUAGES: Record<UiLanguage, () => Promise<Messages>> = {
  en: async () => en,
  fr: async () => (await import('./fr')).default,
};

const languageChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = (LANGUAGES as Record<string, (() => Promise<Messages>) | undefined>)[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export async function createBrowserI18n(
  language: UiLanguage,
  onLanguage: (language: string) => void,
): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', onLanguage);
  await instance
    .use(languageChunks)
    .use(initReactI18next)
    .init({ ...i18nOptions, lng: language });
  return instance;
}
