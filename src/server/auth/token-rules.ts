/**
 * What the server checks of a decoded ID token against the Firebase user it names, beyond what
 * the Admin SDK checks (signature with a real project; audience, issuer, expiry, subject always).
 *
 * The Auth emulator's tokens are unsigned (alg "none") and the Admin SDK does not check
 * signatures in emulator mode, so anyone could edit a token's claims. The emulator signs nothing,
 * but it does know its users: in emulator mode a token must agree with the emulator's record of
 * its user (same email, same phone, no verified email the emulator has not verified, a sign-in
 * provider the user has). That refuses a real token whose claims were changed; it cannot refuse a
 * token written from scratch by someone who knows all of another user's facts, which only a
 * signed token can (a real project). See docs/accounts.md.
 */
import { isVerifiedAccount } from '../../shared/auth';

export interface TokenClaims {
  uid: string;
  auth_time: number;
  iat: number;
  exp: number;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  firebase: { sign_in_provider: string };
}

export interface UserFacts {
  uid: string;
  email?: string;
  emailVerified: boolean;
  phoneNumber?: string;
  disabled: boolean;
  /** Provider ids of the user's linked sign-in methods. */
  providerIds: string[];
  /** Tokens whose sign-in (auth_time) is before this were revoked; ms since epoch. */
  tokensValidAfterMs?: number;
}

export type TokenVerdict =
  | { ok: true }
  | {
      ok: false;
      reason:
        | 'invalid-token'
        | 'disabled-user'
        | 'revoked-token'
        | 'claims-mismatch'
        | 'unverified-email'
        | 'anonymous-user';
    };

/** Providers a token can name without being a linked method of the user. */
const SESSION_PROVIDERS = new Set(['custom', 'anonymous']);

function same(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

/** Clocks disagree a little; a token issued further in the future than this is refused. */
export const CLOCK_SKEW_S = 300;
/** Firebase ID tokens live one hour. */
export const ID_TOKEN_LIFETIME_S = 3600;

export function judgeToken(
  claims: TokenClaims,
  user: UserFacts,
  emulator: boolean,
  nowMs: number,
): TokenVerdict {
  const now = nowMs / 1000;
  // Times a genuine token cannot have (the Admin SDK checks expiry, not these).
  if (
    claims.iat > now + CLOCK_SKEW_S ||
    claims.auth_time > now + CLOCK_SKEW_S ||
    claims.exp <= claims.iat ||
    claims.exp - claims.iat > ID_TOKEN_LIFETIME_S
  ) {
    return { ok: false, reason: 'invalid-token' };
  }
  if (claims.uid !== user.uid) return { ok: false, reason: 'claims-mismatch' };
  if (user.disabled) return { ok: false, reason: 'disabled-user' };
  // auth_time has second precision; tokensValidAfterTime too (the Admin SDK compares the same way).
  if (user.tokensValidAfterMs !== undefined && claims.auth_time * 1000 < user.tokensValidAfterMs) {
    return { ok: false, reason: 'revoked-token' };
  }
  if (emulator) {
    const provider = claims.firebase.sign_in_provider;
    if (
      !same(claims.email, user.email) ||
      !same(claims.phone_number, user.phoneNumber) ||
      (claims.email_verified === true && !user.emailVerified) ||
      (!SESSION_PROVIDERS.has(provider) && !user.providerIds.includes(provider))
    ) {
      return { ok: false, reason: 'claims-mismatch' };
    }
  }
  // Accounts only: Firebase's anonymous users are not (Hearken's guests are its own guest users).
  if (user.providerIds.length === 0) return { ok: false, reason: 'anonymous-user' };
  // An account whose only method is a password and whose email is unverified is not signed in.
  if (
    !isVerifiedAccount({
      isAnonymous: false,
      emailVerified: user.emailVerified,
      providerIds: user.providerIds,
    })
  ) {
    return { ok: false, reason: 'unverified-email' };
  }
  return { ok: true };
}
