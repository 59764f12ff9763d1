/**
 * RoomRegistry.find, the read of a room nobody is in here: in one process it keeps the copy it
 * loaded (a reconnect finds it warm); in cluster mode a room this node does not own is read
 * again from what is stored each time, since its owner may have written it since (and given it
 * up again: the copy would answer with the old captions and state).
 */
import { describe, expect, it } from 'vitest';
import { roomRecord } from '../../../helpers/room-record';
import { RoomRegistry } from '../../../../src/server/rooms/registry';
import type { RoomRecord, RoomRepository } from '../../../../src/server/rooms/repository';
import type { RoomTranscripts, TranscriptRepository } from '../../../../src/server/transcripts/repository';
import type { Transcript } from '../../../../src/shared/entities';
import { spoken } from '../../../helpers/transcript-fixture';

/** The stored room, which "another node" changes between reads. */
function setUp(owns?: (roomId: string) => boolean) {
  const stored: { record: RoomRecord; finals: Transcript[] } = { record: roomRecord(), finals: [] };
  let loads = 0;
  const rooms = { find: async () => structuredClone(stored.record) } as unknown as RoomRepository;
  const transcripts = {
    load: async (): Promise<RoomTranscripts> => {
      loads += 1;
      return {
        finals: stored.finals.map((transcript, seq) => ({ transcript: structuredClone(transcript), seq })),
        nextIndex: stored.finals.length,
        seq: stored.finals.length,
      };
    },
    saveFinal: async () => undefined,
    reserveIndexes: async (_id: string, upTo: number) => upTo,
    saveSpeaker: async () => undefined,
  } as unknown as TranscriptRepository;
  const registry = new RoomRegistry({
    rooms,
    transcripts,
    services: {
      updateRoom: async () => undefined,
      openSpeech: () => ({ ok: true }),
      now: () => 0,
      log: () => undefined,
    },
    publicUrl: () => 'http://127.0.0.1',
    ...(owns ? { owns } : {}),
  });
  /** What another node does while it owns the room: a final, then the conversation's end. */
  const elsewhere = () => {
    stored.finals.push(spoken('host1', 'Ada', 0, 'said on the owner'));
    stored.record = { ...stored.record, state: 'ended', endedAtMs: 5000 };
  };
  return { registry, elsewhere, loads: () => loads };
}

describe('RoomRegistry.find', () => {
  it('in cluster mode, a room this node does not own is read from what is stored, not a kept copy', async () => {
    const { registry, elsewhere, loads } = setUp(() => false);
    const first = await registry.find('host1_room');
    expect(first?.state).toBe('ongoing');
    elsewhere();
    const second = await registry.find('host1_room');
    expect(second?.state).toBe('ended');
    expect(second?.transcripts().map((t) => t.texts['en-US'])).toEqual(['said on the owner']);
    expect(loads()).toBe(2);
    await registry.shutdown();
  });

  it('a room this node owns (or any room, in one process) keeps its copy', async () => {
    for (const owns of [() => true, undefined]) {
      const { registry, elsewhere, loads } = setUp(owns);
      const first = await registry.find('host1_room');
      elsewhere();
      expect(await registry.find('host1_room')).toBe(first);
      expect(loads()).toBe(1);
      await registry.shutdown();
    }
  });
});
