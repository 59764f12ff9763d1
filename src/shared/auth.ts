/**
 * How a signed-in identity travels and is judged (accounts.md sections 4 and 7): the
 * Authorization header carrying the Firebase ID token, when the token is fetched again, when an
 * account counts as signed in, and whether a sign-in was a sign-up.
 */
import { SIGN_IN_DETECTION_WINDOW_MS, TOKEN_REFETCH_MS } from './constants';

/** What a call that needs a token answers when it has none. */
export const NO_TOKEN_MESSAGE = 'No token provided. Please log in to get a token.';

/**
 * Requests use basic auth with the signed-in identity token: `Authorization: Basic
 * base64("firebase:" + idToken)`. The user part names the kind of token; the password is the
 * token. (An ID token is base64url and dots: plain ASCII, so btoa is exact.)
 */
export const AUTH_USER = 'firebase';

export function identityAuthorization(idToken: string): string {
  return `Basic ${btoa(`${AUTH_USER}:${idToken}`)}`;
}

/**
 * A Firebase token, an ID token or a custom one, is a JWT of about 1 KB: header.payload.signature
 * in base64url (the Auth emulator's are unsigned, so the signature part may be empty). What
 * receives one checks its shape with this pattern; what bounds its length (the hearken:// link,
 * the socket's connection-params, the custom-token request) bounds it with this maximum.
 */
export const FIREBASE_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
export const FIREBASE_TOKEN_MAX_LENGTH = 8192;

/** The user and password of a basic-auth header, or undefined when it is not one. */
function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(header);
  if (!match) return undefined;
  let decoded: string;
  try {
    decoded = atob(match[1]!);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The ID token of an Authorization header, or undefined when there is none or it is malformed. */
export function parseIdentityAuthorization(header: string | undefined): string | undefined {
  const basic = basicCredentials(header);
  if (basic?.user !== AUTH_USER) return undefined;
  return FIREBASE_TOKEN_PATTERN.test(basic.password) ? basic.password : undefined;
}

/**
 * A guest proves its avaId with the credential the server signed for it (POST
 * /api/v1/guest-users/me), sent the same way: `Basic base64("guest:" + credential)`.
 */
export const GUEST_AUTH_USER = 'guest';

/** A guest credential: the avaId, a dot, and the server's signature (base64url). */
export const GUEST_CREDENTIAL_PATTERN = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/;

export function guestAuthorization(credential: string): string {
  return `Basic ${btoa(`${GUEST_AUTH_USER}:${credential}`)}`;
}

export type ParsedAuthorization = { kind: 'firebase'; token: string } | { kind: 'guest'; credential: string };

/** Either kind of proof an Authorization header carries, or undefined when it carries none we accept. */
export function parseAuthorization(header: string | undefined): ParsedAuthorization | undefined {
  const token = parseIdentityAuthorization(header);
  if (token) return { kind: 'firebase', token };
  const basic = basicCredentials(header);
  if (basic?.user !== GUEST_AUTH_USER || !GUEST_CREDENTIAL_PATTERN.test(basic.password)) return undefined;
  return { kind: 'guest', credential: basic.password };
}

/** The token is fetched again only once it is 3,000,000 ms old (or when there is none). */
export function tokenNeedsRefetch(fetchedAtMs: number | undefined, nowMs: number): boolean {
  return fetchedAtMs === undefined || nowMs - fetchedAtMs >= TOKEN_REFETCH_MS;
}

/** What the sign-in rules need to know of a Firebase user. */
export interface AuthUserFacts {
  isAnonymous: boolean;
  emailVerified: boolean;
  /** Provider ids of the user's linked sign-in methods ("password", "google.com", "phone"...). */
  providerIds: string[];
}

/**
 * An account whose only sign-in method is a password and whose email is not verified is not
 * treated as signed in (it waits on the verification screen). Anonymous users are not accounts.
 */
export function isVerifiedAccount(user: AuthUserFacts): boolean {
  if (user.isAnonymous) return false;
  const passwordOnly = user.providerIds.length === 1 && user.providerIds[0] === 'password';
  return !(passwordOnly && !user.emailVerified);
}

export type SignInKind = 'sign-up' | 'sign-in' | 'restored';

/**
 * For tracking: a sign-in within 60 s of now is a sign-up when the first sign-in time equals
 * the creation time, else a sign-in; an older one is a session restored from an earlier visit.
 */
export function classifySignIn(creationTimeMs: number, lastSignInTimeMs: number, nowMs: number): SignInKind {
  if (Math.abs(nowMs - lastSignInTimeMs) > SIGN_IN_DETECTION_WINDOW_MS) return 'restored';
  return creationTimeMs === lastSignInTimeMs ? 'sign-up' : 'sign-in';
}

/**
 * The fields of a Firebase user that both sides read, as both SDKs give them (the web SDK's User
 * has nulls, the Admin SDK's UserRecord leaves fields out).
 */
export interface FirebaseUserFields {
  uid: string;
  email?: string | null;
  emailVerified: boolean;
  phoneNumber?: string | null;
  displayName?: string | null;
  photoURL?: string | null;
  providerData: readonly { providerId: string }[];
}

/** Who a Firebase account is, in Hearken's terms: the one mapping the client and the server share. */
export interface AccountIdentity {
  uid: string;
  email?: string;
  emailVerified: boolean;
  phoneNumber?: string;
  displayName?: string;
  photoUrl?: string;
  /** Linked sign-in methods ("password", "google.com", "phone", ...). */
  providerIds: string[];
}

export function accountIdentityOf(user: FirebaseUserFields): AccountIdentity {
  return {
    uid: user.uid,
    ...(user.email ? { email: user.email } : {}),
    emailVerified: user.emailVerified,
    ...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
    ...(user.displayName ? { displayName: user.displayName } : {}),
    ...(user.photoURL ? { photoUrl: user.photoURL } : {}),
    providerIds: user.providerData.map((p) => p.providerId),
  };
}
