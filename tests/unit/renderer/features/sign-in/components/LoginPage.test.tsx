// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../../../../../../src/renderer/features/sign-in/components/LoginPage';
import { authActions } from '../../../../../../src/renderer/features/sign-in/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const signedOut = { auth: { phase: 'signed-out' as const, available: true, emulator: false } };

describe('LoginPage', () => {
  it('puts the unaccepted-terms error beside the box, focused, not at the top of the page', () => {
    const { store } = renderApp(<LoginPage mode="signup" />, signedOut, '/web/signup');
    act(() => void store.dispatch(authActions.requestFailed({ key: 'terms-not-accepted' })));
    const box = screen.getByRole('checkbox', { name: /terms of service/ });
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const problem = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(problem?.textContent).not.toBe('');
    expect(screen.getByTestId('sign-in-error').textContent).toBe('');
  });

  it('titles a failed sign-up as such, and a failed sign-in as such', () => {
    const signUp = renderApp(<LoginPage mode="signup" />, signedOut, '/web/signup');
    act(() => void signUp.store.dispatch(authActions.requestFailed({ key: 'email-already-in-use' })));
    expect(screen.getByTestId('sign-in-error').textContent).toMatch(/^Creating your account did not work/);
    cleanup();
    const signIn = renderApp(<LoginPage mode="login" />, signedOut, '/web/login');
    act(() => void signIn.store.dispatch(authActions.requestFailed({ key: 'wrong-password' })));
    expect(screen.getByTestId('sign-in-error').textContent).toMatch(/^Signing in did not work/);
  });
});
