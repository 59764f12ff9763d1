/**
 * Audio frames a client sent before it heard its recording stop (it stopped, or the host ended
 * the room) are dropped quietly: ending while recording must not show the speaker a protocol
 * error. A client that sends audio it never started is still told.
 */
import { describe, expect, it } from 'vitest';
import { roomRecord } from '../../../helpers/room-record';
import { LiveRoom, type RoomMember, type TranscriptStore } from '../../../../src/server/rooms/room';
import type { ServerMessage } from '../../../../src/shared/protocol';
import { FakeTimers } from '../../../helpers/fake-timers';

function setUp() {
  const timers = new FakeTimers();
  const record = roomRecord();
  const store: TranscriptStore = {
    saveFinal: async () => undefined,
    reserveIndexes: async (_id, upTo) => upTo,
    saveSpeaker: async () => undefined,
  };
  const room = new LiveRoom(
    record,
    { finals: [], nextIndex: 0, seq: 0 },
    {
      updateRoom: async () => undefined,
      openSpeech: () => ({ ok: true }),
      now: () => timers.now(),
      log: () => undefined,
      timers,
    },
    store,
  );
  const inbox: ServerMessage[] = [];
  const member = (avaId: string): RoomMember => ({
    avaId,
    userName: avaId,
    role: 'participant',
    readonly: false,
    usePaidASR: false,
    send: (m) => inbox.push(m),
  });
  return { room, timers, member };
}

const frame = new Int16Array(960);

describe('audio frames in flight', () => {
  it('drops frames that arrive just after a recording stopped, and tells a client that keeps sending', async () => {
    const { room, timers, member } = setUp();
    const host = member('host1');
    room.join(host);
    room.startAudio(host, 'en-US');
    await room.stopAudio(host);
    expect(() => room.audio(host, frame)).not.toThrow();
    timers.advanceTo(timers.now() + 5001);
    expect(() => room.audio(host, frame)).toThrow(/before audio frames/);
  });

  it('tells a client that sends audio it never started', () => {
    const { room, member } = setUp();
    const guest = member('g1');
    room.join(guest);
    expect(() => room.audio(guest, frame)).toThrow(/before audio frames/);
  });

  it('drops frames that arrive while the room is ending or ended', async () => {
    const { room, member } = setUp();
    const host = member('host1');
    room.join(host);
    room.startAudio(host, 'en-US');
    const ending = room.end();
    expect(() => room.audio(host, frame)).not.toThrow();
    await ending;
    expect(room.state).toBe('ended');
    expect(() => room.audio(member('late'), frame)).not.toThrow();
  });
});
