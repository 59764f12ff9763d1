import { useMemo } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectLanguage } from '../features/settings/selectors';

/** Names of languages in the interface's language ("espagnol" on a French page); the tag itself where the browser has none. */
export function useLanguageNames(): (lang: string) => string {
  const uiLanguage = useAppSelector(selectLanguage);
  return useMemo(() => {
    try {
      const names = new Intl.DisplayNames([uiLanguage], { type: 'language' });
      return (lang: string) => names.of(lang) ?? lang;
    } catch {
      return (lang: string) => lang;
    }
  }, [uiLanguage]);
}
