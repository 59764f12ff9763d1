import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../lib/LoadingLine';

/** What a lazily loaded screen shows while its code arrives: a status that screen readers say. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-loading">
      <LoadingLine label={t('common.loading')} spinnerSize={40} />
    </div>
  );
}
