import { Checkbox } from '@blueprintjs/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LargeField } from '../../../lib/LargeField';
import { SubmitActions } from '../../../lib/SubmitActions';
import { selectAuth } from '../selectors';
import { authActions } from '../slice';
import { PasswordRules } from './PasswordRules';

/** Email and password: creates the account (sign-up) or signs in (login). */
export function EmailPasswordForm({
  signUp,
  termsAccepted,
  onForgot,
}: {
  signUp: boolean;
  termsAccepted: boolean;
  onForgot: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const rulesId = useId();
  const busy = auth.busy === 'email-sign-in' || auth.busy === 'email-sign-up';
  const errorKey = auth.error?.key;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signUp) dispatch(authActions.emailSignUpRequested({ email, password, termsAccepted }));
    else dispatch(authActions.emailSignInRequested({ email, password }));
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="email-heading" className="auth-form">
      <h2 id="email-heading" className="auth-subheading">
        {t('account.login.orEmail')}
      </h2>
      <LargeField
        label={t('account.login.email')}
        id={emailId}
        type="email"
        autoComplete={signUp ? 'email' : 'username'}
        value={email}
        invalid={errorKey === 'invalid-email' || errorKey === 'user-not-found'}
        testId="email"
        onValue={setEmail}
      />
      <LargeField
        label={t('account.login.password')}
        id={passwordId}
        type={showPassword ? 'text' : 'password'}
        autoComplete={signUp ? 'new-password' : 'current-password'}
        value={password}
        invalid={errorKey === 'wrong-password' || errorKey === 'weak-password'}
        describedBy={signUp ? rulesId : undefined}
        testId="password"
        onValue={setPassword}
      />
      <Checkbox
        checked={showPassword}
        label={t('account.login.showPassword')}
        onChange={(event) => setShowPassword(event.currentTarget.checked)}
      />
      {signUp ? <PasswordRules id={rulesId} password={password} /> : null}
      <SubmitActions
        label={signUp ? t('account.login.submitSignup') : t('account.login.submitLogin')}
        busy={busy}
        testId="email-submit"
        other={
          signUp
            ? undefined
            : { label: t('account.login.forgot'), onClick: onForgot, testId: 'forgot-password' }
        }
      />
    </form>
  );
}
