import { describe, expect, it } from 'vitest';
import { API } from '../../../../../src/shared/api';
import { identityAuthorization } from '../../../../../src/shared/auth';
import { authActions } from '../../../../../src/renderer/features/sign-in/slice';
import { makeFakes, testUser } from '../../../../helpers/saga-harness';
import { tick, ME, profile, start, ok, signedIn, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

describe('signed in: signing out and the desktop token', () => {
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
});
