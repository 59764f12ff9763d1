import { Classes, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /web/scribe-dashboard: where Scribe users land after signing in (its tools come with the Scribe issue). */
export function ScribeDashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.scribe.title'));
  return (
    <div className="page" data-testid="scribe-dashboard">
      <H1>{t('account.scribe.heading')}</H1>
      <p className="lead">{t('account.scribe.intro')}</p>
      <Link
        to={ROUTES.conversations}
        className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`}
      >
        {t('account.scribe.join')}
      </Link>
    </div>
  );
}
