/**
 * Invitations waiting for an answer, on this server (docs/socket.md, Invite by user query): the
 * host's `connection-request` is passed to the invitee's open conversations as a
 * `connection-invitation`; their answer, or the timeout, settles it and both sides are told.
 */
import { INVITATION_TIMEOUT_MS } from '../../shared/user-query';
import type { JoinError } from '../../shared/errors';
import type { ServerMessage } from '../../shared/protocol';
import { randomId } from '../../shared/ids';
import type { Timers } from '../rooms';

type Sender = { send(message: ServerMessage): void };

export interface Invitation {
  /** The server's id, the one the invitee answers. */
  id: string;
  /** The inviter's own id for it (connection-request's). */
  requestId: string;
  roomId: string;
  inviterAvaId: string;
  toAvaId: string;
}

/** An invitation answered: what it was, and the way back to its inviter and invitee. */
export interface Taken extends Invitation {
  inviter: Sender;
  invitees: Sender[];
}

interface Pending extends Taken {
  timer: unknown;
}

export class InvitationDesk {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>,
    private readonly timeoutMs = INVITATION_TIMEOUT_MS,
  ) {}

  /** Invitations `avaId` has waiting. */
  pendingFrom(avaId: string): number {
    let count = 0;
    for (const p of this.pending.values()) if (p.inviterAvaId === avaId) count += 1;
    return count;
  }

  /** Tells each of the invitee's sockets, and the inviter that they were asked. */
  open(
    invitation: Omit<Invitation, 'id'>,
    inviter: Sender,
    invitees: Sender[],
    from: { userName: string; roomTitle: string },
  ): Invitation {
    const id = randomId(16);
    const timer = this.timers.setTimeout(() => this.settle(id, 'timeout'), this.timeoutMs);
    const pending: Pending = { ...invitation, id, inviter, invitees, timer };
    this.pending.set(id, pending);
    for (const invitee of invitees) {
      invitee.send({
        type: 'connection-invitation',
        id,
        roomId: invitation.roomId,
        role: 'participant',
        from: { avaId: invitation.inviterAvaId, ...from },
      });
    }
    inviter.send(responseOf(pending, 'requested'));
    return { ...invitation, id };
  }

  /**
   * The invitation `id` addressed to `avaId`, if it is still waiting: taken off the desk (no
   * second answer, no timeout). `tell` then says how it ended.
   */
  take(id: string, avaId: string): Taken | undefined {
    const pending = this.pending.get(id);
    if (!pending || pending.toAvaId !== avaId) return undefined;
    this.pending.delete(id);
    this.timers.clearTimeout(pending.timer);
    const { timer: _timer, ...taken } = pending;
    return taken;
  }

  /**
   * How a taken invitation ended, to its inviter; the invitee's sockets hear it is closed (after
   * an acceptance, once they are a member: their client may join at once).
   */
  tell(taken: Taken, outcome: 'accepted' | JoinError): void {
    taken.inviter.send(
      outcome === 'accepted' ? responseOf(taken, 'accepted') : responseOf(taken, 'refused', outcome),
    );
    closeFor(taken);
  }

  /** Settles a waiting invitation nobody answered in time. */
  private settle(id: string, error: JoinError): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    this.tell(pending, error);
  }

  /** Withdraws every waiting invitation (the server is stopping). */
  clear(): void {
    for (const pending of [...this.pending.values()]) {
      this.pending.delete(pending.id);
      this.timers.clearTimeout(pending.timer);
      closeFor(pending);
    }
  }
}

function closeFor(invitation: Pick<Taken, 'id' | 'invitees'>): void {
  for (const invitee of invitation.invitees)
    invitee.send({ type: 'connection-invitation-closed', id: invitation.id });
}

function responseOf(
  invitation: Invitation,
  status: 'requested' | 'accepted' | 'refused',
  error?: JoinError,
): ServerMessage {
  return {
    type: 'connection-response',
    id: invitation.requestId,
    to: invitation.toAvaId,
    status,
    ...(error ? { error } : {}),
  };
}
