/**
 * A Scribe's dashboard assembled from open requests: waiting ones (never in a room the Scribe
 * hosts), the ones they serve with their chat, others' left out, and a request whose room has
 * ended moved on and not listed.
 */
import { describe, expect, it } from 'vitest';
import type { ScribeChatMessage } from '../../../../src/shared/scribe/api';
import type { ScribeRequestRecord } from '../../../../src/server/scribes/repository';
import type { OpenRequest } from '../../../../src/server/scribes/open-requests';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import { scribeDashboard } from '../../../../src/server/scribes/dashboard';

const request = (over: Partial<ScribeRequestRecord>): OpenRequest => ({
  record: {
    id: 'r1',
    roomId: 'room1',
    requesterAvaId: 'host1',
    requesterName: 'Hana',
    correctionMode: 'fast',
    state: 'pending',
    createdAtMs: 1,
    scribeSeconds: 0,
    ...over,
  },
  unsavedSeconds: 0,
});

const ROOMS: Record<string, { hostAvaId: string; state: string; title: string }> = {
  room1: { hostAvaId: 'host1', state: 'ongoing', title: 'Lecture' },
  room2: { hostAvaId: 's1', state: 'ongoing', title: 'Mine' },
  room3: { hostAvaId: 'host3', state: 'ongoing', title: 'Served' },
  room4: { hostAvaId: 'host4', state: 'ended', title: 'Over' },
  room6: { hostAvaId: 'host6', state: 'ongoing', title: 'Someone else’s' },
};

describe('scribeDashboard', () => {
  it('lists waiting requests and the served ones with their chat; ends those whose room is over', async () => {
    const chat: ScribeChatMessage[] = [
      { requestId: 'r3', fromAvaId: 'host3', fromRole: 'requester', text: 'hi', atMs: 5 },
    ];
    const ended: string[] = [];
    const dashboard = await scribeDashboard(
      [
        request({ id: 'r1', roomId: 'room1' }),
        request({ id: 'r2', roomId: 'room2' }),
        request({ id: 'r3', roomId: 'room3', state: 'connected', scribeAvaId: 's1' }),
        request({ id: 'r4', roomId: 'room4' }),
        request({ id: 'r5', roomId: 'gone' }),
        request({ id: 'r6', roomId: 'room6', state: 'connected', scribeAvaId: 's2' }),
      ],
      's1',
      {
        rooms: {
          find: async (roomId) =>
            ROOMS[roomId] ? ({ id: roomId, ...ROOMS[roomId] } as RoomRecord) : undefined,
        },
        chatOf: async (requestId) => chat.filter((m) => m.requestId === requestId),
        roomEnded: async (r) => void ended.push(r.record.id),
        view: (r, messages, roomTitle) => ({ id: r.record.id, roomTitle, chat: messages }) as never,
        now: () => 99,
      },
    );
    expect(dashboard).toEqual({
      nowMs: 99,
      waiting: [{ id: 'r1', roomTitle: 'Lecture', chat: [] }],
      serving: [{ id: 'r3', roomTitle: 'Served', chat }],
    });
    expect(ended).toEqual(['r4', 'r5']);
  });
});
