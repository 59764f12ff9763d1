/**
 * The Scribe chat on its own: who may write in the room and as whom, a message stored then given
 * to both ends' connections (nobody else's), and the chat so far given to either on (re)joining.
 */
import { describe, expect, it } from 'vitest';
import type { ScribeChatMessage } from '../../../../src/shared/scribe/api';
import type { ServerMessage } from '../../../../src/shared/protocol';
import type { LiveRoom, RoomMember } from '../../../../src/server/rooms/room';
import { ScribeChat, inRoomChatRole } from '../../../../src/server/scribes/chat';

const RECORD = { id: 'r1', roomId: 'room1', requesterAvaId: 'host1', scribeAvaId: 's1' };

function member(avaId: string, role: RoomMember['role'], inbox: unknown[] = []): RoomMember {
  return {
    avaId,
    userName: avaId,
    role,
    readonly: false,
    usePaidASR: false,
    send: (m: ServerMessage) => void inbox.push(m),
  };
}

describe('inRoomChatRole', () => {
  it('lets the serving Scribe write as the Scribe, and the person who asked or the host as requester', () => {
    expect(inRoomChatRole(member('s1', 'scribe'), RECORD, 'host1')).toBe('scribe');
    expect(inRoomChatRole(member('host1', 'participant'), RECORD, 'host1')).toBe('requester');
    expect(
      inRoomChatRole(member('asker', 'participant'), { ...RECORD, requesterAvaId: 'asker' }, 'host1'),
    ).toBe('requester');
    expect(inRoomChatRole(member('host2', 'participant'), RECORD, 'host2')).toBe('requester');
  });

  it('refuses anyone else, a Scribe connected as a participant or another Scribe included', () => {
    expect(inRoomChatRole(member('guest', 'participant'), RECORD, 'host1')).toBeUndefined();
    expect(inRoomChatRole(member('s2', 'scribe'), RECORD, 'host1')).toBeUndefined();
    expect(inRoomChatRole(member('s1', 'participant'), RECORD, 'host1')).toBeUndefined();
  });
});

function setup() {
  const stored: ScribeChatMessage[] = [];
  const inboxes: Record<string, unknown[]> = { host1: [], s1: [], guest: [] };
  const members = [
    member('host1', 'participant', inboxes.host1),
    member('s1', 'scribe', inboxes.s1),
    member('guest', 'participant', inboxes.guest),
  ];
  const room = { membersOf: (avaId: string) => members.filter((m) => m.avaId === avaId) };
  const liveRooms = new Map([['room1', room as unknown as LiveRoom]]);
  const chat = new ScribeChat({
    requests: {
      addChat: async (m) => void stored.push(m),
      chat: async (requestId) => stored.filter((m) => m.requestId === requestId),
    },
    registry: { liveRoom: (roomId) => liveRooms.get(roomId) },
    now: () => 42,
  });
  return { chat, stored, inboxes, members, liveRooms };
}

describe('ScribeChat', () => {
  it('stores a message, then gives it to the person who asked and the Scribe only', async () => {
    const s = setup();
    await s.chat.send(RECORD, { avaId: 's1', role: 'scribe' }, 'Hello');
    const message = { requestId: 'r1', fromAvaId: 's1', fromRole: 'scribe', text: 'Hello', atMs: 42 };
    expect(s.stored).toEqual([message]);
    expect(s.inboxes.host1).toEqual([{ type: 'scribe-chat', message }]);
    expect(s.inboxes.s1).toEqual([{ type: 'scribe-chat', message }]);
    expect(s.inboxes.guest).toEqual([]);
    expect(await s.chat.of('r1')).toEqual([message]);
  });

  it('stores a message of a waiting request (no Scribe yet), or of a room not in memory', async () => {
    const s = setup();
    await s.chat.send({ ...RECORD, scribeAvaId: undefined }, { avaId: 's2', role: 'scribe' }, 'Can I help?');
    expect(s.inboxes.host1).toHaveLength(1);
    expect(s.inboxes.s1).toEqual([]);
    s.liveRooms.clear();
    await s.chat.send(RECORD, { avaId: 'host1', role: 'requester' }, 'Yes');
    expect(s.stored).toHaveLength(2);
    expect(s.inboxes.host1).toHaveLength(1);
  });

  it('gives the chat so far to a (re)joining end of the chat, and to nobody else', async () => {
    const s = setup();
    s.liveRooms.clear();
    await s.chat.send(RECORD, { avaId: 's1', role: 'scribe' }, 'one');
    await s.chat.send(RECORD, { avaId: 'host1', role: 'requester' }, 'two');
    const [host, scribe, guest] = s.members;
    await s.chat.history(RECORD, host!);
    await s.chat.history(RECORD, scribe!);
    await s.chat.history(RECORD, guest!);
    expect(s.inboxes.host1!.map((m) => (m as { message: ScribeChatMessage }).message.text)).toEqual([
      'one',
      'two',
    ]);
    expect(s.inboxes.s1).toHaveLength(2);
    expect(s.inboxes.guest).toEqual([]);
  });
});
