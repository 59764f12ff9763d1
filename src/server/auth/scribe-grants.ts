/**
 * How an account gets the scribe flag (accounts.md: user flags; organisations give it, and no
 * route lets a person give it to themselves). Two ways, both for the server's operators:
 * - HEARKEN_SCRIBE_EMAILS: a comma-separated list of email addresses; an account whose profile
 *   has one of them is a Scribe for as long as the list says so (nothing stored);
 * - `npm run scribe -- grant|revoke <email>` (scripts/scribe-flag.ts): stores the flag on the
 *   profile in the database.
 */
import type { UserProfile } from '../../shared/user';

/** The list as configured: trimmed, lowercased, empty entries dropped. */
export function parseScribeEmails(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e.length > 0);
}

/** The profile with the scribe flag when one of its emails is listed; unchanged otherwise. */
export function withScribeGrant<P extends Pick<UserProfile, 'emails' | 'features'>>(
  profile: P,
  emails: ReadonlySet<string>,
): P {
  if (emails.size === 0 || profile.features.scribe === true) return profile;
  const listed = Object.values(profile.emails ?? {}).some(
    (email) => typeof email === 'string' && emails.has(email.trim().toLowerCase()),
  );
  return listed ? { ...profile, features: { ...profile.features, scribe: true } } : profile;
}

/**
 * Wraps the user repository so every profile read (sign-in, GET users/me, the socket's
 * principal) carries the flag the list grants: one place, so all readers agree.
 */
export function grantScribesByEmail<
  R extends {
    find(avaId: string): Promise<UserProfile | undefined>;
    findByUid(uid: string): Promise<UserProfile | undefined>;
    create(profile: UserProfile, nowMs: number): Promise<UserProfile>;
    update(...args: never[]): Promise<UserProfile | undefined>;
  },
>(users: R, emails: readonly string[]): R {
  if (emails.length === 0) return users;
  const listed = new Set(emails);
  const grant = (p: UserProfile | undefined) => (p ? withScribeGrant(p, listed) : p);
  return new Proxy(users, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (key === 'find' || key === 'findByUid' || key === 'create' || key === 'update') {
        return async (...args: unknown[]) =>
          grant(await (value as (...a: unknown[]) => Promise<UserProfile | undefined>).apply(target, args));
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
