/**
 * The signed-in person's profile: fetched once signed in (get-or-create: code 104 with status
 * 400 creates it with the channel and retries; a network error shows nothing; any other failure
 * goes to the login screen), turned into the session identity, its saved settings applied here,
 * then the after-login destination. Also every save: profile fields, beta features, the TTS
 * voice, and the settings that follow the person to every device (the caption font size debounced
 * by 2 s, the language and theme at once).
 */
import { isConnectionOfflineError } from '../../../shared/account-errors';
import type { Task } from 'redux-saga';
import { call, cancel, delay, fork, put, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import {
  API,
  type EnrollBetaFeatureBody,
  type EnrollBetaFeatureResponse,
  type TtsVoiceBody,
  type UpdateSettingsBody,
  type UpdateSettingsResponse,
  withQuery,
} from '../../../shared/api';
import { FONT_SIZE_SAVE_DEBOUNCE_MS, USER_NOT_FOUND_CUSTOM_CODE } from '../../../shared/constants';
import { ROUTES, afterLoginPath } from '../../../shared/routes';
import {
  type UserPatchV11,
  type UserProfile,
  type UserSettings,
  isProfileComplete,
  isScribe,
  savedFontSize,
} from '../../../shared/user';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import type { HttpResult } from '../../lib/http';
import { authedRequest } from '../sign-in/authed-request';
import { selectAuth } from '../sign-in/selectors';
import { authActions } from '../sign-in/slice';
import { connectivityActions } from '../connectivity/slice';
import { notificationsActions } from '../notifications/slice';
import { selectIdentity } from '../identity/selectors';
import { type Identity, sessionActions } from '../identity/slice';
import { selectFontSizePx, selectLanguage, selectTheme } from '../settings/selectors';
import { settingsActions } from '../settings/slice';
import { selectProfile, selectProfileState } from './selectors';
import { profileActions } from './slice';

const TAG = 'profile';

function accountIdentity(profile: UserProfile, token: string | undefined): Identity {
  return {
    kind: 'account',
    avaId: profile.avaId,
    userName: profile.userName || profile.avaName,
    ...(token ? { token } : {}),
  };
}

/** What the person set on another device wins over this device's defaults. */
function* applySavedSettings(settings: UserSettings) {
  const fontSizePx = savedFontSize(settings);
  const restored = {
    ...(settings.language ? { language: settings.language } : {}),
    ...(settings.theme ? { theme: settings.theme } : {}),
    ...(fontSizePx !== undefined ? { fontSizePx } : {}),
  };
  if (Object.keys(restored).length > 0) yield* put(settingsActions.restoredFromAccount(restored));
}

/** Still signed in as `uid`? (A sign-out can land while a request is on its way.) */
function* stillSignedInAs(uid: string | undefined) {
  const auth = yield* select(selectAuth);
  return uid !== undefined && auth.phase === 'signed-in' && auth.user?.uid === uid;
}

export function* loadProfile(deps: AppDeps) {
  const uid = (yield* select(selectAuth)).user?.uid;
  yield* put(profileActions.loadRequested());
  const language = yield* select(selectLanguage);
  const query = { channel: deps.platform.channel, language };
  let result = yield* authedRequest<UserProfile>(deps, 'GET', withQuery(API.usersMe, query));
  if (!result.ok && result.status === 400 && result.code === USER_NOT_FOUND_CUSTOM_CODE) {
    // First sign-in: get-or-create with empty data, then read it again.
    const created = yield* authedRequest<UserProfile>(deps, 'PATCH', withQuery(API.usersMe, query), {});
    result = created.ok
      ? yield* authedRequest<UserProfile>(deps, 'GET', withQuery(API.usersMe, query))
      : created;
  }
  // Signed out meanwhile (no token any more, or another user): this profile is nobody's.
  if (!result.ok && result.code === 'no-token') return;
  if (!(yield* call(stillSignedInAs, uid))) return;
  if (result.ok) {
    yield* put(profileActions.loaded(result.data));
    return;
  }
  yield* put(profileActions.loadFailed());
  if (result.status === 0) {
    // A network error shows nothing: the offline notice says it, and a retry reloads.
    deps.logger.log('warn', TAG, `profile not loaded (network): ${result.message}`);
    return;
  }
  deps.logger.log('error', TAG, `profile not loaded: ${result.status} ${result.message}`);
  yield* put(
    notificationsActions.notify({
      intent: 'danger',
      key: 'account.errors.profile.load-failed',
      detail: result.message,
    }),
  );
  yield* put(authActions.signOutRequested({ to: ROUTES.login }));
}

/** Once loaded: the session becomes the account, its settings apply, and the person is taken on. */
function* onProfileLoaded(deps: AppDeps, action: ReturnType<typeof profileActions.loaded>) {
  const profile = action.payload;
  const auth = yield* select(selectAuth);
  if (auth.phase !== 'signed-in' || auth.user?.uid !== profile.firebaseAuthUID) return;
  yield* put(sessionActions.ready(accountIdentity(profile, auth.token)));
  yield* applySavedSettings(profile.settings);
  // A language or theme chosen on this page before signing in stays, and the account learns it.
  const chosen = yield* select((state: RootState) => state.settings.chosenHere);
  if (chosen.language || chosen.theme) yield* call(saveDisplaySettings, deps);
  const to = afterLoginPath({
    pathname: deps.navigation.currentPath(),
    search: deps.navigation.currentSearch(),
    profileComplete: isProfileComplete(profile),
    isScribe: isScribe(profile),
  });
  if (to) deps.navigation.navigate(to, { replace: true });
}

/** Follows sign-in: load the profile when signed in; back to a guest when signed out. */
function* followPhase(deps: AppDeps) {
  let signedInUid: string | undefined;
  let loading: Task | undefined;
  for (;;) {
    yield* take([
      authActions.userChanged.type,
      authActions.configLoaded.type,
      authActions.loadingTimedOut.type,
    ]);
    const auth = yield* select(selectAuth);
    if (auth.phase === 'loading') continue;
    if (auth.phase === 'signed-in' && auth.user) {
      if (auth.user.uid !== signedInUid) {
        if (loading?.isRunning()) yield* cancel(loading);
        signedInUid = auth.user.uid;
        loading = yield* fork(loadProfile, deps);
      }
      continue;
    }
    // Signed out while a profile was loading: it belongs to nobody now.
    if (loading?.isRunning()) yield* cancel(loading);
    signedInUid = undefined;
    const identity = yield* select(selectIdentity);
    const profile = yield* select(selectProfileState);
    if (profile.status !== 'idle') yield* put(profileActions.cleared());
    // Signed out (or never signed in): the guest identity, as before accounts.
    if (!identity || identity.kind === 'account') yield* put(sessionActions.bootstrapRequested());
  }
}

/** The socket and other callers read the token from the session identity: keep it current. */
function* shareToken(action: ReturnType<typeof authActions.tokenFetched>) {
  const identity = yield* select(selectIdentity);
  if (identity?.kind === 'account')
    yield* put(sessionActions.ready({ ...identity, token: action.payload.token }));
}

function* saveResult(result: HttpResult<UserProfile>) {
  if (result.ok) {
    yield* put(profileActions.saved(result.data));
    const identity = yield* select(selectIdentity);
    if (identity?.kind === 'account') {
      yield* put(
        sessionActions.ready({ ...identity, userName: result.data.userName || result.data.avaName }),
      );
    }
  } else {
    // Offline, the save is not lost from the form: the offline notice explains, the person retries.
    yield* put(profileActions.saveFailed(isConnectionOfflineError(result.message) ? '' : result.message));
  }
}

function* update(deps: AppDeps, action: ReturnType<typeof profileActions.updateRequested>) {
  const profile = yield* select(selectProfile);
  if (!profile) {
    yield* put(profileActions.saveFailed('not signed in'));
    return;
  }
  const path = withQuery(API.userV11(profile.avaId), { channel: deps.platform.channel });
  yield* saveResult(yield* authedRequest<UserProfile>(deps, 'PATCH', path, action.payload));
}

function* patchMe(deps: AppDeps, action: ReturnType<typeof profileActions.mePatchRequested>) {
  const path = withQuery(API.usersMe, { channel: deps.platform.channel });
  yield* saveResult(yield* authedRequest<UserProfile>(deps, 'PATCH', path, action.payload));
}

function* ttsVoice(deps: AppDeps, action: ReturnType<typeof profileActions.ttsVoiceRequested>) {
  yield* saveResult(
    yield* authedRequest<UserProfile>(deps, 'POST', API.ttsVoice, {
      voiceId: action.payload,
    } satisfies TtsVoiceBody),
  );
}

function* beta(deps: AppDeps, action: ReturnType<typeof profileActions.betaToggled>) {
  const path = withQuery(API.enrollBetaFeature, {
    platform: deps.platform.isDesktopShell ? 'desktop' : 'web',
  });
  const result = yield* authedRequest<EnrollBetaFeatureResponse>(deps, 'PATCH', path, {
    beta_feature_name: action.payload.name,
    enable_feature: action.payload.enabled,
  } satisfies EnrollBetaFeatureBody);
  if (result.ok) yield* put(profileActions.flagsSaved(result.data.flags));
  else yield* put(profileActions.saveFailed(result.message));
}

/** The caption font size, saved 2 s after the last change (a slider sends many). */
function* saveFontSize(deps: AppDeps) {
  yield* delay(FONT_SIZE_SAVE_DEBOUNCE_MS);
  const profile = yield* select(selectProfile);
  const auth = yield* select(selectAuth);
  if (!profile || auth.phase !== 'signed-in' || !auth.user) return;
  const px = yield* select(selectFontSizePx);
  const result = yield* authedRequest<UpdateSettingsResponse>(deps, 'POST', API.updateSettings, {
    data: { avaId: profile.avaId, firebaseAuthUID: auth.user.uid, settings: { webFontSize: px } },
  } satisfies UpdateSettingsBody);
  if (result.ok) {
    yield* put(profileActions.saved({ ...profile, settings: result.data.result.settings }));
  } else {
    deps.logger.log('warn', TAG, `font size not saved: ${result.message}`);
  }
}

/** Language and theme follow the account too (saved at once: they change one click at a time). */
function* saveDisplaySettings(deps: AppDeps) {
  const profile = yield* select(selectProfile);
  if (!profile) return;
  const language = yield* select(selectLanguage);
  const theme = yield* select(selectTheme);
  if (profile.settings.language === language && profile.settings.theme === theme) return;
  const path = withQuery(API.userV11(profile.avaId), { channel: deps.platform.channel });
  const result = yield* authedRequest<UserProfile>(deps, 'PATCH', path, {
    settings: { language, theme },
  } satisfies UserPatchV11);
  if (result.ok) yield* put(profileActions.saved(result.data));
  else deps.logger.log('warn', TAG, `display settings not saved: ${result.message}`);
}

/** The name form of the conversations page changes the account's user name when signed in. */
function* userNameFromSession(deps: AppDeps, action: ReturnType<typeof sessionActions.userNameChanged>) {
  const identity = yield* select(selectIdentity);
  if (identity?.kind !== 'account') return;
  yield* call(update, deps, profileActions.updateRequested({ userName: action.payload.trim() }));
}

function* retryAfterOffline(deps: AppDeps) {
  const auth = yield* select(selectAuth);
  const profile = yield* select(selectProfileState);
  if (auth.phase === 'signed-in' && profile.status === 'failed') yield* fork(loadProfile, deps);
}

export function* profileSaga(deps: AppDeps) {
  yield* fork(followPhase, deps);
  yield* takeLatest(profileActions.loaded.type, onProfileLoaded, deps);
  yield* takeEvery(authActions.tokenFetched.type, shareToken);
  yield* takeLatest(profileActions.updateRequested.type, update, deps);
  yield* takeLatest(profileActions.mePatchRequested.type, patchMe, deps);
  yield* takeLatest(profileActions.ttsVoiceRequested.type, ttsVoice, deps);
  yield* takeEvery(profileActions.betaToggled.type, beta, deps);
  yield* takeLatest(settingsActions.fontSizeChanged.type, saveFontSize, deps);
  yield* takeLatest(
    [settingsActions.languageChanged.type, settingsActions.themeChanged.type],
    saveDisplaySettings,
    deps,
  );
  yield* takeLatest(connectivityActions.retryRequested.type, retryAfterOffline, deps);
  // Back online: a profile that could not be loaded is loaded now, without waiting for a click.
  yield* takeLatest(
    (action: { type: string; payload?: unknown }) =>
      action.type === connectivityActions.changed.type && action.payload === true,
    retryAfterOffline,
    deps,
  );
  yield* takeLatest(sessionActions.userNameChanged.type, userNameFromSession, deps);
}
