/**
 * Invite by user query (conversation.md section 7: `user-query`, `user-query-response`,
 * `connection-request`): the host looks someone up by the start of their name or their exact
 * email, then asks them to join. The rules both sides share live here, apart from I/O.
 *
 * Who can be found: an account whose owner allowed it (the `findable` setting, off unless they
 * turn it on). What the asker sees of them: their names and avatar, never an email (the asker
 * already has the one they typed, and no other is sent), never a guest.
 */
import { isValidEmail } from './account-validation';
import { DISPLAY_NAME_MAX_LENGTH } from './constants';
import type { JoinError } from './errors';

/** A name start shorter than this finds too many people (the spec's search minimum, 3). */
export const USER_QUERY_MIN_NAME_START = 3;
/** What an email address may be (RFC 5321's path limit). */
export const USER_QUERY_EMAIL_MAX_LENGTH = 254;
/** People a query answers with at most: enough to pick from, too few to list everyone. */
export const USER_QUERY_MAX_RESULTS = 5;
/** An invitation nobody answered is withdrawn after this (the inviter is told "timeout"). */
export const INVITATION_TIMEOUT_MS = 60_000;
/** Invitations one person may have waiting at once. */
export const INVITATIONS_PENDING_MAX = 5;

/** A query, once checked: exactly one of its two forms. */
export type UserQuery = { avaNameStartsWith: string } | { emailEqualTo: string };

/** One person a query found: what anyone who may query may see of them. */
export interface UserQueryResult {
  avaId: string;
  avaName: string;
  userName: string;
  /** Their avatar's URL, when they have one. */
  userPhoto?: string;
}

/** What a stored account offers the query (the directory reads these). */
export interface QueryCandidate {
  avaId: string;
  avaName: string;
  userName: string;
  userPhoto?: string | undefined;
  emails: Readonly<Record<string, string>>;
  /** The owner allowed being found (settings.findable). */
  findable: boolean;
}

/** Names compare without case or surrounding spaces. */
export function normalizeNameStart(text: string): string {
  return text.trim().toLowerCase();
}

export function normalizeEmail(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * Checks a `user-query` message's fields: the query, or what is wrong with it in words the
 * asker can act on.
 */
export function checkUserQuery(fields: {
  avaNameStartsWith?: string | undefined;
  emailEqualTo?: string | undefined;
}): { ok: true; query: UserQuery } | { ok: false; error: string } {
  const { avaNameStartsWith: name, emailEqualTo: email } = fields;
  if ((name === undefined) === (email === undefined)) {
    return { ok: false, error: 'give either avaNameStartsWith or emailEqualTo, not both and not neither' };
  }
  if (name !== undefined) {
    const start = normalizeNameStart(name);
    if (start.length < USER_QUERY_MIN_NAME_START || start.length > DISPLAY_NAME_MAX_LENGTH) {
      return {
        ok: false,
        error: `avaNameStartsWith: type ${USER_QUERY_MIN_NAME_START} to ${DISPLAY_NAME_MAX_LENGTH} characters`,
      };
    }
    return { ok: true, query: { avaNameStartsWith: start } };
  }
  const address = normalizeEmail(email ?? '');
  if (address.length > USER_QUERY_EMAIL_MAX_LENGTH || !isValidEmail(address)) {
    return { ok: false, error: 'emailEqualTo: this is not an email address' };
  }
  return { ok: true, query: { emailEqualTo: address } };
}

/** Whether `candidate` answers `query` for `askerAvaId` (never oneself, never someone hidden). */
export function matchesUserQuery(candidate: QueryCandidate, query: UserQuery, askerAvaId: string): boolean {
  if (!candidate.findable || candidate.avaId === askerAvaId) return false;
  if ('avaNameStartsWith' in query) {
    return normalizeNameStart(candidate.avaName).startsWith(query.avaNameStartsWith);
  }
  return Object.values(candidate.emails).some((e) => normalizeEmail(e) === query.emailEqualTo);
}

/** What the asker is sent of a candidate: names and avatar, nothing else. */
export function visibleUserOf(candidate: QueryCandidate): UserQueryResult {
  return {
    avaId: candidate.avaId,
    avaName: candidate.avaName,
    userName: candidate.userName,
    ...(candidate.userPhoto ? { userPhoto: candidate.userPhoto } : {}),
  };
}

/** The answer to one query: matches only, in name order, at most USER_QUERY_MAX_RESULTS. */
export function answerUserQuery(
  candidates: readonly QueryCandidate[],
  query: UserQuery,
  askerAvaId: string,
): UserQueryResult[] {
  return candidates
    .filter((c) => matchesUserQuery(c, query, askerAvaId))
    .sort((a, b) => a.avaName.localeCompare(b.avaName) || a.avaId.localeCompare(b.avaId))
    .slice(0, USER_QUERY_MAX_RESULTS)
    .map(visibleUserOf);
}

/**
 * Why a `connection-request` cannot be passed on, as a key of the spec's join errors
 * (shared/errors.ts JOIN_ERRORS), or undefined when the invitee is asked.
 */
export function invitationRefusal(facts: {
  inviterAvaId: string;
  toAvaId: string;
  /** The account `to` names, if it exists and may be found. */
  invitee: Pick<QueryCandidate, 'avaId' | 'findable'> | undefined;
  /** The invitee has an open conversation on this server, where they can be told. */
  reachable: boolean;
  /** Invitations the inviter already has waiting. */
  pending: number;
}): JoinError | undefined {
  if (facts.toAvaId === facts.inviterAvaId) return 'self';
  if (!facts.invitee || !facts.invitee.findable) return 'unknownUser';
  if (facts.pending >= INVITATIONS_PENDING_MAX) return 'accessDenied';
  if (!facts.reachable) return 'timeout';
  return undefined;
}
