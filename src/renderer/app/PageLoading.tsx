import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** What a lazily loaded screen shows while its code arrives: a status that screen readers say. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-loading">
      <div role="status" className="loading-line">
        <Spinner size={40} aria-hidden />
        <span>{t('common.loading')}</span>
      </div>
    </div>
  );
}
