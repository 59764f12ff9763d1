/**
 * Invite by user query on the socket (docs/socket.md): `user-query`, `connection-request` and
 * the invitee's `connection-invitation-answer`. Who may is the access table's (auth/access.ts);
 * who can be found and what is shown, shared/user-query.ts.
 */
import {
  type QueryCandidate,
  answerUserQuery,
  checkUserQuery,
  invitationRefusal,
} from '../../shared/user-query';
import { conversationInvitation } from '../mail';
import type { JoinError } from '../../shared/errors';
import type { MemberContext, SocketHandler, SocketHandlers } from '../socket';
import type { Invitations } from './service';

const UNAVAILABLE = 'inviting people is not offered on this server';

/** Both messages count against one allowance: per identity, and per address. */
async function withinLookups(ctx: MemberContext, invitations: Invitations): Promise<boolean> {
  return (
    (await invitations.lookups.address.take(`address:${ctx.deps.address}`)) &&
    (await invitations.lookups.identity.take(`identity:${ctx.member.avaId}`))
  );
}

export const userQuery: SocketHandler<'user-query'> = async (ctx, message) => {
  const invitations = ctx.deps.invitations;
  if (!invitations) return ctx.fail('internal', UNAVAILABLE, message.type);
  const checked = checkUserQuery(message);
  if (!checked.ok) return ctx.fail('invalid-message', checked.error, message.type);
  if (!(await withinLookups(ctx, invitations))) {
    return ctx.fail('rate-limited', 'too many look-ups of people; wait a minute', message.type);
  }
  const candidates = await invitations.directory.candidates(checked.query);
  ctx.send({
    type: 'user-query-response',
    ...checked.query,
    users: answerUserQuery(candidates, checked.query, ctx.member.avaId),
  });
};

/**
 * Emails the room's read-write link to an invitee who has no conversation open here. Not when no
 * mail server is configured, the account has no email, or the room forbids sharing its links
 * (the host sees none either). The email is never shown to the host.
 */
async function mailedInvitation(
  ctx: MemberContext,
  invitations: Invitations,
  invitee: Pick<QueryCandidate, 'emails'>,
): Promise<boolean> {
  if (!invitations.mail.configured) return false;
  const to = Object.values(invitee.emails).find((email) => email.includes('@'));
  const status = ctx.room.status(undefined, ctx.member);
  const link = status.links.rw;
  if (!to || !link) return false;
  const delivery = await invitations.mail.send({
    to,
    ...conversationInvitation({ inviterName: ctx.member.userName, roomTitle: status.title, link }),
  });
  return delivery === 'mailed';
}

export const connectionRequest: SocketHandler<'connection-request'> = async (ctx, message) => {
  const invitations = ctx.deps.invitations;
  if (!invitations) return ctx.fail('internal', UNAVAILABLE, message.type);
  if (!(await withinLookups(ctx, invitations))) {
    return ctx.fail('rate-limited', 'too many invitations; wait a minute', message.type);
  }
  const { room, member } = ctx;
  const refused = (error: JoinError) =>
    ctx.send({ type: 'connection-response', id: message.id, to: message.to, status: 'refused', error });
  const invitee = message.to === member.avaId ? undefined : await invitations.directory.find(message.to);
  // Already here: nothing to ask.
  if (invitee?.findable && room.membersOf(message.to).length > 0) {
    return ctx.send({ type: 'connection-response', id: message.id, to: message.to, status: 'accepted' });
  }
  // Told wherever they have a conversation open on this server, this one aside.
  const reachable = ctx.deps.registry
    .rooms()
    .filter((r) => r !== room)
    .flatMap((r) => r.membersOf(message.to));
  const refusal = invitationRefusal({
    inviterAvaId: member.avaId,
    toAvaId: message.to,
    invitee,
    reachable: reachable.length > 0,
    pending: invitations.desk.pendingFrom(member.avaId),
  });
  // Nowhere to ask them now: the conversation's link goes to their email instead, if it can.
  if (refusal === 'timeout' && invitee && (await mailedInvitation(ctx, invitations, invitee))) {
    return ctx.send({
      type: 'connection-response',
      id: message.id,
      to: message.to,
      status: 'requested',
      mailed: true,
    });
  }
  if (refusal) return refused(refusal);
  invitations.desk.open(
    { requestId: message.id, roomId: room.id, inviterAvaId: member.avaId, toAvaId: message.to },
    member,
    reachable,
    { userName: member.userName, roomTitle: room.status().title },
  );
};

export const connectionInvitationAnswer: SocketHandler<'connection-invitation-answer'> = async (
  ctx,
  message,
) => {
  const invitations = ctx.deps.invitations;
  if (!invitations) return ctx.fail('internal', UNAVAILABLE, message.type);
  // Only an invitation addressed to oneself: another's id is as unknown as a made-up one.
  const taken = invitations.desk.take(message.id, ctx.member.avaId);
  if (!taken) {
    return ctx.fail(
      'invalid-message',
      'no invitation of yours has this id (it may have timed out)',
      message.type,
    );
  }
  if (!message.accept) return invitations.desk.tell(taken, 'rejectedByUser');
  const record = await ctx.deps.rooms.find(taken.roomId);
  if (!record || record.state !== 'ongoing') {
    invitations.desk.tell(taken, 'unknown');
    return ctx.fail('room-ended', 'this conversation has ended', message.type);
  }
  await ctx.deps.rooms.addMember(taken.roomId, ctx.member.avaId, ctx.deps.now(), {
    readonly: false,
    role: 'participant',
  });
  invitations.desk.tell(taken, 'accepted');
};

export const INVITATION_SOCKET_HANDLERS: Pick<
  SocketHandlers,
  'user-query' | 'connection-request' | 'connection-invitation-answer'
> = {
  'user-query': userQuery,
  'connection-request': connectionRequest,
  'connection-invitation-answer': connectionInvitationAnswer,
};
