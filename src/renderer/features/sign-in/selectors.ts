import type { RootState } from '../../app/root-reducer';

export const selectAuth = (state: RootState) => state.auth;
export const selectAuthPhase = (state: RootState) => state.auth.phase;
export const selectAuthUser = (state: RootState) => state.auth.user;
export const selectAuthError = (state: RootState) => state.auth.error;
export const selectAuthBusy = (state: RootState) => state.auth.busy;
export const selectAccountsAvailable = (state: RootState) => state.auth.available;
export const selectIsSignedIn = (state: RootState) => state.auth.phase === 'signed-in';
