/**
 * The identity provider seam (Firebase Authentication in the browser build, a fake in tests).
 * Sagas call it; only firebaseAuthService.ts imports the Firebase SDK. Failures reject with an
 * AuthServiceError carrying Firebase's code ("auth/wrong-password"), which the sagas map to the
 * spec's error catalogue (src/shared/account-errors.ts).
 */
import type { FirebaseClientConfig } from '../../../shared/api';
import type { AccountIdentity } from '../../../shared/auth';

/** What the app needs to know of the signed-in Firebase user (shared/auth.ts maps the common part). */
export interface AuthUser extends AccountIdentity {
  isAnonymous: boolean;
  /** ms since epoch (Firebase metadata), for telling sign-up from sign-in. */
  creationTimeMs?: number;
  lastSignInTimeMs?: number;
}

export type ProviderName = 'google' | 'apple' | 'facebook' | 'sso';

/** Who signs in at the emulator's stand-in for a provider (development and tests only). */
export interface EmulatorIdentity {
  email: string;
  name: string;
}

export interface ProviderSignInOptions {
  ssoProviderId?: string;
  /**
   * Emulator only. The SDK's provider window needs Google's gapi script from the internet (so
   * does the emulator's own provider page), which machines without internet cannot load; the
   * emulator also takes a provider credential whose id_token is plain JSON claims, so Hearken
   * signs in with that instead, for the identity given here.
   */
  emulatorIdentity?: EmulatorIdentity;
}

export class AuthServiceError extends Error {
  constructor(
    readonly code: string,
    message = code,
  ) {
    super(message);
    this.name = 'AuthServiceError';
  }
}

export interface AuthService {
  /**
   * Whether this device may hold a signed-in session, found out without loading the SDK. False
   * only when it surely holds none: the app is then signed out without starting the provider.
   */
  mayHaveSession(): Promise<boolean>;
  /** Starts the SDK with the server's configuration; the first user event follows. */
  init(config: FirebaseClientConfig, language: string): Promise<void>;
  onUserChanged(listener: (user: AuthUser | null) => void): () => void;
  /** The current user's ID token (undefined when signed out); forceRefresh asks the provider. */
  getIdToken(forceRefresh: boolean): Promise<string | undefined>;
  /** Reads the user again from the provider (after verifying the email elsewhere). */
  reloadUser(): Promise<AuthUser | null>;
  signUpWithEmail(email: string, password: string): Promise<AuthUser>;
  signInWithEmail(email: string, password: string): Promise<AuthUser>;
  sendEmailVerification(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /**
   * Google, Apple, Facebook, or the SSO provider `ssoProviderId`: the provider's sign-in window.
   * With the Auth emulator, `emulatorIdentity` stands for what the person would enter at the
   * provider (see ProviderSignInOptions).
   */
  signInWithProvider(provider: ProviderName, options?: ProviderSignInOptions): Promise<AuthUser>;
  /** Sends a text message with a 6-digit code; returns the verification id. */
  sendPhoneCode(e164: string, recaptchaContainerId: string): Promise<string>;
  confirmPhoneCode(verificationId: string, code: string): Promise<AuthUser>;
  signInWithCustomToken(token: string): Promise<AuthUser>;
  setLanguage(language: string): void;
  signOut(): Promise<void>;
}

/** Firebase's code of a failure, whatever threw it. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    return (error as { code: string }).code;
  }
  return undefined;
}
