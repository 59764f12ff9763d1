/**
 * What the cluster's hooks reach through services that start after them: a provider's relayed
 * socket goes to phone calls or meeting bots by its kind (refused before they started); a call's
 * and a Scribe request's room; a room this node takes brings its call and bot; a room it does
 * not hold the lease of is not its own.
 */
import { describe, expect, it } from 'vitest';
import type { LiveRoom } from '../../../../src/server/rooms/room';
import {
  type LateServices,
  ownerWorkOf,
  registryInCluster,
  roomLookupsOf,
} from '../../../../src/server/cluster/late-services';
import type { ClusterNode } from '../../../../src/server/cluster/node';
import type { ConnectionSocket } from '../../../../src/server/socket/transport';

function started() {
  const seen: string[] = [];
  const late = {
    phoneCalls: {
      relayedMedia: (_socket: unknown, handshake: { url: string }) => {
        seen.push(`phone ${handshake.url}`);
        return true;
      },
      calls: {
        roomOf: (sid: string) => (sid === 'CA1' ? 'room1' : undefined),
        adopt: async (room: LiveRoom) => void seen.push(`call adopts ${room.id}`),
      },
    },
    meetingBots: {
      relayedAudio: (_socket: unknown, handshake: { url: string }) => {
        seen.push(`bot ${handshake.url}`);
        return true;
      },
      bots: { adopt: async (room: LiveRoom) => void seen.push(`bot adopts ${room.id}`) },
    },
    scribes: {
      roomOfRequest: async (id: string) => (id === 'req1' ? 'room2' : undefined),
      roomOfChat: async (scribe: string, requester: string) => `${scribe}-${requester}`,
    },
  } as unknown as LateServices;
  return { late, seen };
}

const socket = {} as ConnectionSocket;

describe('ownerWorkOf', () => {
  it('hands a relayed socket to phone calls or meeting bots by its kind', () => {
    const { late, seen } = started();
    const work = ownerWorkOf(late);
    expect(work.providerSocket('phone-media', socket, { url: '/phone' })).toBe(true);
    expect(work.providerSocket('meeting-audio', socket, { url: '/bot' })).toBe(true);
    expect(seen).toEqual(['phone /phone', 'bot /bot']);
    expect(work.callRoom('CA1')).toBe('room1');
  });

  it('refuses relayed sockets and knows no call before the services started', () => {
    const work = ownerWorkOf({});
    expect(work.providerSocket('phone-media', socket, { url: '/phone' })).toBe(false);
    expect(work.providerSocket('meeting-audio', socket, { url: '/bot' })).toBe(false);
    expect(work.callRoom('CA1')).toBeUndefined();
  });
});

describe('roomLookupsOf', () => {
  it("finds a Scribe request's room and a chat's room at the desk, none before it started", async () => {
    const lookups = roomLookupsOf(started().late);
    expect(await lookups.scribeRequestRoom('req1')).toBe('room2');
    expect(await lookups.scribeChatRoom('sam', 'ada')).toBe('sam-ada');
    expect(await roomLookupsOf({}).scribeRequestRoom('req1')).toBeUndefined();
  });
});

describe('registryInCluster', () => {
  it('owns a room while it holds its lease, and brings its call and bot when it takes it', () => {
    const { late, seen } = started();
    const cluster = { leases: { tokenOf: (id: string) => (id === 'mine' ? 'token' : undefined) } };
    const options = registryInCluster(cluster as unknown as Pick<ClusterNode, 'leases'>, late);
    expect(options.owns?.('mine')).toBe(true);
    expect(options.owns?.('theirs')).toBe(false);
    options.taken?.({ id: 'room9' } as LiveRoom);
    expect(seen).toEqual(['call adopts room9', 'bot adopts room9']);
  });
});
