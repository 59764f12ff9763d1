import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../../lib/LoadingLine';

/**
 * While sign-in or the profile is being found out. It does not wait forever: the auth saga
 * logs a timeout after 60 s and carries on signed out, which replaces this screen.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="page loading-screen" data-testid="loading-screen">
      <LoadingLine label={t('account.loading')} spinnerSize={40} />
    </div>
  );
}
