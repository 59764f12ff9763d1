import '../workspace.css';
import { Callout, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { isAdmin } from '../../../../shared/user';
import { WORKSPACE_TABS, workspacePath } from '../../../../shared/workspace';
import { SettingsTabs } from '../../../app/SettingsTabs';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectProfile } from '../../account-profile/selectors';

/**
 * workspace/*: the organisation admin's members, organisation, payment and billing, reporting,
 * vocabulary and Scribe limit. Others are told it is the admin's (the server refuses them too).
 */
export function WorkspaceLayout() {
  const { t } = useTranslation();
  useDocumentTitle(t('organizations.workspace.title'));
  const profile = useAppSelector(selectProfile);
  const admin = profile?.organizationId && isAdmin(profile);
  return (
    <div className="page workspace">
      <H1>{t('organizations.workspace.heading')}</H1>
      {admin ? (
        <SettingsTabs
          label={t('organizations.workspace.nav')}
          tabs={WORKSPACE_TABS.map((tab) => ({
            to: workspacePath(tab),
            label: t(`organizations.workspace.tabs.${tab}`),
            testId: `workspace-tab-${tab}`,
          }))}
        />
      ) : (
        <Callout intent="warning" data-testid="workspace-not-admin">
          <p>{t('organizations.workspace.notAdmin')}</p>
          <Link to={ROUTES.accountDashboard}>{t('organizations.workspace.toDashboard')}</Link>
        </Callout>
      )}
    </div>
  );
}
