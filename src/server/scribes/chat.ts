/**
 * The chat between a Scribe and the person who asked (docs/scribes.md, "Dashboard"): written from
 * the dashboard (beginChat) or in the conversation's Scribe panel (`scribe-chat`), stored with
 * its request, delivered to the connections of both in the room, and given again to either when
 * they (re)join. The desk (desk.ts) finds the request and decides who may write.
 */
import type { ScribeChatMessage } from '../../shared/scribe/api';
import type { RoomRegistry, RoomMember } from '../rooms';
import type { ScribeRequestRecord, ScribeRequestRepository } from './repository';

type ChatRecord = Pick<ScribeRequestRecord, 'id' | 'requesterAvaId' | 'scribeAvaId'>;

/**
 * Who `member` writes as in the room's chat: the serving Scribe as `scribe`, the person who
 * asked or the room's host as `requester`; undefined: neither may write.
 */
export function inRoomChatRole(
  member: Pick<RoomMember, 'avaId' | 'role'>,
  record: ChatRecord,
  roomHostAvaId: string,
): 'scribe' | 'requester' | undefined {
  if (member.role === 'scribe' && member.avaId === record.scribeAvaId) return 'scribe';
  if (member.avaId !== record.requesterAvaId && member.avaId !== roomHostAvaId) return undefined;
  return 'requester';
}

export interface ScribeChatDeps {
  requests: Pick<ScribeRequestRepository, 'addChat' | 'chat'>;
  registry: Pick<RoomRegistry, 'liveRoom'>;
  now(): number;
}

export class ScribeChat {
  constructor(private readonly deps: ScribeChatDeps) {}

  /** Stores a message of the request's chat, then gives it to both ends' connections in the room. */
  async send(
    record: ChatRecord & Pick<ScribeRequestRecord, 'roomId'>,
    from: { avaId: string; role: 'scribe' | 'requester' },
    text: string,
  ): Promise<void> {
    const message: ScribeChatMessage = {
      requestId: record.id,
      fromAvaId: from.avaId,
      fromRole: from.role,
      text,
      atMs: this.deps.now(),
    };
    await this.deps.requests.addChat(message);
    const room = this.deps.registry.liveRoom(record.roomId);
    const to = new Set([record.requesterAvaId, record.scribeAvaId]);
    for (const avaId of to) {
      if (!avaId) continue;
      for (const member of room?.membersOf(avaId) ?? []) member.send({ type: 'scribe-chat', message });
    }
  }

  /** The chat so far, to a connection of the person who asked or of the Scribe (others get none). */
  async history(record: ChatRecord, member: RoomMember): Promise<void> {
    if (member.avaId !== record.scribeAvaId && member.avaId !== record.requesterAvaId) return;
    for (const message of await this.deps.requests.chat(record.id))
      member.send({ type: 'scribe-chat', message });
  }

  /** The chat of a request, as stored. */
  of(requestId: string): Promise<ScribeChatMessage[]> {
    return this.deps.requests.chat(requestId);
  }
}
