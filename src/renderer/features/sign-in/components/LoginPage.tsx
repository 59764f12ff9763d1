import { Callout, Checkbox, Classes, H1 } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { ROUTES, afterLoginPath, desktopShellLoginRedirect } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectIsScribe, selectProfileComplete, selectProfileLoaded } from '../../account-profile/selectors';
import { selectAuth } from '../selectors';
import { authActions } from '../slice';
import { EmailPasswordForm } from './EmailPasswordForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoadingScreen } from './LoadingScreen';
import { PhoneSignIn } from './PhoneSignIn';
import { ProviderButtons } from './ProviderButtons';
import { SignInError } from './SignInError';
import { VerifyEmailWait } from './VerifyEmailWait';

export type LoginMode = 'signup' | 'login' | 'desktop';
type View = 'main' | 'forgot' | 'phone';

const TITLES = {
  signup: ['account.login.titleSignup', 'account.login.headingSignup', 'account.login.introSignup'],
  login: ['account.login.titleLogin', 'account.login.headingLogin', 'account.login.introLogin'],
  desktop: ['account.login.titleDesktop', 'account.login.headingDesktop', 'account.login.introDesktop'],
} as const;

/** In the desktop app, its sign-in goes through the system browser (and back with a deep link). */
function DesktopShellSignIn() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <div className="page auth-page">
      <H1>{t('account.login.headingDesktop')}</H1>
      <p className="lead">{t('account.login.desktopShellIntro')}</p>
      <button
        type="button"
        className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`}
        data-testid="sign-in-browser"
        onClick={() => dispatch(authActions.browserSignInRequested())}
      >
        {t('account.login.openInBrowser')}
      </button>
    </div>
  );
}

/**
 * /web/signup, /web/login and /web/login/desktop: one screen in three modes. Signed-in
 * visitors are taken where the after-login rules say; an unverified email waits on its screen.
 */
export function LoginPage({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const auth = useAppSelector(selectAuth);
  const profileLoaded = useAppSelector(selectProfileLoaded);
  const profileComplete = useAppSelector(selectProfileComplete);
  const scribe = useAppSelector(selectIsScribe);
  const [view, setView] = useState<View>('main');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const termsInput = useRef<HTMLInputElement>(null);
  const termsErrorId = useId();
  const termsProblem = auth.error?.key === 'terms-not-accepted';
  useEffect(() => {
    if (termsProblem) termsInput.current?.focus();
  }, [termsProblem, auth.error]);
  const [title, heading, intro] = TITLES[mode];
  useDocumentTitle(t(title));

  // The identity provider's SDK is loaded for these screens only (not for guests; sagas.ts).
  useEffect(() => {
    dispatch(authActions.providerNeeded());
  }, [dispatch]);

  // A request's error belongs to the view it was made from.
  useEffect(() => {
    dispatch(authActions.errorCleared());
  }, [dispatch, view, mode]);

  const shellRedirect = desktopShellLoginRedirect(location.pathname, auth.platform.isDesktopShell);
  if (shellRedirect) return <Navigate to={{ pathname: shellRedirect, search: location.search }} replace />;
  if (mode === 'desktop' && auth.platform.isDesktopShell) return <DesktopShellSignIn />;
  if (auth.phase === 'loading') return <LoadingScreen />;
  if (auth.phase === 'unverified') return <VerifyEmailWait />;
  if (auth.phase === 'signed-in') {
    if (!profileLoaded) return <LoadingScreen />;
    const to = afterLoginPath({
      pathname: location.pathname,
      search: location.search,
      profileComplete,
      isScribe: scribe,
    });
    return <Navigate to={to ?? ROUTES.accountDashboard} replace />;
  }

  const signUp = mode === 'signup';
  const switchTo = signUp ? ROUTES.login : ROUTES.signup;
  return (
    <div className="page auth-page" data-testid={`login-page-${mode}`}>
      <H1>{t(heading)}</H1>
      <p className="lead">{t(intro)}</p>
      {auth.loadingTimedOut ? (
        <Callout intent="warning" className="page-callout">
          {t('account.loadingTimedOut')}
        </Callout>
      ) : null}
      {auth.available === false ? (
        <Callout intent="primary" className="page-callout" data-testid="accounts-unavailable">
          {t('account.unavailable')}
        </Callout>
      ) : (
        <>
          {auth.emulator ? <p className="field-help emulator-notice">{t('account.emulatorNotice')}</p> : null}
          <SignInError signUp={signUp} except={['terms-not-accepted']} />
          {view === 'forgot' ? (
            <ForgotPasswordForm onBack={() => setView('main')} />
          ) : view === 'phone' ? (
            <PhoneSignIn onBack={() => setView('main')} />
          ) : (
            <>
              {signUp ? (
                <>
                  <Checkbox
                    className="terms-checkbox"
                    checked={termsAccepted}
                    label={t('account.login.terms')}
                    data-testid="accept-terms"
                    inputRef={termsInput}
                    aria-invalid={termsProblem}
                    aria-describedby={termsProblem ? termsErrorId : undefined}
                    onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
                  />
                  <p className="field-help terms-links">
                    <Link to={ROUTES.terms} target="_blank" data-testid="terms-link">
                      {t('legal.terms.title')}
                    </Link>
                    {' · '}
                    <Link to={ROUTES.privacy} target="_blank" data-testid="privacy-link">
                      {t('legal.privacy.title')}
                    </Link>
                  </p>
                  {/* Beside the box it is about, and the box gets the focus (so it is on screen). */}
                  <p id={termsErrorId} role="alert" className="field-problem" data-testid="terms-error">
                    {termsProblem ? t('account.errors.signIn.terms-not-accepted') : ''}
                  </p>
                </>
              ) : null}
              <ProviderButtons signUp={signUp} termsAccepted={termsAccepted} />
              <EmailPasswordForm
                signUp={signUp}
                termsAccepted={termsAccepted}
                onForgot={() => setView('forgot')}
              />
              <button
                type="button"
                className={`${Classes.BUTTON} ${Classes.MINIMAL}`}
                onClick={() => setView('phone')}
                data-testid="use-phone"
              >
                {t('account.login.usePhone')}
              </button>
            </>
          )}
          {mode === 'desktop' ? null : (
            <p className="auth-switch">
              {signUp ? t('account.login.haveAccount') : t('account.login.needAccount')}{' '}
              <Link to={{ pathname: switchTo, search: location.search }} data-testid="switch-mode">
                {signUp ? t('account.login.toLogin') : t('account.login.toSignup')}
              </Link>
            </p>
          )}
        </>
      )}
      {mode === 'desktop' ? null : (
        <div className="auth-guest">
          <Link
            to={ROUTES.conversations}
            className={`${Classes.BUTTON} ${Classes.LARGE}`}
            data-testid="continue-as-guest"
          >
            {t('account.login.guest')}
          </Link>
          <p className="field-help">{t('account.login.guestNote')}</p>
        </div>
      )}
    </div>
  );
}
