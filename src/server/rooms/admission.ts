/**
 * Who may come into a room, and with what access (conversation.md: sharing rules). Pure, so
 * every case is tested without a socket:
 * - the host always comes in, read-write;
 * - membership is gained only by joining an ongoing room with one of its link tokens (a name
 *   look-up answers one): the read-only token makes a read-only member, and that binding stays;
 * - a member comes back without a token, with the access they had; a read-write token later
 *   presented upgrades them (someone with write access shared it), nothing downgrades them;
 * - an ended room lets only its members back in, to read; it cannot be joined.
 */
import type { SocketErrorCode } from '../../shared/protocol';
import type { MemberRecord } from './repository';

export interface AdmissionFacts {
  isHost: boolean;
  ended: boolean;
  membership: MemberRecord | undefined;
  /** The link token presented: which of the room's it is, or 'other' for none of them. */
  token: 'ro' | 'rw' | 'other' | undefined;
  role: MemberRecord['role'];
}

export type Admission =
  { ok: true; member: MemberRecord } | { ok: false; code: SocketErrorCode; message: string };

export function admit(facts: AdmissionFacts): Admission {
  const { isHost, ended, membership, token, role } = facts;
  if (token === 'other') {
    return { ok: false, code: 'forbidden', message: 'this link is not a link to this conversation' };
  }
  if (isHost) return { ok: true, member: { readonly: false, role } };
  if (ended) {
    return membership
      ? { ok: true, member: { readonly: true, role: membership.role } }
      : {
          ok: false,
          code: 'room-ended',
          message: 'this conversation has ended: only the people who were in it can open it',
        };
  }
  if (!membership) {
    if (token === undefined) {
      return {
        ok: false,
        code: 'forbidden',
        message: 'join with the room name or a link from the host',
      };
    }
    return { ok: true, member: { readonly: token === 'ro', role } };
  }
  return { ok: true, member: { readonly: membership.readonly && token !== 'rw', role } };
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
