import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES, accountSettingsPath } from '../../../../shared/routes';
import { useAppSelector } from '../../../app/hooks';
import { selectProfile } from '../../account-profile/selectors';
import { selectAuth } from '../selectors';

/** The header's account links: sign in or create an account; or who is signed in, settings, sign out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const auth = useAppSelector(selectAuth);
  const profile = useAppSelector(selectProfile);
  if (auth.available === false || auth.phase === 'loading') return null;
  const link = `${Classes.BUTTON} ${Classes.MINIMAL}`;
  return (
    <nav aria-label={t('account.nav.region')} className="account-menu" data-testid="account-menu">
      {auth.phase === 'signed-in' && profile ? (
        <>
          <span className="account-name" data-testid="signed-in-as">
            {t('account.nav.signedInAs', { name: profile.userName || profile.avaName })}
          </span>
          <Link to={accountSettingsPath()} className={link} data-testid="nav-settings">
            {t('account.nav.settings')}
          </Link>
          <Link to={ROUTES.logout} className={link} data-testid="nav-sign-out">
            {t('account.nav.signOut')}
          </Link>
        </>
      ) : (
        <>
          <Link to={ROUTES.login} className={link} data-testid="nav-sign-in">
            {t('account.nav.signIn')}
          </Link>
          <Link to={ROUTES.signup} className={link} data-testid="nav-sign-up">
            {t('account.nav.signUp')}
          </Link>
        </>
      )}
    </nav>
  );
}
