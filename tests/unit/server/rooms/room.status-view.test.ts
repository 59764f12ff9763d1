/**
 * What each person sees of a room's status: links and the name are invitations, so a read-only
 * member sees only the read-only link and no name, and when the host forbids sharing nobody but
 * the host sees any; an ended room has no name.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import { roomRecord } from '../../../helpers/room-record';
import {
  LiveRoom,
  MEMBERSHIP_BROADCAST_MS,
  type RoomMember,
  type TranscriptStore,
} from '../../../../src/server/rooms/room';
import type { ServerMessage, ServerMessageOf } from '../../../../src/shared/protocol';

function room(changes: Partial<RoomRecord> = {}): LiveRoom {
  const record = roomRecord({ roToken: 'ROTOKEN', rwToken: 'RWTOKEN', ...changes });
  const store: TranscriptStore = {
    saveFinal: async () => undefined,
    reserveIndexes: async (_id, upTo) => upTo,
    saveSpeaker: async () => undefined,
  };
  const live = new LiveRoom(
    record,
    { finals: [], nextIndex: 0, seq: 0 },
    {
      updateRoom: async () => undefined,
      openSpeech: () => ({ ok: true }),
      now: () => 0,
      log: () => undefined,
    },
    store,
  );
  live.publicUrl = 'https://hearken.example';
  return live;
}

const host = { avaId: 'host1', readonly: false };
const writer = { avaId: 'w1', readonly: false };
const reader = { avaId: 'r1', readonly: true };

describe('a room status, as each person sees it', () => {
  it('gives the host and read-write members both links and the name', () => {
    for (const viewer of [host, writer]) {
      const status = room().status(undefined, viewer);
      expect(status.name).toBe('blue-cat-42');
      expect(status.links.rw).toContain('RWTOKEN');
      expect(status.links.ro).toContain('ROTOKEN');
    }
  });

  it('never shows a read-only member the read-write link or the name', () => {
    const status = room().status(undefined, reader);
    expect(JSON.stringify(status)).not.toContain('RWTOKEN');
    expect(status.name).toBeUndefined();
    expect(status.links.ro).toContain('ROTOKEN');
  });

  it('shows no invitation to anyone but the host when the host forbids sharing', () => {
    const confidential = room({ forbidSharing: true });
    for (const viewer of [writer, reader]) {
      const text = JSON.stringify(confidential.status(undefined, viewer));
      expect(text).not.toContain('RWTOKEN');
      expect(text).not.toContain('ROTOKEN');
      expect(text).not.toContain('blue-cat-42');
    }
    expect(confidential.status(undefined, host).links.rw).toContain('RWTOKEN');
    expect(confidential.status(undefined, writer).confidential).toEqual({
      allowTranscriptsSaving: true,
      forbidSharing: true,
    });
  });

  it('has no name once ended', () => {
    expect(room({ state: 'ended', name: null }).status(undefined, host).name).toBeUndefined();
  });

  it('a broadcast builds one status per kind of viewer, each still seeing only what it may', () => {
    vi.useFakeTimers();
    const live = room();
    const received = new Map<string, ServerMessage[]>();
    const member = (avaId: string, readonly: boolean): RoomMember => {
      received.set(avaId, []);
      return {
        avaId,
        userName: avaId,
        role: 'participant',
        readonly,
        usePaidASR: false,
        send: (message) => received.get(avaId)!.push(message),
      };
    };
    live.join(member('host1', false));
    for (const id of ['w1', 'w2', 'r1', 'r2']) live.join(member(id, id.startsWith('r')));
    live.join(member('w3', false));
    // Arrivals in a burst are told together once the interval is over.
    vi.advanceTimersByTime(MEMBERSHIP_BROADCAST_MS);
    vi.useRealTimers();
    const last = (avaId: string) =>
      received
        .get(avaId)!
        .filter((m) => m.type === 'room-status-update')
        .at(-1) as ServerMessageOf<'room-status-update'>;
    // The last join's update: the same object for viewers of one kind, a different one per kind.
    expect(last('w1')).toBe(last('w2'));
    expect(last('r1')).toBe(last('r2'));
    expect(last('w1')).not.toBe(last('r1'));
    expect(last('host1')).not.toBe(last('r1'));
    expect(last('w1').status.participants).toHaveLength(6);
    expect(JSON.stringify(last('r1'))).not.toContain('RWTOKEN');
    expect(last('w1').status.links.rw).toContain('RWTOKEN');
  });

  it('a burst of arrivals is told at once, then once more with everyone, not once per arrival', () => {
    vi.useFakeTimers();
    try {
      const live = room();
      const updates: ServerMessageOf<'room-status-update'>[] = [];
      const member = (avaId: string, listen = false): RoomMember => ({
        avaId,
        userName: avaId,
        role: 'participant',
        readonly: false,
        usePaidASR: false,
        send: (message) => {
          if (listen && message.type === 'room-status-update') updates.push(message);
        },
      });
      live.join(member('host1', true));
      vi.advanceTimersByTime(MEMBERSHIP_BROADCAST_MS);
      for (let i = 0; i < 50; i++) live.join(member(`reader-${i}`));
      // The first arrival at once; the other 49 wait for the interval.
      expect(updates).toHaveLength(1);
      vi.advanceTimersByTime(MEMBERSHIP_BROADCAST_MS - 1);
      expect(updates).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(updates).toHaveLength(2);
      expect(updates[1]!.status.participants).toHaveLength(51);
      // Quiet again: the next arrival is told at once.
      vi.advanceTimersByTime(MEMBERSHIP_BROADCAST_MS);
      live.join(member('late'));
      expect(updates).toHaveLength(3);
      expect(updates[2]!.status.participants).toHaveLength(52);
    } finally {
      vi.useRealTimers();
    }
  });
});
