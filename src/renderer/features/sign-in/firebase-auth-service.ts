/**
 * The AuthService of the browser build, on the Firebase JS SDK. The SDK is loaded on first use
 * (a separate chunk), so guests who never sign in do not download it. With the Auth emulator
 * (config.emulatorUrl) every call goes to it, including the providers' sign-in windows (its fake
 * provider page) and phone codes (reCAPTCHA is skipped in emulator mode).
 */
import type * as FirebaseAuthModule from 'firebase/auth';
import { accountIdentityOf } from '../../../shared/auth';
import type { Auth, AuthProvider, User } from 'firebase/auth';
import type { FirebaseClientConfig } from '../../../shared/api';
import {
  type AuthService,
  type AuthUser,
  AuthServiceError,
  type ProviderName,
  type ProviderSignInOptions,
} from './auth-service';

type FirebaseAuth = typeof FirebaseAuthModule;

function toAuthUser(user: User): AuthUser {
  const time = (value: string | undefined) => (value ? Date.parse(value) : undefined);
  return {
    ...accountIdentityOf(user),
    isAnonymous: user.isAnonymous,
    ...(time(user.metadata.creationTime) !== undefined
      ? { creationTimeMs: time(user.metadata.creationTime) }
      : {}),
    ...(time(user.metadata.lastSignInTime) !== undefined
      ? { lastSignInTimeMs: time(user.metadata.lastSignInTime) }
      : {}),
  };
}

/**
 * This app's own note of whether the provider last reported someone signed in on this device:
 * '1' or '0'. Read before the SDK is loaded, so that a guest's page never loads it.
 */
export const SESSION_MARKER_KEY = 'hearkenAccountSession';
/** Where the SDK keeps its session (its indexedDB persistence), and its localStorage fallback. */
const FIREBASE_DATABASE = 'firebaseLocalStorageDb';
const FIREBASE_USER_KEY_PREFIX = 'firebase:authUser:';

function rememberSession(signedIn: boolean): void {
  try {
    localStorage.setItem(SESSION_MARKER_KEY, signedIn ? '1' : '0');
  } catch {
    // Storage refused (private mode): the SDK is then loaded on every visit, as before.
  }
}

/**
 * Whether a session may be saved here. The marker says so once the provider has run on this
 * device; before that (a session saved by an older version), the SDK's own storage does. When
 * in doubt (storage refused, no indexedDB.databases), yes: a needless download is better than
 * a signed-in person shown as a guest.
 */
export async function mayHaveSession(): Promise<boolean> {
  try {
    const marker = localStorage.getItem(SESSION_MARKER_KEY);
    if (marker !== null) return marker === '1';
    if (Object.keys(localStorage).some((key) => key.startsWith(FIREBASE_USER_KEY_PREFIX))) return true;
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((database) => database.name === FIREBASE_DATABASE);
  } catch {
    return true;
  }
}

export function firebaseAuthService(): AuthService {
  let sdk: FirebaseAuth | undefined;
  let auth: Auth | undefined;
  const listeners = new Set<(user: AuthUser | null) => void>();
  let last: AuthUser | null | undefined;
  let emulated = false;

  // The SDK is loaded when a screen needs it (sagas.ts, startAuth): a request made while it is
  // still arriving (a button pressed on a slow phone) waits for it rather than failing.
  let started: (() => void) | undefined;
  let failed: ((error: unknown) => void) | undefined;
  const whenStarted = new Promise<void>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  whenStarted.catch(() => undefined);
  const ready = async (): Promise<{ sdk: FirebaseAuth; auth: Auth }> => {
    await whenStarted;
    if (!sdk || !auth) throw new AuthServiceError('auth/not-initialized', 'sign-in is not ready yet');
    return { sdk, auth };
  };
  const emit = (user: AuthUser | null) => {
    last = user;
    rememberSession(user !== null);
    for (const listener of listeners) listener(user);
  };
  const current = async (): Promise<User> => {
    const user = (await ready()).auth.currentUser;
    if (!user) throw new AuthServiceError('auth/no-current-user', 'nobody is signed in');
    return user;
  };

  const start = async (config: FirebaseClientConfig, language: string) => {
    const [{ initializeApp }, firebaseAuth] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    sdk = firebaseAuth;
    const app = initializeApp({
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      ...(config.appId ? { appId: config.appId } : {}),
    });
    auth = firebaseAuth.initializeAuth(app, {
      persistence: [firebaseAuth.indexedDBLocalPersistence, firebaseAuth.browserLocalPersistence],
      popupRedirectResolver: firebaseAuth.browserPopupRedirectResolver,
    });
    auth.languageCode = language;
    if (config.emulatorUrl) {
      emulated = true;
      // Hearken shows its own notice; the SDK's banner would cover the bottom of every page.
      firebaseAuth.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
    }
    firebaseAuth.onAuthStateChanged(auth, (user) => emit(user ? toAuthUser(user) : null));
  };

  return {
    mayHaveSession,
    async init(config, language) {
      if (auth) return;
      try {
        await start(config, language);
        started?.();
      } catch (error) {
        failed?.(error);
        throw error;
      }
    },
    onUserChanged(listener) {
      listeners.add(listener);
      if (last !== undefined) listener(last);
      return () => listeners.delete(listener);
    },
    async getIdToken(forceRefresh) {
      const user = auth?.currentUser;
      return user ? user.getIdToken(forceRefresh) : undefined;
    },
    async reloadUser() {
      const user = auth?.currentUser;
      if (!user) return null;
      await (await ready()).sdk.reload(user);
      const fresh = toAuthUser(user);
      emit(fresh);
      return fresh;
    },
    async signUpWithEmail(email, password) {
      const { sdk: s, auth: a } = await ready();
      return toAuthUser((await s.createUserWithEmailAndPassword(a, email, password)).user);
    },
    async signInWithEmail(email, password) {
      const { sdk: s, auth: a } = await ready();
      return toAuthUser((await s.signInWithEmailAndPassword(a, email, password)).user);
    },
    async sendEmailVerification() {
      await (await ready()).sdk.sendEmailVerification(await current());
    },
    async sendPasswordReset(email) {
      const { sdk: s, auth: a } = await ready();
      await s.sendPasswordResetEmail(a, email);
    },
    async signInWithProvider(provider: ProviderName, options: ProviderSignInOptions = {}) {
      const { sdk: s, auth: a } = await ready();
      const { ssoProviderId, emulatorIdentity } = options;
      if (provider === 'sso' && !ssoProviderId) {
        throw new AuthServiceError('auth/operation-not-allowed', 'no SSO provider is set up');
      }
      if (emulatorIdentity && emulated) {
        // The emulator's fake provider: an id_token of plain JSON claims (never sent to a real project).
        const claims = JSON.stringify({
          sub: `emulated-${emulatorIdentity.email.trim().toLowerCase()}`,
          email: emulatorIdentity.email.trim(),
          email_verified: true,
          name: emulatorIdentity.name.trim(),
        });
        const credential =
          provider === 'google'
            ? s.GoogleAuthProvider.credential(claims)
            : provider === 'facebook'
              ? s.FacebookAuthProvider.credential(claims)
              : new s.OAuthProvider(provider === 'apple' ? 'apple.com' : ssoProviderId!).credential({
                  idToken: claims,
                });
        return toAuthUser((await s.signInWithCredential(a, credential)).user);
      }
      let authProvider: AuthProvider;
      if (provider === 'google') authProvider = new s.GoogleAuthProvider();
      else if (provider === 'facebook') authProvider = new s.FacebookAuthProvider();
      else if (provider === 'apple') authProvider = new s.OAuthProvider('apple.com');
      else if (ssoProviderId!.startsWith('saml.')) authProvider = new s.SAMLAuthProvider(ssoProviderId!);
      else authProvider = new s.OAuthProvider(ssoProviderId!);
      return toAuthUser((await s.signInWithPopup(a, authProvider)).user);
    },
    async sendPhoneCode(e164, recaptchaContainerId) {
      const { sdk: s, auth: a } = await ready();
      const verifier = new s.RecaptchaVerifier(a, recaptchaContainerId, { size: 'invisible' });
      try {
        return (await s.signInWithPhoneNumber(a, e164, verifier)).verificationId;
      } finally {
        verifier.clear();
      }
    },
    async confirmPhoneCode(verificationId, code) {
      const { sdk: s, auth: a } = await ready();
      const credential = s.PhoneAuthProvider.credential(verificationId, code);
      return toAuthUser((await s.signInWithCredential(a, credential)).user);
    },
    async signInWithCustomToken(token) {
      const { sdk: s, auth: a } = await ready();
      return toAuthUser((await s.signInWithCustomToken(a, token)).user);
    },
    setLanguage(language) {
      if (auth) auth.languageCode = language;
    },
    async signOut() {
      if (auth) await (await ready()).sdk.signOut(auth);
    },
  };
}
