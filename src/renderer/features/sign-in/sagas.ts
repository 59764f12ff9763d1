/**
 * Sign-in: starts the identity provider with the server's configuration, follows its user,
 * keeps the identity token fresh (fetched again only once 3,000,000 ms old), runs the sign-in
 * and sign-up requests of the login screens (validated with the shared rules first), waits on
 * email verification, signs out, and mints the desktop app's custom token.
 */
import { ANALYTICS_EVENTS, ANALYTICS_TAG } from '../../../shared/analytics';
import { type EventChannel, type Task, buffers, eventChannel } from 'redux-saga';
import { call, cancel, delay, fork, put, race, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import {
  type SignInError,
  type SignInMethod,
  isConnectionOfflineError,
  signInErrorOf,
} from '../../../shared/account-errors';
import {
  checkPhoneNumber,
  isValidEmail,
  isValidPassword,
  isValidPhoneCode,
} from '../../../shared/account-validation';
import { API, type CustomTokenResponse, type ServerConfigResponse } from '../../../shared/api';
import { classifySignIn, isVerifiedAccount } from '../../../shared/auth';
import { LOADING_TIMEOUT_MS, TOKEN_REFETCH_MS } from '../../../shared/constants';
import { desktopLoginDeepLink } from '../../../shared/desktop';
import { ROUTES, afterSignOutPath, isLoginLayoutPath, signInAgainPath } from '../../../shared/routes';
import { notificationsActions } from '../notifications/slice';
import type { AppDeps } from '../../app/deps';
import { selectLanguage } from '../settings/selectors';
import { type AuthUser, authErrorCode } from './auth-service';
import { authedRequest, currentToken } from './authed-request';
import { selectAuth } from './selectors';
import { authActions } from './slice';

const TAG = 'auth';
/** While waiting on email verification, the user is read again this often. */
export const VERIFICATION_POLL_MS = 5000;

function* fail(deps: AppDeps, method: SignInMethod, error: unknown) {
  const code = authErrorCode(error);
  if (isConnectionOfflineError(error instanceof Error ? error.message : String(error))) {
    deps.logger.log('info', TAG, `${method} sign-in while offline: ${code ?? String(error)}`);
    yield* put(authActions.requestDone());
    return;
  }
  const key: SignInError = signInErrorOf(code, method);
  deps.logger.log('warn', TAG, `${method} sign-in failed: ${code ?? String(error)}`);
  yield* put(authActions.requestFailed({ key, ...(key === 'unknown' && code ? { detail: code } : {}) }));
}

/** Buffered: a change that comes while the last one is still being handled must not be lost. */
function userChannel(deps: AppDeps): EventChannel<{ user: AuthUser | null }> {
  return eventChannel((emit) => deps.auth.onUserChanged((user) => emit({ user })), buffers.expanding(8));
}

/** Fetches the token of the signed-in user, and again every TOKEN_REFETCH_MS while signed in. */
function* keepTokenFresh(deps: AppDeps) {
  for (;;) {
    const token = yield* call([deps.auth, deps.auth.getIdToken], false);
    if (token) yield* put(authActions.tokenFetched({ token, atMs: deps.now() }));
    yield* delay(TOKEN_REFETCH_MS);
    const fresh = yield* call([deps.auth, deps.auth.getIdToken], true);
    if (fresh) yield* put(authActions.tokenFetched({ token: fresh, atMs: deps.now() }));
    yield* delay(TOKEN_REFETCH_MS);
  }
}

/** Sign-up versus sign-in, for tracking (analytics events go to the client log). */
function trackSignIn(deps: AppDeps, user: AuthUser) {
  if (user.creationTimeMs === undefined || user.lastSignInTimeMs === undefined) return;
  const kind = classifySignIn(user.creationTimeMs, user.lastSignInTimeMs, deps.now());
  if (kind !== 'restored') {
    deps.logger.log(
      'info',
      ANALYTICS_TAG,
      kind === 'sign-up' ? ANALYTICS_EVENTS.signedUp : ANALYTICS_EVENTS.signedIn,
      {
        providers: user.providerIds.join(','),
      },
    );
  }
}

/**
 * Follows the provider's user; each signed-in user gets a token kept fresh until it changes.
 * `sessionSaved`: this device kept a session, so the first answer should be a user.
 */
function* followUser(deps: AppDeps, sessionSaved: boolean) {
  const channel = yield* call(userChannel, deps);
  let refresher: Task | undefined;
  let uid: string | undefined;
  let expectingUser = sessionSaved;
  for (;;) {
    const { user } = yield* take(channel);
    const signedIn = user !== null && isVerifiedAccount(user);
    // Gone without a sign-out: the provider refused the session (sign-in again, not the guest lobby).
    const refused = user === null && expectingUser && (yield* select(selectAuth)).busy !== 'sign-out';
    expectingUser = signedIn;
    if (refresher && (!signedIn || user?.uid !== uid)) {
      yield* cancel(refresher);
      refresher = undefined;
    }
    // Refused: to the sign-in page first, while the page still waits on the provider; once
    // signed out, the account route's guard would send the person to the guest lobby instead.
    if (refused) yield* put(authActions.sessionRefused());
    yield* put(authActions.userChanged(user));
    if (signedIn && !refresher) {
      uid = user.uid;
      trackSignIn(deps, user);
      refresher = yield* fork(keepTokenFresh, deps);
    }
  }
}

/**
 * Reads the server's identity provider and starts it: at once where a session may be saved,
 * else when something needs it (`providerWanted`). Nothing heard for the loading timeout: log it
 * and carry on signed out (the loading screen resets), rather than wait forever.
 */
export function* startAuth(deps: AppDeps) {
  yield* put(
    authActions.platformDetected({
      isDesktopShell: deps.platform.isDesktopShell,
      isLocalhost: deps.platform.isLocalhost,
    }),
  );
  const config = yield* call([deps.http, deps.http.get<ServerConfigResponse>], API.config);
  if (!config.ok) {
    deps.logger.log('warn', TAG, `could not read the server configuration: ${config.message}`);
  }
  const firebase = config.ok ? config.data.firebase : null;
  if (!firebase) {
    yield* put(authActions.configLoaded({ available: false, emulator: false }));
    return;
  }
  yield* put(
    authActions.configLoaded({
      available: true,
      emulator: Boolean(firebase.emulatorUrl),
      ...(firebase.ssoProviderId ? { ssoProviderId: firebase.ssoProviderId } : {}),
    }),
  );
  const maySignedIn = yield* call([deps.auth, deps.auth.mayHaveSession]);
  if (!(yield* select(selectAuth)).providerWanted) {
    if (!maySignedIn) {
      // Nobody can be signed in here: signed out now, and the SDK (the largest part of the
      // client) is loaded only when a sign-in screen or request needs it.
      yield* put(authActions.userChanged(null));
      while (!(yield* select(selectAuth)).providerWanted) {
        yield* take([
          authActions.providerNeeded.type,
          authActions.customTokenReceived.type,
          authActions.signOutRequested.type,
        ]);
      }
    }
  }
  const language = yield* select(selectLanguage);
  try {
    yield* call([deps.auth, deps.auth.init], firebase, language);
  } catch (error) {
    deps.logger.log('error', TAG, `the identity provider could not start: ${String(error)}`);
    yield* put(authActions.loadingTimedOut());
    return;
  }
  yield* fork(followUser, deps, maySignedIn);
  const { timeout } = yield* race({
    user: take(authActions.userChanged.type),
    timeout: delay(LOADING_TIMEOUT_MS),
  });
  if (timeout) {
    deps.logger.log('error', TAG, `loading timed out after ${LOADING_TIMEOUT_MS} ms`);
    yield* put(authActions.loadingTimedOut());
  }
}

function* emailSignIn(deps: AppDeps, action: ReturnType<typeof authActions.emailSignInRequested>) {
  const { email, password } = action.payload;
  if (!isValidEmail(email)) {
    yield* put(authActions.requestFailed({ key: 'invalid-email' }));
    return;
  }
  try {
    const user = yield* call([deps.auth, deps.auth.signInWithEmail], email.trim(), password);
    // Email sign-in answers 'unverified' when the address is not verified (the wait screen shows).
    if (!isVerifiedAccount(user)) yield* put(authActions.requestFailed({ key: 'unverified' }));
    else yield* put(authActions.requestDone());
  } catch (error) {
    yield* fail(deps, 'email', error);
  }
}

function* emailSignUp(deps: AppDeps, action: ReturnType<typeof authActions.emailSignUpRequested>) {
  const { email, password, termsAccepted } = action.payload;
  if (!termsAccepted) {
    yield* put(authActions.requestFailed({ key: 'terms-not-accepted' }));
    return;
  }
  if (!isValidEmail(email)) {
    yield* put(authActions.requestFailed({ key: 'invalid-email' }));
    return;
  }
  if (!isValidPassword(password)) {
    yield* put(authActions.requestFailed({ key: 'weak-password' }));
    return;
  }
  try {
    yield* call([deps.auth, deps.auth.signUpWithEmail], email.trim(), password);
    yield* call([deps.auth, deps.auth.sendEmailVerification]);
    yield* put(authActions.verificationEmailSent(email.trim()));
  } catch (error) {
    yield* fail(deps, 'email', error);
  }
}

function* providerSignIn(deps: AppDeps, action: ReturnType<typeof authActions.providerSignInRequested>) {
  const { provider, signUp, termsAccepted, emulatorIdentity } = action.payload;
  if (signUp && !termsAccepted) {
    yield* put(authActions.requestFailed({ key: 'terms-not-accepted' }));
    return;
  }
  const { ssoProviderId } = yield* select(selectAuth);
  try {
    yield* call([deps.auth, deps.auth.signInWithProvider], provider, {
      ...(ssoProviderId ? { ssoProviderId } : {}),
      ...(emulatorIdentity ? { emulatorIdentity } : {}),
    });
    yield* put(authActions.requestDone());
  } catch (error) {
    yield* fail(deps, provider, error);
  }
}

function* phoneCode(deps: AppDeps, action: ReturnType<typeof authActions.phoneCodeRequested>) {
  const checked = checkPhoneNumber(action.payload.prefix, action.payload.national);
  if (!checked.ok) {
    yield* put(authActions.requestFailed({ key: checked.problem }));
    return;
  }
  try {
    const verificationId = yield* call(
      [deps.auth, deps.auth.sendPhoneCode],
      checked.e164,
      action.payload.recaptchaContainerId,
    );
    yield* put(authActions.phoneCodeSent({ e164: checked.e164, verificationId }));
  } catch (error) {
    yield* fail(deps, 'phone', error);
  }
}

function* phoneConfirm(deps: AppDeps, action: ReturnType<typeof authActions.phoneCodeSubmitted>) {
  if (!isValidPhoneCode(action.payload.code)) {
    yield* put(authActions.requestFailed({ key: 'invalid-code' }));
    return;
  }
  const { phone } = yield* select(selectAuth);
  if (!phone) {
    yield* put(authActions.requestFailed({ key: 'invalid-phone' }));
    return;
  }
  try {
    yield* call([deps.auth, deps.auth.confirmPhoneCode], phone.verificationId, action.payload.code.trim());
    yield* put(authActions.requestDone());
  } catch (error) {
    yield* fail(deps, 'phone', error);
  }
}

function* passwordReset(deps: AppDeps, action: ReturnType<typeof authActions.passwordResetRequested>) {
  const email = action.payload.email.trim();
  if (!isValidEmail(email)) {
    yield* put(authActions.requestFailed({ key: 'invalid-email' }));
    return;
  }
  try {
    yield* call([deps.auth, deps.auth.sendPasswordReset], email);
  } catch (error) {
    // An unknown address gets the same answer as a known one: no one learns who has an account.
    if (signInErrorOf(authErrorCode(error), 'email') !== 'user-not-found') {
      yield* fail(deps, 'email', error);
      return;
    }
  }
  yield* put(authActions.passwordResetSent(email));
}

function* resendVerification(deps: AppDeps) {
  try {
    yield* call([deps.auth, deps.auth.sendEmailVerification]);
    const { user } = yield* select(selectAuth);
    yield* put(authActions.verificationEmailSent(user?.email ?? ''));
  } catch (error) {
    yield* fail(deps, 'email', error);
  }
}

/** Reads the user again; once verified, a fresh token (its claims say so) and the account opens. */
function* checkVerification(deps: AppDeps) {
  try {
    const user = yield* call([deps.auth, deps.auth.reloadUser]);
    if (user && isVerifiedAccount(user)) yield* call([deps.auth, deps.auth.getIdToken], true);
    yield* put(authActions.requestDone());
  } catch (error) {
    yield* fail(deps, 'email', error);
  }
}

/** While the wait screen shows, check every few seconds whether the link was opened. */
function* pollVerification(deps: AppDeps) {
  for (;;) {
    yield* delay(VERIFICATION_POLL_MS);
    const { phase } = yield* select(selectAuth);
    if (phase !== 'unverified') return;
    try {
      const user = yield* call([deps.auth, deps.auth.reloadUser]);
      if (user && isVerifiedAccount(user)) {
        yield* call([deps.auth, deps.auth.getIdToken], true);
        return;
      }
    } catch (error) {
      deps.logger.log('warn', TAG, `could not check the email verification: ${String(error)}`);
    }
  }
}

function* watchVerification(deps: AppDeps) {
  let poller: Task | undefined;
  for (;;) {
    yield* take(authActions.userChanged.type);
    const { phase } = yield* select(selectAuth);
    if (phase === 'unverified' && !poller?.isRunning()) poller = yield* fork(pollVerification, deps);
    if (phase !== 'unverified' && poller?.isRunning()) yield* cancel(poller);
  }
}

function* signOut(deps: AppDeps, action: ReturnType<typeof authActions.signOutRequested>) {
  // Opened as a page (/web/logout), sign-out may come before the provider has restored the
  // session: wait for it, or the session would come back right after.
  while ((yield* select(selectAuth)).phase === 'loading') {
    yield* take([
      authActions.userChanged.type,
      authActions.configLoaded.type,
      authActions.loadingTimedOut.type,
    ]);
  }
  try {
    yield* call([deps.auth, deps.auth.signOut]);
    deps.logger.log('info', ANALYTICS_TAG, ANALYTICS_EVENTS.signedOut);
  } catch (error) {
    deps.logger.log('error', TAG, `sign-out failed: ${String(error)}`);
  }
  yield* put(authActions.requestDone());
  deps.navigation.navigate(action.payload?.to ?? afterSignOutPath(deps.platform.isDesktopShell), {
    replace: true,
  });
}

/** A session the provider refused: said in words, and the sign-in page, not the guest lobby. */
function* askToSignInAgain(deps: AppDeps) {
  deps.logger.log('info', TAG, 'the identity provider refused the saved session');
  yield* put(
    notificationsActions.notify({ intent: 'warning', key: 'account.session.refused', sticky: true }),
  );
  const here = deps.navigation.currentPath();
  if (isLoginLayoutPath(here)) return;
  deps.navigation.navigate(signInAgainPath(here, deps.navigation.currentSearch()), { replace: true });
}

/** Desktop sign-in: a custom token for the desktop app, handed over by its deep link. */
function* desktopToken(deps: AppDeps) {
  const idToken = yield* call(currentToken, deps);
  const result = yield* authedRequest<CustomTokenResponse>(deps, 'POST', API.customToken, {
    idToken,
  });
  if (!result.ok) {
    deps.logger.log('error', TAG, `could not mint the desktop token: ${result.message}`);
    yield* put(authActions.requestFailed({ key: 'unknown', detail: result.message }));
    return;
  }
  yield* put(authActions.desktopTokenReady(result.data.customToken));
  deps.navigation.openUrl(desktopLoginDeepLink(result.data.customToken));
}

/** The desktop app signs its window in with the custom token it received (auth:customToken). */
function* customTokenSignIn(deps: AppDeps, action: ReturnType<typeof authActions.customTokenReceived>) {
  try {
    yield* call([deps.auth, deps.auth.signInWithCustomToken], action.payload);
    yield* put(authActions.requestDone());
  } catch (error) {
    yield* fail(deps, 'custom-token', error);
  }
}

/** The desktop app's sign-in page opens the web sign-in of its server in the system browser. */
function* browserSignIn(deps: AppDeps) {
  yield* call([deps.navigation, deps.navigation.openUrl], `${deps.platform.webOrigin}${ROUTES.loginDesktop}`);
}

function* applyLanguage(deps: AppDeps) {
  const language = yield* select(selectLanguage);
  deps.auth.setLanguage(language);
}

export function* authSaga(deps: AppDeps) {
  yield* takeLatest(authActions.emailSignInRequested.type, emailSignIn, deps);
  yield* takeLatest(authActions.emailSignUpRequested.type, emailSignUp, deps);
  yield* takeLatest(authActions.providerSignInRequested.type, providerSignIn, deps);
  yield* takeLatest(authActions.phoneCodeRequested.type, phoneCode, deps);
  yield* takeLatest(authActions.phoneCodeSubmitted.type, phoneConfirm, deps);
  yield* takeLatest(authActions.passwordResetRequested.type, passwordReset, deps);
  yield* takeLatest(authActions.verificationEmailRequested.type, resendVerification, deps);
  yield* takeLatest(authActions.verificationCheckRequested.type, checkVerification, deps);
  yield* takeLatest(authActions.signOutRequested.type, signOut, deps);
  yield* takeLatest(authActions.sessionRefused.type, askToSignInAgain, deps);
  yield* takeLatest(authActions.desktopTokenRequested.type, desktopToken, deps);
  yield* takeLatest(authActions.customTokenReceived.type, customTokenSignIn, deps);
  yield* takeLatest(authActions.browserSignInRequested.type, browserSignIn, deps);
  yield* takeEvery('settings/languageChanged', applyLanguage, deps);
  yield* fork(watchVerification, deps);
}
