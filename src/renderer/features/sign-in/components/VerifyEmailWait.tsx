import { ROUTES } from '../../../../shared/routes';
import { Button, Callout, H1 } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectAuth } from '../selectors';
import { authActions } from '../slice';
import { SignInError } from './SignInError';

/**
 * The wait screen of email verification: the account exists but is not signed in until its
 * address is verified. The page checks by itself every few seconds (the auth saga), or at once
 * when asked, and can send the email again.
 */
export function VerifyEmailWait() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const heading = useRef<HTMLHeadingElement>(null);
  const [resent, setResent] = useState(false);
  useDocumentTitle(t('account.verify.title'));
  useEffect(() => heading.current?.focus(), []);
  const email = auth.user?.email ?? '';
  return (
    <div className="page auth-page" data-testid="verify-email">
      <H1 ref={heading} tabIndex={-1}>
        {t('account.verify.heading')}
      </H1>
      <p className="lead">{t('account.verify.body', { email })}</p>
      <LoadingLine label={t('account.verify.waiting')} />
      <SignInError />
      <div role="status">
        {resent && auth.busy !== 'verification-email' && auth.verificationSentTo && !auth.error ? (
          <Callout intent="success" className="page-callout">
            {t('account.verify.resent', { email: auth.verificationSentTo })}
          </Callout>
        ) : null}
      </div>
      <div className="page-actions">
        <Button
          intent="primary"
          size="large"
          loading={auth.busy === 'verification-check'}
          data-testid="verify-check"
          onClick={() => dispatch(authActions.verificationCheckRequested())}
        >
          {t('account.verify.check')}
        </Button>
        <Button
          loading={auth.busy === 'verification-email'}
          data-testid="verify-resend"
          onClick={() => {
            setResent(true);
            dispatch(authActions.verificationEmailRequested());
          }}
        >
          {t('account.verify.resend')}
        </Button>
        <Button
          variant="minimal"
          onClick={() => dispatch(authActions.signOutRequested({ to: ROUTES.login }))}
        >
          {t('account.verify.other')}
        </Button>
      </div>
    </div>
  );
}
