import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the page title ("Transcript – Hearken"), which screen readers read on navigation. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const title = t('app.pageTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
