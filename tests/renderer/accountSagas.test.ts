/**
 * Sign-in, profile, settings and onboarding sagas together, with a fake identity provider and a
 * fake server: what is sent (and with which token), what the person sees, where they are taken.
 */
import { all, call, fork } from 'redux-saga/effects';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, type ServerConfigResponse, apiError, withQuery } from '../../src/shared/api';
import { NO_TOKEN_MESSAGE, identityAuthorization } from '../../src/shared/auth';
import {
  FONT_SIZE_SAVE_DEBOUNCE_MS,
  LOADING_TIMEOUT_MS,
  REMOTE_CONFIG_REFRESH_MS,
  STORAGE_KEYS,
  TOKEN_REFETCH_MS,
  USER_NOT_FOUND_CUSTOM_CODE,
} from '../../src/shared/constants';
import type { GuestUser } from '../../src/shared/entities';
import type { UserProfile } from '../../src/shared/user';
import type { AppDeps } from '../../src/renderer/app/deps';
import { authedRequest } from '../../src/renderer/features/sign-in/authed-request';
import { VERIFICATION_POLL_MS, authSaga, startAuth } from '../../src/renderer/features/sign-in/sagas';
import { authActions } from '../../src/renderer/features/sign-in/slice';
import { connectivityActions } from '../../src/renderer/features/connectivity/slice';
import { onboardingActions } from '../../src/renderer/features/onboarding/actions';
import { onboardingSaga } from '../../src/renderer/features/onboarding/sagas';
import { profileSaga } from '../../src/renderer/features/account-profile/sagas';
import { profileActions } from '../../src/renderer/features/account-profile/slice';
import { remoteConfigSaga } from '../../src/renderer/features/remote-config/sagas';
import { sessionSaga } from '../../src/renderer/features/identity/sagas';
import { sessionActions } from '../../src/renderer/features/identity/slice';
import { settingsSaga } from '../../src/renderer/features/settings/sagas';
import { settingsActions } from '../../src/renderer/features/settings/slice';
import { buildConnectionParams } from '../../src/renderer/features/socket/sagas';
import { type Fakes, makeFakes, run, testUser } from './harness';

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

const CONFIG: ServerConfigResponse = {
  version: 'test',
  firebase: {
    apiKey: 'demo-api-key',
    authDomain: 'demo-hearken.firebaseapp.com',
    projectId: 'demo-hearken',
    emulatorUrl: 'http://127.0.0.1:9099',
    ssoProviderId: 'oidc.hearken-sso',
  },
  speech: {
    tiers: { basic: { engine: 'x', available: true }, premium: { engine: 'x', available: true } },
    langs: [],
  },
};

const ME = withQuery(API.usersMe, { channel: 'web-v2', language: 'en' });

function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    avaId: 'ava1',
    avaName: 'ada',
    userName: 'Ada Lovelace',
    accountType: 'Standard',
    emails: { password: 'ada@example.com' },
    convoMetrics: { total_conversations: 0 },
    firebaseAuthUID: 'u1',
    features: {},
    subscription: { ongoingSubscription: 'Free' },
    scribeRemainingTime: 0,
    paidASRCreditTime: 0,
    settings: {},
    inviteMetrics: {},
    joinMetrics: {},
    channel: 'web-v2',
    createdAtMs: 1,
    ...overrides,
  };
}

const guest: GuestUser = {
  avaId: 'g1',
  avaName: 'Guest 1',
  userName: 'Guest 1',
  accountType: 'Temporary',
  createdAtMs: 1,
};

function* accountApp(deps: AppDeps) {
  yield all([
    call(sessionSaga, deps),
    call(settingsSaga, deps),
    call(authSaga, deps),
    call(profileSaga, deps),
    call(onboardingSaga, deps),
    fork(startAuth, deps),
  ]);
}

function start(fakes: Fakes, config: ServerConfigResponse = CONFIG) {
  fakes.http.on('GET', API.config, { ok: true, status: 200, data: config });
  fakes.http.on('POST', API.createGuest, { ok: true, status: 201, data: guest });
  return run(accountApp, [fakes.deps]);
}

const ok = <T>(data: T) => ({ ok: true as const, status: 200, data });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_800_000_000_000);
});
afterEach(() => vi.useRealTimers());

describe('starting up', () => {
  it('without accounts on the server: signed out, and a guest identity as before', async () => {
    const fakes = makeFakes();
    const app = start(fakes, { ...CONFIG, firebase: null });
    await tick();
    expect(app.state.auth).toMatchObject({ phase: 'signed-out', available: false });
    expect(app.state.session.identity).toMatchObject({ kind: 'guest', avaId: 'g1' });
    expect(fakes.auth.calls).not.toContain('init');
  });

  it('starts the identity provider with the server’s configuration; signed out means a guest', async () => {
    const fakes = makeFakes();
    const app = start(fakes);
    await tick();
    expect(fakes.auth.initConfig).toEqual(CONFIG.firebase);
    expect(app.state.auth).toMatchObject({
      phase: 'loading',
      emulator: true,
      ssoProviderId: 'oidc.hearken-sso',
    });
    expect(app.state.session.identity).toBeUndefined();
    fakes.auth.setUser(null);
    await tick();
    expect(app.state.auth.phase).toBe('signed-out');
    expect(app.state.session.identity).toMatchObject({ kind: 'guest', avaId: 'g1' });
  });

  it('logs a timeout and carries on signed out when nothing is heard for 60 s', async () => {
    const fakes = makeFakes();
    const app = start(fakes);
    await tick(LOADING_TIMEOUT_MS - 1);
    expect(app.state.auth.phase).toBe('loading');
    await tick(1);
    expect(app.state.auth).toMatchObject({ phase: 'signed-out', loadingTimedOut: true });
    expect(fakes.logger.entries.some((e) => e.level === 'error' && /timed out/.test(e.msg))).toBe(true);
    expect(app.state.session.identity?.kind).toBe('guest');
  });
});

describe('after sign-in', () => {
  it('creates the profile on code 104 and retries, with the token as basic auth, then onboards', async () => {
    const fakes = makeFakes();
    fakes.path.current = '/web/login';
    fakes.http.on(
      'GET',
      ME,
      { ok: false, status: 400, message: 'No profile yet', code: USER_NOT_FOUND_CUSTOM_CODE },
      ok(profile({ userName: '' })),
    );
    fakes.http.on('PATCH', ME, ok(profile({ userName: '' })));
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    expect(fakes.http.calls.filter((c) => c.path === ME).map((c) => c.method)).toEqual([
      'GET',
      'PATCH',
      'GET',
    ]);
    for (const call of fakes.http.calls.filter((c) => c.path === ME)) {
      expect(call.headers).toEqual({ Authorization: identityAuthorization(fakes.auth.token) });
    }
    expect(fakes.http.callsTo('PATCH', ME)[0]!.body).toEqual({});
    expect(app.state.session.identity).toEqual({
      kind: 'account',
      avaId: 'ava1',
      userName: 'ada',
      token: fakes.auth.token,
    });
    // An incomplete profile goes to the user-name step, carrying where sign-in would have gone.
    expect(fakes.navigations).toEqual(['/web/onboarding/profile/user-name?redirect=%2Faccount%2Fdashboard']);
  });

  it('applies the settings saved on another device, and goes on to the dashboard', async () => {
    const fakes = makeFakes();
    const languages: string[] = [];
    fakes.deps.i18n = { changeLanguage: async (l) => languages.push(l) };
    fakes.path.current = '/web/login';
    fakes.http.on('GET', ME, ok(profile({ settings: { webFontSize: 40, language: 'fr', theme: 'dark' } })));
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    expect(app.state.settings).toMatchObject({ fontSizePx: 40, language: 'fr', theme: 'dark' });
    expect(fakes.storage.get(STORAGE_KEYS.fontSize)).toBe('40');
    expect(fakes.storage.get(STORAGE_KEYS.language)).toBe('fr');
    expect(languages).toEqual(['fr']);
    expect(fakes.navigations).toEqual(['/account/dashboard']);
    // Restoring is not a change to save back.
    await tick(FONT_SIZE_SAVE_DEBOUNCE_MS * 2);
    expect(fakes.http.callsTo('POST', API.updateSettings)).toHaveLength(0);
  });

  it('shows nothing on a network error, and sends any other failure to the login screen', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', ME, { ok: false, status: 0, message: 'Failed to fetch' });
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    expect(app.state.profile.status).toBe('failed');
    expect(app.state.notifications.items).toEqual([]);
    expect(fakes.navigations).toEqual([]);
    expect(fakes.auth.calls).not.toContain('signOut');
    // Back online: loaded without waiting for a click.
    fakes.http.on('GET', ME, ok(profile()));
    app.dispatch(connectivityActions.changed(true));
    await tick();
    expect(app.state.profile.status).toBe('ready');
    expect(app.state.session.identity?.kind).toBe('account');

    const other = makeFakes();
    other.http.on('GET', ME, { ok: false, status: 500, message: 'Database down' });
    const second = start(other);
    await tick();
    other.auth.setUser(testUser({}));
    await tick();
    expect(second.state.notifications.items[0]).toMatchObject({ intent: 'danger', detail: 'Database down' });
    expect(other.auth.calls).toContain('signOut');
    expect(other.navigations).toEqual(['/web/login']);
  });

  it('re-fetches the token only once it is 3,000,000 ms old', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', ME, ok(profile()));
    fakes.http.on('GET', '/x', ok({}));
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    const before = fakes.auth.tokenRequests.length;
    run(authedRequest, [fakes.deps, 'GET', '/x'], app.state);
    await tick();
    expect(fakes.auth.tokenRequests.length, 'a young token is used as it is').toBe(before);
    expect(fakes.http.callsTo('GET', '/x')[0]!.headers).toEqual({
      Authorization: identityAuthorization(fakes.auth.token),
    });

    await tick(TOKEN_REFETCH_MS - 1);
    expect(fakes.auth.tokenRequests.length).toBe(before);
    await tick(1);
    expect(fakes.auth.tokenRequests.slice(before), 'fetched again, from the provider').toEqual([true]);
    expect(app.state.auth.tokenFetchedAtMs).toBe(Date.now());

    // A call that finds an old token (the refresher did not run) fetches it again itself.
    const stale = {
      ...app.state,
      auth: { ...app.state.auth, tokenFetchedAtMs: Date.now() - TOKEN_REFETCH_MS },
    };
    run(authedRequest, [fakes.deps, 'GET', '/x'], stale);
    await tick();
    expect(fakes.auth.tokenRequests.slice(before)).toEqual([true, true]);
  });
});

describe('calls that need a token', () => {
  it("are not sent without one, and fail with the spec's message", async () => {
    const fakes = makeFakes();
    const task = run(authedRequest, [fakes.deps, 'GET', ME]);
    await tick();
    expect(await task.task.toPromise()).toEqual({
      ok: false,
      status: 401,
      message: NO_TOKEN_MESSAGE,
      code: 'no-token',
    });
    expect(fakes.http.calls).toEqual([]);
  });

  it('fetch a fresh token once and retry when the server refuses a stale one', async () => {
    const fakes = makeFakes();
    fakes.auth.user = testUser({});
    fakes.http.on('GET', ME, (c) =>
      c.headers?.Authorization === identityAuthorization('fresh.token.x')
        ? ok(profile())
        : { ok: false, status: 401, message: 'stale', code: 'claims-mismatch' },
    );
    const signedIn = run(function* () {}, [], {
      auth: { ...makeSignedInAuth(), token: 'old.token.x', tokenFetchedAtMs: Date.now() },
    });
    fakes.auth.token = 'fresh.token.x';
    const task = run(authedRequest, [fakes.deps, 'GET', ME], signedIn.state);
    await tick();
    expect(await task.task.toPromise()).toMatchObject({ ok: true });
    expect(fakes.http.calls).toHaveLength(2);
    expect(fakes.auth.tokenRequests).toEqual([true]);
  });
});

function makeSignedInAuth() {
  return {
    phase: 'signed-in' as const,
    emulator: true,
    loadingTimedOut: false,
    user: testUser({}),
    platform: { isDesktopShell: false, isLocalhost: false },
  };
}

describe('sign-in requests', () => {
  async function signedOut() {
    const fakes = makeFakes();
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(null);
    await tick();
    return { fakes, app };
  }

  it('check the spec’s rules before sending anything', async () => {
    const { fakes, app } = await signedOut();
    const cases: [ReturnType<typeof authActions.emailSignUpRequested>, string][] = [
      [
        authActions.emailSignUpRequested({ email: 'a@b.co', password: 'Abc!12', termsAccepted: false }),
        'terms-not-accepted',
      ],
      [
        authActions.emailSignUpRequested({ email: 'a@b', password: 'Abc!12', termsAccepted: true }),
        'invalid-email',
      ],
      [
        authActions.emailSignUpRequested({ email: 'a@b.co', password: 'abc!12', termsAccepted: true }),
        'weak-password',
      ],
    ];
    for (const [action, key] of cases) {
      app.dispatch(action);
      await tick();
      expect(app.state.auth.error?.key).toBe(key);
    }
    app.dispatch(
      authActions.providerSignInRequested({ provider: 'google', signUp: true, termsAccepted: false }),
    );
    await tick();
    expect(app.state.auth.error?.key).toBe('terms-not-accepted');
    app.dispatch(
      authActions.phoneCodeRequested({ prefix: '+44', national: '7700900123', recaptchaContainerId: 'r' }),
    );
    await tick();
    expect(app.state.auth.error?.key).toBe('invalid-international-code');
    app.dispatch(
      authActions.phoneCodeRequested({ prefix: '+33', national: '06 12', recaptchaContainerId: 'r' }),
    );
    await tick();
    expect(app.state.auth.error?.key).toBe('invalid-phone');
    expect(fakes.auth.calls.filter((c) => c !== 'init')).toEqual([]);
  });

  it('creates an email account, sends the verification email, and waits for it (checked every 5 s)', async () => {
    const { fakes, app } = await signedOut();
    app.dispatch(
      authActions.emailSignUpRequested({ email: 'ada@example.com', password: 'Abc!12', termsAccepted: true }),
    );
    await tick();
    expect(fakes.auth.calls).toEqual(['init', 'signUpWithEmail', 'sendEmailVerification']);
    expect(app.state.auth).toMatchObject({ phase: 'unverified', verificationSentTo: 'ada@example.com' });
    expect(app.state.session.identity?.kind).toBe('guest');
    await tick(VERIFICATION_POLL_MS);
    expect(fakes.auth.calls.filter((c) => c === 'reloadUser')).toHaveLength(1);
    fakes.http.on('GET', ME, ok(profile()));
    fakes.auth.user = testUser({ emailVerified: true });
    await tick(VERIFICATION_POLL_MS);
    expect(app.state.auth.phase).toBe('signed-in');
    expect(app.state.session.identity).toMatchObject({ kind: 'account', avaId: 'ava1' });
  });

  it("answers 'unverified' to an email sign-in of an unverified address", async () => {
    const { fakes, app } = await signedOut();
    fakes.auth.user = testUser({ emailVerified: false });
    app.dispatch(authActions.emailSignInRequested({ email: 'ada@example.com', password: 'Abc!12' }));
    await tick();
    expect(app.state.auth).toMatchObject({ phase: 'unverified', error: { key: 'unverified' } });
  });

  it('shows the catalogue’s message for each failure', async () => {
    const { fakes, app } = await signedOut();
    fakes.auth.failures.set('signInWithEmail', 'auth/wrong-password');
    app.dispatch(authActions.emailSignInRequested({ email: 'ada@example.com', password: 'Abc!12' }));
    await tick();
    expect(app.state.auth.error).toEqual({ key: 'wrong-password' });
    fakes.auth.failures.set('signInWithProvider:sso:oidc.hearken-sso', 'auth/internal-error');
    app.dispatch(
      authActions.providerSignInRequested({ provider: 'sso', signUp: false, termsAccepted: false }),
    );
    await tick();
    expect(app.state.auth.error).toEqual({ key: 'sso' });
    fakes.auth.failures.set('signInWithProvider:google', 'auth/account-exists-with-different-credential');
    app.dispatch(
      authActions.providerSignInRequested({ provider: 'google', signUp: false, termsAccepted: false }),
    );
    await tick();
    expect(app.state.auth.error).toEqual({ key: 'account-exists-with-different-provider' });
  });

  it('signs in by phone: E.164 number, then exactly 6 digits', async () => {
    const { fakes, app } = await signedOut();
    fakes.http.on('GET', ME, ok(profile()));
    app.dispatch(
      authActions.phoneCodeRequested({
        prefix: '+33',
        national: '06 12 34 56 78',
        recaptchaContainerId: 'r',
      }),
    );
    await tick();
    expect(app.state.auth.phone).toEqual({ e164: '+33612345678', verificationId: 'verification-1' });
    app.dispatch(authActions.phoneCodeSubmitted({ code: '12345' }));
    await tick();
    expect(app.state.auth.error?.key).toBe('invalid-code');
    app.dispatch(authActions.phoneCodeSubmitted({ code: '123456' }));
    await tick();
    expect(fakes.auth.calls).toContain('confirmPhoneCode:verification-1:123456');
    expect(app.state.auth.phase).toBe('signed-in');
  });

  it('answers a password reset the same way whether or not the address has an account', async () => {
    const { fakes, app } = await signedOut();
    fakes.auth.failures.set('sendPasswordReset', 'auth/user-not-found');
    app.dispatch(authActions.passwordResetRequested({ email: 'nobody@example.com' }));
    await tick();
    expect(app.state.auth).toMatchObject({ resetSentTo: 'nobody@example.com', error: undefined });
  });
});

describe('signed in', () => {
  async function signedIn(overrides: Partial<UserProfile> = {}, path = '/web/account-settings/general') {
    const fakes = makeFakes();
    fakes.path.current = path;
    fakes.http.on('GET', ME, ok(profile(overrides)));
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    return { fakes, app };
  }

  it('saves the caption size 2 s after the last change, once', async () => {
    const { fakes, app } = await signedIn();
    fakes.http.on('POST', API.updateSettings, ok({ result: { settings: { webFontSize: 40 } } }));
    for (const px of [30, 35, 40]) {
      app.dispatch(settingsActions.fontSizeChanged(px));
      await tick(500);
    }
    await tick(FONT_SIZE_SAVE_DEBOUNCE_MS - 501);
    expect(fakes.http.callsTo('POST', API.updateSettings)).toHaveLength(0);
    await tick(1);
    const saves = fakes.http.callsTo('POST', API.updateSettings);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toEqual({
      data: { avaId: 'ava1', firebaseAuthUID: 'u1', settings: { webFontSize: 40 } },
    });
    expect(app.state.profile.profile?.settings.webFontSize).toBe(40);
  });

  it('saves the language and theme with the account, and enrols in beta features', async () => {
    const { fakes, app } = await signedIn();
    const v11 = withQuery(API.userV11('ava1'), { channel: 'web-v2' });
    fakes.http.on('PATCH', v11, ok(profile({ settings: { language: 'fr', theme: 'light' } })));
    app.dispatch(settingsActions.languageChanged('fr'));
    await tick();
    expect(fakes.http.callsTo('PATCH', v11)[0]!.body).toEqual({
      settings: { language: 'fr', theme: 'light' },
    });
    const beta = withQuery(API.enrollBetaFeature, { platform: 'web' });
    fakes.http.on('PATCH', beta, ok({ flags: { 'convo-v2': true } }));
    app.dispatch(profileActions.betaToggled({ name: 'convo_v2', enabled: true }));
    await tick();
    expect(fakes.http.callsTo('PATCH', beta)[0]!.body).toEqual({
      beta_feature_name: 'convo_v2',
      enable_feature: true,
    });
    expect(app.state.profile.profile?.features).toEqual({ 'convo-v2': true });
  });

  it("saves the name typed on the conversations page as the account's user name", async () => {
    const { fakes, app } = await signedIn();
    const v11 = withQuery(API.userV11('ava1'), { channel: 'web-v2' });
    fakes.http.on('PATCH', v11, ok(profile({ userName: 'Ada L' })));
    app.dispatch(sessionActions.userNameChanged('  Ada L '));
    await tick();
    expect(fakes.http.callsTo('PATCH', v11)[0]!.body).toEqual({ userName: 'Ada L' });
    expect(app.state.session.identity).toMatchObject({ kind: 'account', userName: 'Ada L' });
    // Not left in this browser for whoever uses it as a guest after signing out.
    expect(fakes.storage.get(STORAGE_KEYS.userName)).toBeUndefined();
  });

  it('signs out to the root (the login screen on the desktop), and becomes a guest again', async () => {
    const { fakes, app } = await signedIn();
    app.dispatch(authActions.signOutRequested(undefined));
    await tick();
    expect(fakes.auth.calls).toContain('signOut');
    expect(fakes.navigations.at(-1)).toBe('/');
    expect(app.state.session.identity).toMatchObject({ kind: 'guest', avaId: 'g1' });
    expect(app.state.profile.status).toBe('idle');
    expect(fakes.logger.entries.some((e) => e.tag === 'analytics' && e.msg === 'Signed Out')).toBe(true);

    const desktop = await signedIn();
    desktop.fakes.deps.platform.isDesktopShell = true;
    desktop.app.dispatch(authActions.signOutRequested(undefined));
    await tick();
    expect(desktop.fakes.navigations.at(-1)).toBe('/web/login');
  });

  it('signs out only once the session is restored, when /web/logout is the first page opened', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', ME, ok(profile()));
    const app = start(fakes);
    app.dispatch(authActions.signOutRequested({ to: '/web/login' }));
    await tick();
    expect(fakes.auth.calls).not.toContain('signOut');
    fakes.auth.setUser(testUser({}));
    await tick();
    expect(fakes.auth.calls).toContain('signOut');
    expect(app.state.auth.phase).toBe('signed-out');
    // The profile that was loading for the restored session is dropped: nobody is taken anywhere else.
    expect(fakes.navigations).toEqual(['/web/login']);
    expect(app.state.session.identity?.kind).toBe('guest');
    expect(app.state.profile.status).toBe('idle');
  });

  it('mints the desktop custom token and opens the desktop app with it', async () => {
    const { fakes, app } = await signedIn({}, '/web/login/desktop/success');
    fakes.http.on('POST', API.customToken, ok({ customToken: 'aaa.bbb.' }));
    app.dispatch(authActions.desktopTokenRequested());
    await tick();
    const [post] = fakes.http.callsTo('POST', API.customToken);
    expect(post!.body).toEqual({ idToken: fakes.auth.token });
    expect(post!.headers).toEqual({ Authorization: identityAuthorization(fakes.auth.token) });
    expect(fakes.opened).toEqual(['hearken://login?customToken=aaa.bbb.']);
    expect(app.state.auth.desktopCustomToken).toBe('aaa.bbb.');
  });

  it('puts the identity token in the socket’s connection-params of an account only', async () => {
    const { app } = await signedIn();
    const params = buildConnectionParams(app.state.session.identity!, 'ava1_r', 'en-US', 'v');
    expect(params.identityToken).toBe(app.state.auth.token);
    const guestParams = buildConnectionParams(
      { kind: 'guest', avaId: 'g1', userName: 'G' },
      'g1_r',
      'en-US',
      'v',
    );
    expect(guestParams).not.toHaveProperty('identityToken');
  });
});

describe('onboarding', () => {
  async function onboarding(saved: Partial<UserProfile>) {
    const fakes = makeFakes();
    fakes.path.current = '/web/onboarding/profile/user-name';
    fakes.http.on('GET', ME, ok(profile({ userName: '' })));
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    const v11 = withQuery(API.userV11('ava1'), { channel: 'web-v2' });
    fakes.http.on('PATCH', v11, ok(profile(saved)));
    fakes.http.on('PATCH', withQuery(API.usersMe, { channel: 'web-v2' }), ok(profile(saved)));
    fakes.http.on('POST', API.ttsVoice, ok(profile(saved)));
    return { fakes, app, v11 };
  }

  it('saves each answer and goes on, keeping the redirect, to where the sign-in was going', async () => {
    const search = '?redirect=%2Fweb%2Fconversations';
    const { fakes, app, v11 } = await onboarding({ voicingProfile: 'type' });
    app.dispatch(onboardingActions.stepSubmitted({ step: 'user-name', search, userName: 'Ada' }));
    await tick();
    expect(fakes.http.callsTo('PATCH', v11)[0]!.body).toEqual({ userName: 'Ada' });
    expect(fakes.navigations.at(-1)).toBe(
      '/web/onboarding/profile/hearing-profile?redirect=%2Fweb%2Fconversations',
    );
    app.dispatch(onboardingActions.stepSubmitted({ step: 'hearing-profile', search, hearingProfile: 1 }));
    await tick();
    expect(fakes.http.callsTo('PATCH', v11)[1]!.body).toEqual({ hearingProfile: 1 });
    app.dispatch(
      onboardingActions.stepSubmitted({ step: 'voicing-profile', search, voicingProfile: 'type' }),
    );
    await tick();
    expect(fakes.navigations.at(-1)).toBe('/web/onboarding/profile/voice?redirect=%2Fweb%2Fconversations');
    app.dispatch(onboardingActions.stepSubmitted({ step: 'voice', search, voice: 'nova' }));
    await tick();
    expect(fakes.http.callsTo('POST', API.ttsVoice)[0]!.body).toEqual({ voiceId: 'nova' });
    expect(fakes.navigations.at(-1)).toBe('/web/conversations');
  });

  it('stays on the step, with the server’s words, when the answer is refused', async () => {
    const { fakes, app, v11 } = await onboarding({});
    fakes.http.on('PATCH', v11, { ok: false, status: 400, message: 'Invalid Username.' });
    const before = fakes.navigations.length;
    app.dispatch(onboardingActions.stepSubmitted({ step: 'user-name', search: '', userName: 'A!' }));
    await tick();
    expect(fakes.navigations.length).toBe(before);
    expect(app.state.profile.saveError).toBe('Invalid Username.');
  });

  it('ends after the voicing profile for people who speak', async () => {
    const { fakes, app } = await onboarding({ voicingProfile: 'speak' });
    app.dispatch(
      onboardingActions.stepSubmitted({ step: 'voicing-profile', search: '', voicingProfile: 'speak' }),
    );
    await tick();
    expect(fakes.navigations.at(-1)).toBe('/account/dashboard');
  });
});

describe('remote config', () => {
  it('is read at start and again every hour', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.remoteConfig, ok({ web_enable_sso: true }), ok({ web_enable_sso: false }));
    const app = run(remoteConfigSaga, [fakes.deps]);
    await tick();
    expect(app.state.remoteConfig.flags.web_enable_sso).toBe(true);
    await tick(REMOTE_CONFIG_REFRESH_MS - 1);
    expect(fakes.http.callsTo('GET', API.remoteConfig)).toHaveLength(1);
    await tick(1);
    expect(fakes.http.callsTo('GET', API.remoteConfig)).toHaveLength(2);
    expect(app.state.remoteConfig.flags.web_enable_sso).toBe(false);
  });

  it('keeps the last flags when the server cannot be read', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.remoteConfig, ok({ web_enable_sso: true }), {
      ok: false,
      status: 503,
      message: apiError('x', 'down').error.content.message,
    });
    const app = run(remoteConfigSaga, [fakes.deps]);
    await tick(REMOTE_CONFIG_REFRESH_MS);
    expect(app.state.remoteConfig.flags.web_enable_sso).toBe(true);
  });
});
