/**
 * The server's sweep of abandoned rooms: rooms live here or leased by any node are spared, and
 * each room it ends is counted as an ended conversation.
 */
import { describe, expect, it } from 'vitest';
import { endAbandonedRooms } from '../../../../src/server/rooms/abandoned';

function store(endable: string[]) {
  const asked: { beforeMs: number; nowMs: number; spared: string[] }[] = [];
  return {
    asked,
    rooms: {
      endAbandoned: async (beforeMs: number, nowMs: number, spared: string[]) => {
        asked.push({ beforeMs, nowMs, spared });
        return endable.filter((id) => !spared.includes(id));
      },
    },
  };
}

describe('endAbandonedRooms', () => {
  it("spares this server's live rooms and counts the ones it ends", async () => {
    const { rooms, asked } = store(['a', 'b', 'c']);
    const counted: string[] = [];
    const ender = endAbandonedRooms({ rooms, countEnded: (id) => counted.push(id) });
    expect(await ender.endAbandoned(100, 200, ['b'])).toEqual(['a', 'c']);
    expect(asked).toEqual([{ beforeMs: 100, nowMs: 200, spared: ['b'] }]);
    expect(counted).toEqual(['a', 'c']);
  });

  it('in a cluster, also spares the rooms any node holds a lease on', async () => {
    const { rooms, asked } = store(['a', 'b', 'c']);
    const counted: string[] = [];
    const ender = endAbandonedRooms({
      rooms,
      cluster: { leasedRooms: async () => ['c'] },
      countEnded: (id) => counted.push(id),
    });
    expect(await ender.endAbandoned(100, 200, ['b'])).toEqual(['a']);
    expect(asked[0]?.spared).toEqual(['b', 'c']);
    expect(counted).toEqual(['a']);
  });
});
