import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../../shared/routes';
import { useAppDispatch } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { authActions } from '../slice';

/** /web/logout: signs out, then goes to /web/login. */
export function LogoutPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useDocumentTitle(t('account.logout.title'));
  useEffect(() => {
    dispatch(authActions.signOutRequested({ to: ROUTES.login }));
  }, [dispatch]);
  return (
    <div className="page" role="status">
      <LoadingLine label={t('account.logout.signingOut')} insideStatus />
    </div>
  );
}
