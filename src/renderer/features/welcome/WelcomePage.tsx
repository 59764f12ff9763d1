import { Callout, Classes, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * /web/signup: accounts arrive in a later issue. Until then this page says so plainly and lets
 * people carry on as guests; there is no form to fill.
 */
export function WelcomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('welcome.title'));
  return (
    <div className="page welcome-page">
      <H1>{t('welcome.heading')}</H1>
      <p className="lead">{t('welcome.intro')}</p>
      <Callout intent="primary" className="page-callout">
        <p>{t('welcome.accountsComing')}</p>
        <p>{t('welcome.guestNote')}</p>
      </Callout>
      <Link
        to={PATHS.conversations}
        className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`}
        data-testid="continue-as-guest"
      >
        {t('welcome.continueAsGuest')}
      </Link>
    </div>
  );
}
