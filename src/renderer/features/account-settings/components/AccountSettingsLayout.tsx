import { H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_SETTINGS_TABS, accountSettingsPath } from '../../../../shared/routes';
import { SettingsTabs } from '../../../app/SettingsTabs';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /web/account-settings/*: my-profile (default), general, boost. */
export function AccountSettingsLayout() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.settings.title'));
  return (
    <div className="page account-settings">
      <H1>{t('account.settings.heading')}</H1>
      <SettingsTabs
        label={t('account.settings.nav')}
        tabs={ACCOUNT_SETTINGS_TABS.map((tab) => ({
          to: accountSettingsPath(tab),
          label: t(`account.settings.tabs.${tab}`),
          testId: `settings-tab-${tab}`,
        }))}
      />
    </div>
  );
}
