/** Small pure parts of the accounts area in the renderer. */
import { describe, expect, it } from 'vitest';
import {
  authActions,
  authReducer,
  initialAuthState,
} from '../../../../../src/renderer/features/sign-in/slice';
import { testUser } from '../../../../helpers/saga-harness';

describe('auth state', () => {
  it.each([
    [null, 'signed-out'],
    [testUser({ emailVerified: false, providerIds: ['password'] }), 'unverified'],
    [testUser({ emailVerified: true, providerIds: ['password'] }), 'signed-in'],
    [testUser({ emailVerified: false, providerIds: ['google.com'] }), 'signed-in'],
  ])('a user %j is %s', (user, phase) => {
    expect(authReducer(initialAuthState, authActions.userChanged(user)).phase).toBe(phase);
  });

  it('forgets the token when the user changes', () => {
    let state = authReducer(initialAuthState, authActions.userChanged(testUser({})));
    state = authReducer(state, authActions.tokenFetched({ token: 't', atMs: 1 }));
    expect(authReducer(state, authActions.userChanged(testUser({}))).token).toBe('t');
    expect(authReducer(state, authActions.userChanged(testUser({ uid: 'u2' }))).token).toBeUndefined();
    expect(authReducer(state, authActions.userChanged(null)).token).toBeUndefined();
  });
});
