/** Fakes and helpers shared by the tests split from one file. */
import { all, call, fork } from 'redux-saga/effects';
import { afterEach, beforeEach, vi } from 'vitest';
import { API, type ServerConfigResponse, withQuery } from '../../src/shared/api';
import type { GuestUser } from '../../src/shared/entities';
import type { UserProfile } from '../../src/shared/user';
import type { AppDeps } from '../../src/renderer/app/deps';
import { authSaga, startAuth } from '../../src/renderer/features/sign-in/sagas';
import { onboardingSaga } from '../../src/renderer/features/onboarding/sagas';
import { profileSaga } from '../../src/renderer/features/account-profile/sagas';
import { sessionSaga } from '../../src/renderer/features/identity/sagas';
import { settingsSaga } from '../../src/renderer/features/settings/sagas';
import { type Fakes, makeFakes, run, testUser } from './saga-harness';

/**
 * Sign-in, profile, settings and onboarding sagas together, with a fake identity provider and a
 * fake server: what is sent (and with which token), what the person sees, where they are taken.
 */

export const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

export const CONFIG: ServerConfigResponse = {
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

export const ME = withQuery(API.usersMe, { channel: 'web-v2', language: 'en' });

export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
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

export const guest: GuestUser = {
  avaId: 'g1',
  avaName: 'Guest 1',
  userName: 'Guest 1',
  accountType: 'Temporary',
  createdAtMs: 1,
};

export function* accountApp(deps: AppDeps) {
  yield all([
    call(sessionSaga, deps),
    call(settingsSaga, deps),
    call(authSaga, deps),
    call(profileSaga, deps),
    call(onboardingSaga, deps),
    fork(startAuth, deps),
  ]);
}

export function start(fakes: Fakes, config: ServerConfigResponse = CONFIG) {
  fakes.http.on('GET', API.config, { ok: true, status: 200, data: config });
  fakes.http.on('POST', API.createGuest, { ok: true, status: 201, data: guest });
  return run(accountApp, [fakes.deps]);
}

export const ok = <T>(data: T) => ({ ok: true as const, status: 200, data });

/** Call at the top of a test file: every test runs on a fake clock set to the same instant. */
export function withFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_800_000_000_000);
  });
  afterEach(() => vi.useRealTimers());
}

export function makeSignedInAuth() {
  return {
    phase: 'signed-in' as const,
    emulator: true,
    loadingTimedOut: false,
    providerWanted: false,
    user: testUser({}),
    platform: { isDesktopShell: false, isLocalhost: false },
    sessionRefused: false,
  };
}

/** An account signed in with its profile loaded, on the page given (default: general settings). */
export async function signedIn(overrides: Partial<UserProfile> = {}, path = '/web/account-settings/general') {
  const fakes = makeFakes();
  fakes.path.current = path;
  fakes.http.on('GET', ME, ok(profile(overrides)));
  const app = start(fakes);
  await tick();
  fakes.auth.setUser(testUser({}));
  await tick();
  return { fakes, app };
}
