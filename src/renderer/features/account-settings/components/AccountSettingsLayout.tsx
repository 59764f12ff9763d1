import { H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { ACCOUNT_SETTINGS_TABS, accountSettingsPath } from '../../../../shared/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /web/account-settings/*: my-profile (default), general, boost. */
export function AccountSettingsLayout() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.settings.title'));
  return (
    <div className="page account-settings">
      <H1>{t('account.settings.heading')}</H1>
      <nav aria-label={t('account.settings.nav')} className="settings-tabs">
        <ul>
          {ACCOUNT_SETTINGS_TABS.map((tab) => (
            <li key={tab}>
              {/* NavLink marks the current section with aria-current="page". */}
              <NavLink to={accountSettingsPath(tab)} data-testid={`settings-tab-${tab}`}>
                {t(`account.settings.tabs.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-panel">
        <Outlet />
      </div>
    </div>
  );
}
