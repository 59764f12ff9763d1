/**
 * Sign-in state: where sign-in stands (the shared AuthPhase), the Firebase user, its identity
 * token and when it was fetched, and the progress and error of the sign-in form's requests.
 * Errors are keys of the spec's catalogue (src/shared/account-errors.ts), translated on screen.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { SignInError } from '../../../shared/account-errors';
import { isVerifiedAccount } from '../../../shared/auth';
import type { AuthPhase } from '../../../shared/routes';
import type { AuthUser, EmulatorIdentity, ProviderName } from './auth-service';
import { fieldSetter } from '../../lib/field-setter';

/** The request the sign-in screens are waiting on. */
export type AuthBusy =
  | 'email-sign-in'
  | 'email-sign-up'
  | ProviderName
  | 'phone-code'
  | 'phone-confirm'
  | 'reset'
  | 'verification-email'
  | 'verification-check'
  | 'desktop-token'
  | 'sign-out';

export interface AuthState {
  phase: AuthPhase;
  /** Whether this server has accounts; undefined until its configuration is read. */
  available?: boolean;
  /** The identity provider is the local Auth emulator (development and tests). */
  emulator: boolean;
  ssoProviderId?: string;
  user?: AuthUser;
  token?: string;
  tokenFetchedAtMs?: number;
  busy?: AuthBusy;
  error?: { key: SignInError; detail?: string };
  phone?: { e164: string; verificationId: string };
  resetSentTo?: string;
  verificationSentTo?: string;
  /** The desktop app's sign-in: the custom token minted for it. */
  desktopCustomToken?: string;
  loadingTimedOut: boolean;
  /**
   * A screen or request needs the identity provider's SDK. Until then a device with no trace of
   * a session is signed out without loading it (sagas.ts, startAuth): guests never download it.
   */
  providerWanted: boolean;
  /** Where the app runs (from the platform seam), for the screens that differ. */
  platform: { isDesktopShell: boolean; isLocalhost: boolean };
  /**
   * The identity provider dropped this device's session without a sign-out (a revoked or
   * expired sign-in, an emulator that lost it): account pages send the person to sign in
   * again rather than to the guest lobby. Cleared when someone signs in.
   */
  sessionRefused: boolean;
}

export const initialAuthState: AuthState = {
  phase: 'loading',
  emulator: false,
  loadingTimedOut: false,
  providerWanted: false,
  platform: { isDesktopShell: false, isLocalhost: false },
  sessionRefused: false,
};

export interface EmailCredentials {
  email: string;
  password: string;
}

const set = fieldSetter<AuthState>();

/** A request to the identity provider starts: its button spins, and the last one's error goes. */
function requestStarted(state: AuthState, busy: AuthBusy): void {
  state.busy = busy;
  state.error = undefined;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    platformDetected: set('platform'),
    configLoaded(
      state,
      action: PayloadAction<{ available: boolean; emulator: boolean; ssoProviderId?: string }>,
    ) {
      state.available = action.payload.available;
      state.emulator = action.payload.emulator;
      state.ssoProviderId = action.payload.ssoProviderId;
      if (!action.payload.available) state.phase = 'signed-out';
    },
    userChanged(state, action: PayloadAction<AuthUser | null>) {
      const user = action.payload;
      if (!user || user.uid !== state.user?.uid) {
        state.token = undefined;
        state.tokenFetchedAtMs = undefined;
        state.desktopCustomToken = undefined;
      }
      state.user = user ?? undefined;
      state.phase = !user ? 'signed-out' : isVerifiedAccount(user) ? 'signed-in' : 'unverified';
      state.loadingTimedOut = false;
      if (user) state.sessionRefused = false;
      if (state.phase === 'signed-in') state.error = undefined;
    },
    /**
     * The identity provider dropped a session nobody signed out of (sagas.ts, followUser): the
     * person is asked to sign in again.
     */
    sessionRefused(state) {
      state.sessionRefused = true;
    },
    tokenFetched(state, action: PayloadAction<{ token: string; atMs: number }>) {
      state.token = action.payload.token;
      state.tokenFetchedAtMs = action.payload.atMs;
    },
    emailSignInRequested(state, _action: PayloadAction<EmailCredentials>) {
      requestStarted(state, 'email-sign-in');
    },
    emailSignUpRequested(state, _action: PayloadAction<EmailCredentials & { termsAccepted: boolean }>) {
      requestStarted(state, 'email-sign-up');
    },
    providerSignInRequested(
      state,
      action: PayloadAction<{
        provider: ProviderName;
        signUp: boolean;
        termsAccepted: boolean;
        /** With the Auth emulator: who signs in at its stand-in for the provider. */
        emulatorIdentity?: EmulatorIdentity;
      }>,
    ) {
      requestStarted(state, action.payload.provider);
    },
    phoneCodeRequested(
      state,
      _action: PayloadAction<{ prefix: string; national: string; recaptchaContainerId: string }>,
    ) {
      requestStarted(state, 'phone-code');
    },
    phoneCodeSent(state, action: PayloadAction<{ e164: string; verificationId: string }>) {
      state.busy = undefined;
      state.phone = action.payload;
    },
    phoneCodeSubmitted(state, _action: PayloadAction<{ code: string }>) {
      requestStarted(state, 'phone-confirm');
    },
    phoneNumberChangeRequested(state) {
      state.phone = undefined;
      state.error = undefined;
    },
    passwordResetRequested(state, _action: PayloadAction<{ email: string }>) {
      requestStarted(state, 'reset');
      state.resetSentTo = undefined;
    },
    passwordResetSent(state, action: PayloadAction<string>) {
      state.busy = undefined;
      state.resetSentTo = action.payload;
    },
    verificationEmailRequested(state) {
      requestStarted(state, 'verification-email');
    },
    verificationEmailSent(state, action: PayloadAction<string>) {
      state.busy = undefined;
      state.verificationSentTo = action.payload;
    },
    verificationCheckRequested(state) {
      state.busy = 'verification-check';
    },
    desktopTokenRequested(state) {
      requestStarted(state, 'desktop-token');
      state.desktopCustomToken = undefined;
    },
    desktopTokenReady(state, action: PayloadAction<string>) {
      state.busy = undefined;
      state.desktopCustomToken = action.payload;
    },
    /** The desktop app received a custom token (its deep link) and signs this window in with it. */
    customTokenReceived(state, _action: PayloadAction<string>) {
      state.providerWanted = true;
      requestStarted(state, 'desktop-token');
    },
    requestFailed(state, action: PayloadAction<{ key: SignInError; detail?: string }>) {
      state.busy = undefined;
      state.error = action.payload;
    },
    requestDone(state) {
      state.busy = undefined;
    },
    errorCleared(state) {
      state.error = undefined;
    },
    /** Signs out, then goes to `to` (default: the spec's place after sign-out). */
    signOutRequested(state, _action: PayloadAction<{ to?: string } | undefined>) {
      state.providerWanted = true;
      state.busy = 'sign-out';
    },
    /** A sign-in screen opened: the identity provider's SDK is loaded now if it was not. */
    providerNeeded(state) {
      state.providerWanted = true;
    },
    /** Nothing was heard from the identity provider for the loading timeout: carry on signed out. */
    loadingTimedOut(state) {
      state.loadingTimedOut = true;
      if (state.phase === 'loading') state.phase = 'signed-out';
    },
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const authEvents = {
  /** In the desktop app: sign in with the system browser (/web/login/desktop there). */
  browserSignInRequested: createAction('auth/browserSignInRequested'),
};

export const authActions = { ...authSlice.actions, ...authEvents };
export const authReducer = authSlice.reducer;
