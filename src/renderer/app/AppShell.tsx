// Small (2 KB), and the account menu and loading screen every page can show use it.
import './accounts.css';
import { Classes } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { AccountMenu } from '../features/sign-in/components/AccountMenu';
import { OfflineNotice } from '../features/connectivity/components/OfflineNotice';
import { Notifications } from '../features/notifications/components/Notifications';
import { LanguageSelect } from '../features/settings/components/LanguageSelect';
import { PublicFooter } from '../features/legal/components/PublicFooter';
import { selectTheme } from '../features/settings/selectors';
import { useAppSelector } from './hooks';
import { ROUTES } from '../../shared/routes';

/** Every page: skip link, banner with the language choice, main landmark, notifications. */
export function AppShell() {
  const { t } = useTranslation();
  const theme = useAppSelector(selectTheme);

  // The theme is on <body> so Blueprint's portals (popovers, overlays) follow it too.
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <Link to={ROUTES.conversations} className="app-brand" aria-label={t('app.home')}>
          <span className="app-brand-name">{t('app.name')}</span>
          <span className="app-brand-tagline">{t('app.tagline')}</span>
        </Link>
        <div className="app-header-tools">
          <AccountMenu />
          <LanguageSelect />
        </div>
      </header>
      <OfflineNotice />
      <main id="main-content" tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <PublicFooter />
      <Notifications />
    </>
  );
}
