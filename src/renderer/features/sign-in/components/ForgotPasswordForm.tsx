import { Callout, H2 } from '@blueprintjs/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LargeField } from '../../../lib/LargeField';
import { SubmitActions } from '../../../lib/SubmitActions';
import { selectAuth } from '../selectors';
import { authActions } from '../slice';

/** Sends a password reset link (the same answer whether or not the address has an account). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const [email, setEmail] = useState('');
  const emailId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(authActions.passwordResetRequested({ email }));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-heading" className="auth-form">
      <H2 id="forgot-heading">{t('account.forgot.heading')}</H2>
      <p>{t('account.forgot.intro')}</p>
      <LargeField
        label={t('account.login.email')}
        id={emailId}
        type="email"
        autoComplete="email"
        value={email}
        testId="reset-email"
        onValue={setEmail}
      />
      <div role="status">
        {auth.resetSentTo ? (
          <Callout intent="success" className="page-callout" data-testid="reset-sent">
            {t('account.forgot.sent', { email: auth.resetSentTo })}
          </Callout>
        ) : null}
      </div>
      <SubmitActions
        label={t('account.forgot.submit')}
        busy={auth.busy === 'reset'}
        testId="reset-submit"
        other={{ label: t('account.forgot.back'), onClick: onBack }}
      />
    </form>
  );
}
