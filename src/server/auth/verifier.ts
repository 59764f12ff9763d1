/**
 * Verifies the identity token of a request with the Firebase Admin SDK and the rules of
 * token-rules.ts, and mints custom tokens for the desktop app's sign-in. One Admin SDK app per
 * server (named, so several servers can run in one process, as the tests do).
 */
import { type App, applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type UserRecord, getAuth } from 'firebase-admin/auth';
import { type AccountIdentity, accountIdentityOf } from '../../shared/auth';
import { randomId } from '../../shared/ids';
import type { AuthConfig } from '../config';
import { judgeToken, type TokenClaims } from './token-rules';

/** An account identity (shared/auth.ts, the same mapping the client uses) proven by a token. */
export interface VerifiedIdentity extends AccountIdentity {
  /** The provider of this token's sign-in ("password", "google.com", "custom"...). */
  signInProvider: string;
  /** Email address per provider, as the profile's `emails` field keeps them. */
  emails: Record<string, string>;
}

export type AuthFailureReason =
  | 'invalid-token'
  | 'expired-token'
  | 'revoked-token'
  | 'unknown-user'
  | 'disabled-user'
  | 'unverified-email'
  | 'anonymous-user'
  | 'claims-mismatch'
  | 'unavailable';

export type VerifyResult =
  { ok: true; identity: VerifiedIdentity } | { ok: false; reason: AuthFailureReason };

/** A verified token is trusted again for this long (or until it expires), sparing a user lookup per call. */
const CACHE_MS = 30_000;
const CACHE_MAX = 2000;

function emailsOf(user: UserRecord): Record<string, string> {
  const emails: Record<string, string> = {};
  for (const info of user.providerData) if (info.email) emails[info.providerId] = info.email;
  if (user.email && !Object.values(emails).includes(user.email)) emails.password ??= user.email;
  return emails;
}

function reasonOf(error: unknown): AuthFailureReason {
  const code = typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code) : '';
  if (code === 'auth/id-token-expired') return 'expired-token';
  if (code === 'auth/id-token-revoked') return 'revoked-token';
  if (code === 'auth/user-not-found') return 'unknown-user';
  if (code === 'auth/user-disabled') return 'disabled-user';
  if (code === 'app/network-error' || code === 'auth/internal-error') return 'unavailable';
  return 'invalid-token';
}

export class IdentityVerifier {
  private readonly cache = new Map<string, { identity: VerifiedIdentity; until: number }>();

  private constructor(
    private readonly app: App,
    private readonly auth: Auth,
    private readonly emulator: boolean,
    private readonly now: () => number,
  ) {}

  static create(config: AuthConfig, now: () => number = Date.now): IdentityVerifier {
    if (config.emulatorHost) {
      // The Admin SDK reads the emulator's address from the environment at each call.
      process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
    }
    const app = initializeApp(
      config.emulatorHost
        ? { projectId: config.projectId }
        : { projectId: config.projectId, credential: applicationDefault() },
      `hearken-${randomId(8)}`,
    );
    return new IdentityVerifier(app, getAuth(app), Boolean(config.emulatorHost), now);
  }

  async verify(token: string): Promise<VerifyResult> {
    const cached = this.cache.get(token);
    if (cached && cached.until > this.now()) return { ok: true, identity: cached.identity };
    if (cached) this.cache.delete(token);

    let claims: TokenClaims;
    let user: UserRecord;
    try {
      const decoded = await this.auth.verifyIdToken(token);
      claims = decoded as unknown as TokenClaims;
      user = await this.auth.getUser(decoded.uid);
    } catch (error) {
      return { ok: false, reason: reasonOf(error) };
    }
    const verdict = judgeToken(
      claims,
      {
        uid: user.uid,
        email: user.email,
        emailVerified: user.emailVerified,
        phoneNumber: user.phoneNumber,
        disabled: user.disabled,
        providerIds: user.providerData.map((p) => p.providerId),
        ...(user.tokensValidAfterTime ? { tokensValidAfterMs: Date.parse(user.tokensValidAfterTime) } : {}),
      },
      this.emulator,
      this.now(),
    );
    if (!verdict.ok) return { ok: false, reason: verdict.reason };
    const identity: VerifiedIdentity = {
      ...accountIdentityOf(user),
      signInProvider: claims.firebase.sign_in_provider,
      emails: emailsOf(user),
    };
    const expiresMs = claims.exp * 1000;
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(token, { identity, until: Math.min(expiresMs, this.now() + CACHE_MS) });
    return { ok: true, identity };
  }

  /** A custom token for the desktop app to sign in as this user. */
  createCustomToken(uid: string): Promise<string> {
    return this.auth.createCustomToken(uid);
  }

  async close(): Promise<void> {
    this.cache.clear();
    await deleteApp(this.app);
  }
}
