/**
 * Who may, on the socket: every message of a member is checked here against the access table
 * (auth/access.ts, socketActionsOf) before its handler runs, and audio against the rows of
 * frames and WebRTC. The one place the socket decides; handlers never ask again.
 */
import type { ClientMessage, SocketErrorCode } from '../../shared/protocol';
import { EDITING_DISABLED_MESSAGE } from '../../shared/transcript-edit/mutation';
import {
  type Actor,
  SOCKET_ACCESS,
  type SocketAction,
  allows,
  roomActor,
  socketActionsOf,
  type Principal,
} from '../auth';
import type { LiveRoom, RoomMember } from '../rooms';

type RoomView = Pick<LiveRoom, 'hostAvaId' | 'state' | 'editingRestricted' | 'lineSourceOf'>;

/** What the member is in the room now (the room may have ended since they came in). */
export function actorOf(
  principal: Principal | undefined,
  room: RoomView | undefined,
  member: Pick<RoomMember, 'readonly' | 'role'> | undefined,
): Actor {
  if (!room || !member || !principal || principal.kind === 'outsider') return 'outsider';
  const actor = roomActor(
    principal,
    { hostAvaId: room.hostAvaId, ended: room.state !== 'ongoing' },
    { readonly: member.readonly, role: member.role },
  );
  return actor === 'stranger' ? 'outsider' : actor;
}

/** For a row with `own` cells: whether the message concerns the member's own record. */
export function ownsTarget(
  message: ClientMessage,
  room: RoomView | undefined,
  member: Pick<RoomMember, 'avaId'> | undefined,
): boolean {
  // A line is its maker's: whose microphone or keyboard produced it.
  if (message.type === 'assign-bloc-different-speaker')
    return member !== undefined && room?.lineSourceOf(message.blocId) === member.avaId;
  // A speaker's recognition language is their own to change.
  if (message.type === 'change-speaker-language')
    return member !== undefined && message.targetAvaId === member.avaId;
  if (message.type === 'transcript-edit' && message.mutation.type === 'changeSpeaker')
    return member !== undefined && room?.lineSourceOf(message.transcriptId) === member.avaId;
  return false;
}

/** The first action of `message` the member may not take, if any. */
export function forbiddenAction(
  message: ClientMessage,
  actor: Actor,
  room: RoomView | undefined,
  member: Pick<RoomMember, 'avaId'> | undefined,
): SocketAction | undefined {
  const own = ownsTarget(message, room, member);
  const context = { editingRestricted: room?.editingRestricted ?? false };
  return socketActionsOf(message, context).find((action) => !allows(SOCKET_ACCESS[action], actor, own));
}

/** What a member refused `forbidden` is told. */
export function refusalOf(forbidden: SocketAction, actor: Actor): { code: SocketErrorCode; text: string } {
  if (actor === 'ended-member') return { code: 'room-ended', text: 'the conversation has ended' };
  if (forbidden === 'transcript-edit.restricted')
    return { code: 'forbidden', text: EDITING_DISABLED_MESSAGE };
  if (SOCKET_ACCESS[forbidden].cells[actor] === 'own')
    return { code: 'forbidden', text: `${forbidden}: a ${actor} may do this only to their own` };
  return { code: 'forbidden', text: `${forbidden}: not allowed for a ${actor} of this conversation` };
}
