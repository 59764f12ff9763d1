/**
 * A session the identity provider drops without a sign-out (issue 30, item 7): this device had
 * one, and the provider answers no user (a revoked or expired sign-in, an emulator that lost it).
 * The person is told to sign in again and taken to the sign-in page with a way back, before
 * the page learns it is signed out: the account route's guard would otherwise send them to the
 * guest lobby first.
 */
import { describe, expect, it } from 'vitest';
import { authActions } from '../../../../../src/renderer/features/sign-in/slice';
import { makeFakes, testUser } from '../../../../helpers/saga-harness';
import { ME, ok, profile, tick, start, signedIn, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

/** A device with a saved session, on `path`; records the sign-in phase at each navigation. */
function onPage(path: string, search = '') {
  const fakes = makeFakes();
  fakes.path.current = path;
  fakes.path.search = search;
  const phases: string[] = [];
  const navigate = fakes.deps.navigation.navigate.bind(fakes.deps.navigation);
  fakes.deps.navigation.navigate = (to, options) => {
    phases.push(app.state.auth.phase);
    navigate(to, options);
  };
  const app = start(fakes);
  return { fakes, app, phases };
}

describe('a saved session the provider refuses', () => {
  it('says "sign in again" and goes to the sign-in page with a way back, while the page still waits', async () => {
    const { fakes, app, phases } = onPage('/account/dashboard', '?tab=licences');
    await tick();
    fakes.auth.setUser(null);
    await tick();
    expect(fakes.navigations).toEqual([
      `/web/login?redirect=${encodeURIComponent('/account/dashboard?tab=licences')}`,
    ]);
    // Taken there before the state says signed out (the guard then had nothing to redirect).
    expect(phases).toEqual(['loading']);
    expect(app.state.auth).toMatchObject({ phase: 'signed-out', sessionRefused: true });
    expect(app.state.notifications.items).toContainEqual(
      expect.objectContaining({ key: 'account.session.refused', intent: 'warning', sticky: true }),
    );
  });

  it('is forgotten once the person signs in again', async () => {
    const { fakes, app } = onPage('/account/dashboard');
    fakes.http.on('GET', ME, ok(profile()));
    await tick();
    fakes.auth.setUser(null);
    await tick();
    expect(app.state.auth.sessionRefused).toBe(true);
    fakes.auth.setUser(testUser({}));
    await tick();
    expect(app.state.auth).toMatchObject({ phase: 'signed-in', sessionRefused: false });
  });

  it('on the sign-in page already: says it, and stays', async () => {
    const { fakes, app } = onPage('/web/login');
    await tick();
    fakes.auth.setUser(null);
    await tick();
    expect(fakes.navigations).toEqual([]);
    expect(app.actions.some(authActions.sessionRefused.match)).toBe(true);
  });

  it('is not said after a sign-out the person asked for', async () => {
    const { fakes, app } = await signedIn();
    app.dispatch(authActions.signOutRequested(undefined));
    await tick();
    expect(app.state.auth).toMatchObject({ phase: 'signed-out', sessionRefused: false });
    expect(app.actions.some(authActions.sessionRefused.match)).toBe(false);
    expect(fakes.navigations.at(-1)).toBe('/');
  });

  it('is not said on a device that had no session', async () => {
    const fakes = makeFakes();
    fakes.auth.savedSession = false;
    const app = start(fakes);
    await tick();
    app.dispatch(authActions.providerNeeded());
    await tick();
    fakes.auth.setUser(null);
    await tick();
    expect(app.actions.some(authActions.sessionRefused.match)).toBe(false);
    expect(fakes.navigations).toEqual([]);
  });
});
