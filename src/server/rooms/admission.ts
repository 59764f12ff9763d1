/**
 * Who may come into a room, and with what access (conversation.md: sharing rules). Pure, so
 * every case is tested without a socket:
 * - the host always comes in, read-write;
 * - membership is gained only by joining an ongoing room with one of its link tokens (a name
 *   look-up answers one): the read-only token makes a read-only member, and that binding stays;
 * - a member comes back without a token, with the access they had; a read-write token later
 *   presented upgrades them (someone with write access shared it), nothing downgrades them;
 * - an ended room lets only its members back in, to read; it cannot be joined;
 * - Scribes are members by assignment only (docs/scribes.md): the role scribe is the desk's
 *   word (`scribe`: a request they accepted is being served), never the client's; while the
 *   room goes on, a Scribe's membership lasts as long as that assignment (then they need a link
 *   like anyone else); someone a host sent away does not come back, under any role or with any
 *   link, not even to read the ended room.
 */
import type { SocketErrorCode } from '../../shared/protocol';
import { SCRIBE_ERRORS, type ScribeStanding } from '../../shared/scribe/model';
import type { MemberRecord } from './repository';

export interface AdmissionFacts {
  isHost: boolean;
  ended: boolean;
  membership: MemberRecord | undefined;
  /** The link token presented: which of the room's it is, or 'other' for none of them. */
  token: 'ro' | 'rw' | 'other' | undefined;
  /** The role the client asked for: only the host's own is taken as said. */
  claimedRole: MemberRecord['role'];
  /** What the person is to the room's Scribe desk, as stored (scribes/desk.ts standingOf). */
  scribe: ScribeStanding;
}

export type Admission =
  { ok: true; member: MemberRecord } | { ok: false; code: SocketErrorCode; message: string };

export function admit(facts: AdmissionFacts): Admission {
  const { isHost, ended, token, claimedRole, scribe } = facts;
  if (token === 'other') {
    return { ok: false, code: 'forbidden', message: 'this link is not a link to this conversation' };
  }
  // The host is the host whatever role they ask for (a Scribe's practice room is theirs).
  if (isHost) return { ok: true, member: { readonly: false, role: claimedRole } };
  if (scribe === 'removed') return { ok: false, code: 'forbidden', message: SCRIBE_ERRORS['not-serving'] };
  if (ended) {
    // Those who were in it read it back, a Scribe whose session is over included.
    return facts.membership
      ? { ok: true, member: { readonly: true, role: facts.membership.role } }
      : {
          ok: false,
          code: 'room-ended',
          message: 'this conversation has ended: only the people who were in it can open it',
        };
  }
  if (scribe === 'serving') return { ok: true, member: { readonly: false, role: 'scribe' } };
  if (claimedRole === 'scribe') {
    return { ok: false, code: 'forbidden', message: SCRIBE_ERRORS['not-serving'] };
  }
  // A Scribe's membership was their assignment's: once it is over, they are no member by it.
  const membership = facts.membership?.role === 'scribe' ? undefined : facts.membership;
  if (!membership) {
    if (token === undefined) {
      return {
        ok: false,
        code: 'forbidden',
        message: 'join with the room name or a link from the host',
      };
    }
    return { ok: true, member: { readonly: token === 'ro', role: 'participant' } };
  }
  return { ok: true, member: { readonly: membership.readonly && token !== 'rw', role: 'participant' } };
}

/** Which of a room's tokens `token` is. */
export function tokenKind(
  token: string | undefined,
  room: { roToken: string; rwToken: string },
): AdmissionFacts['token'] {
  if (token === undefined) return undefined;
  if (token === room.rwToken) return 'rw';
  if (token === room.roToken) return 'ro';
  return 'other';
}
