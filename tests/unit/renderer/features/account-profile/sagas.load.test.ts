import { describe, expect, it } from 'vitest';
import { API, withQuery } from '../../../../../src/shared/api';
import { settingsActions } from '../../../../../src/renderer/features/settings/slice';
import { identityAuthorization } from '../../../../../src/shared/auth';
import {
  FONT_SIZE_SAVE_DEBOUNCE_MS,
  STORAGE_KEYS,
  TOKEN_REFETCH_MS,
  USER_NOT_FOUND_CUSTOM_CODE,
} from '../../../../../src/shared/constants';
import { authedRequest } from '../../../../../src/renderer/features/sign-in/authed-request';
import { connectivityActions } from '../../../../../src/renderer/features/connectivity/slice';
import { makeFakes, run, testUser } from '../../../../helpers/saga-harness';
import { tick, ME, profile, start, ok, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

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

  it('keeps a language chosen on this page before signing in, and saves it to the account', async () => {
    const fakes = makeFakes();
    fakes.path.current = '/web/login';
    // The profile is asked for in the page's language, French by then.
    const meInFrench = withQuery(API.usersMe, { channel: 'web-v2', language: 'fr' });
    fakes.http.on('GET', meInFrench, ok(profile({ settings: { language: 'en', theme: 'dark' } })));
    const v11 = withQuery(API.userV11('ava1'), { channel: 'web-v2' });
    fakes.http.on('PATCH', v11, ok(profile({ settings: { language: 'fr', theme: 'dark' } })));
    const app = start(fakes);
    await tick();
    app.dispatch(settingsActions.languageChanged('fr'));
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    // French stays; the theme nobody chose here comes from the account.
    expect(app.state.settings).toMatchObject({ language: 'fr', theme: 'dark' });
    const saves = fakes.http.callsTo('PATCH', v11);
    expect(saves.at(-1)!.body).toEqual({ settings: { language: 'fr', theme: 'dark' } });
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
