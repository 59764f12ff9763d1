import { describe, expect, it } from 'vitest';
import { VERIFICATION_POLL_MS } from '../../../../../src/renderer/features/sign-in/sagas';
import { authActions } from '../../../../../src/renderer/features/sign-in/slice';
import { makeFakes, testUser } from '../../../../helpers/saga-harness';
import { tick, ME, profile, start, ok, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

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
