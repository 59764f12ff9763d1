import { Button, Callout, H1 } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { desktopLoginDeepLink } from '../../../../shared/desktop';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectAuth } from '../selectors';
import { authActions } from '../slice';

/**
 * /web/login/desktop/success: signed in in the browser, so a custom token is minted
 * (POST /api/v1/users/me/customToken) and handed to the desktop app by its deep link
 * (src/shared/desktop.ts). The link is also a button, for browsers that ask first.
 */
export function DesktopSuccessPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  useDocumentTitle(t('account.desktopSuccess.title'));
  useEffect(() => {
    dispatch(authActions.desktopTokenRequested());
  }, [dispatch]);
  const link = auth.desktopCustomToken ? desktopLoginDeepLink(auth.desktopCustomToken) : undefined;
  return (
    <div className="page auth-page" data-testid="desktop-success">
      <H1>{t('account.desktopSuccess.heading')}</H1>
      <div role="status">
        {link ? (
          <p className="lead">{t('account.desktopSuccess.body')}</p>
        ) : auth.busy === 'desktop-token' ? (
          <LoadingLine label={t('account.desktopSuccess.preparing')} insideStatus />
        ) : null}
      </div>
      <div role="alert">
        {auth.error && !link ? (
          <Callout intent="danger" className="page-callout">
            {t('account.desktopSuccess.failed', { message: auth.error.detail ?? auth.error.key })}
          </Callout>
        ) : null}
      </div>
      {link ? (
        <a className="bp6-button bp6-intent-primary bp6-large" href={link} data-testid="open-desktop-app">
          {t('account.desktopSuccess.open')}
        </a>
      ) : auth.error ? (
        <Button onClick={() => dispatch(authActions.desktopTokenRequested())}>
          {t('account.desktopSuccess.retry')}
        </Button>
      ) : null}
    </div>
  );
}
