import { describe, expect, it } from 'vitest';
import { LOADING_TIMEOUT_MS } from '../../../../../src/shared/constants';
import { makeFakes } from '../../../../helpers/saga-harness';
import { authActions } from '../../../../../src/renderer/features/sign-in/slice';
import { tick, CONFIG, start, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

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

describe('a device with no saved session (the guest who scanned a QR code)', () => {
  it('is signed out and a guest at once, without starting the identity provider', async () => {
    const fakes = makeFakes();
    fakes.auth.savedSession = false;
    const app = start(fakes);
    await tick();
    expect(app.state.auth).toMatchObject({ phase: 'signed-out', available: true, emulator: true });
    expect(app.state.session.identity).toMatchObject({ kind: 'guest', avaId: 'g1' });
    expect(fakes.auth.calls).not.toContain('init');
    // No timeout is waited on either: nothing is loading.
    await tick(LOADING_TIMEOUT_MS);
    expect(app.state.auth.loadingTimedOut).toBe(false);
    expect(fakes.auth.calls).not.toContain('init');
  });

  it('starts the provider when a sign-in screen needs it, and a sign-in then works', async () => {
    const fakes = makeFakes();
    fakes.auth.savedSession = false;
    const app = start(fakes);
    await tick();
    app.dispatch(authActions.providerNeeded());
    await tick();
    expect(fakes.auth.calls).toContain('init');
    expect(fakes.auth.initConfig).toEqual(CONFIG.firebase);
    fakes.auth.setUser(null);
    await tick();
    app.dispatch(authActions.emailSignInRequested({ email: 'ada@example.com', password: 'Secret-123' }));
    await tick();
    expect(fakes.auth.calls).toContain('signInWithEmail');
    const signedIn = app.actions.filter(authActions.userChanged.match).map((a) => a.payload?.email);
    expect(signedIn).toContain('ada@example.com');
  });

  it('starts the provider for a desktop custom token that came before the configuration was read', async () => {
    const fakes = makeFakes();
    fakes.auth.savedSession = false;
    const app = start(fakes);
    // Dispatched before startAuth has read the configuration: the flag in the state is kept.
    app.dispatch(authActions.customTokenReceived('custom.token'));
    await tick();
    // (The browser's service makes the sign-in wait until the SDK has started.)
    expect(fakes.auth.calls).toContain('init');
    expect(fakes.auth.calls).toContain('signInWithCustomToken:custom.token');
  });
});
