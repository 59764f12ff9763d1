import { Card, H1, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES, accountSettingsPath } from '../../../../shared/routes';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectProfile } from '../../account-profile/selectors';
import { OrganizationDashboard } from '../../organization/components/OrganizationDashboard';

/**
 * /account/dashboard: where signing in leads; the organisation's licences, or the individual
 * options. Each choice once: signing out is the header's (AccountMenu), joining is the first card.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const profile = useAppSelector(selectProfile);
  useDocumentTitle(t('account.dashboard.title'));
  const name = profile?.userName || profile?.avaName || '';
  return (
    <div className="page dashboard-page" data-testid="account-dashboard">
      <H1>{t('account.dashboard.heading', { name })}</H1>
      <p className="lead">{t('account.dashboard.intro')}</p>
      <div className="lobby-grid">
        <Card className="lobby-card" elevation={1}>
          <H2>
            <Link to={ROUTES.conversations} data-testid="dashboard-conversations">
              {t('account.dashboard.conversations')}
            </Link>
          </H2>
          <p>{t('account.dashboard.conversationsHelp')}</p>
        </Card>
        <Card className="lobby-card" elevation={1}>
          <H2>
            <Link to={accountSettingsPath()} data-testid="dashboard-settings">
              {t('account.dashboard.settings')}
            </Link>
          </H2>
          <p>{t('account.dashboard.settingsHelp')}</p>
        </Card>
      </div>
      <OrganizationDashboard />
    </div>
  );
}
