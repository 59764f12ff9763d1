/**
 * A live room's phone calls (server/phone-calls/room-calls.ts sets them): `twilioCalls` in every
 * member's status with the number only in the host's, a change told to everyone, and auto stop
 * not applying while the room is in a phone call (the spec), with a fake clock.
 */
import { describe, expect, it } from 'vitest';
import { roomRecord } from '../../../helpers/room-record';
import { LiveRoom, type RoomMember } from '../../../../src/server/rooms/room';
import type { ServerMessage } from '../../../../src/shared/protocol';
import type { ConversationStatus } from '../../../../src/shared/entities';
import { AUTO_STOP_AFTER_MS } from '../../../../src/shared/session-limits';
import type { TwilioCall } from '../../../../src/shared/phone-calls';
import { FakeTimers } from '../../../helpers/fake-timers';

function setUp() {
  const timers = new FakeTimers();
  const room = new LiveRoom(
    roomRecord(),
    { finals: [], nextIndex: 0, seq: 0 },
    {
      updateRoom: async () => undefined,
      openSpeech: () => ({ ok: true }),
      now: () => timers.now(),
      log: () => undefined,
      timers,
    },
    {
      saveFinal: async () => undefined,
      reserveIndexes: async (_id, upTo) => upTo,
      saveSpeaker: async () => undefined,
    },
  );
  const inboxes = new Map<string, ServerMessage[]>();
  const member = (avaId: string, extra: Partial<RoomMember> = {}): RoomMember => {
    const inbox: ServerMessage[] = [];
    inboxes.set(avaId, inbox);
    return {
      avaId,
      userName: avaId,
      role: 'participant',
      readonly: false,
      usePaidASR: false,
      send: (m) => inbox.push(m),
      ...extra,
    };
  };
  const lastStatus = (avaId: string): ConversationStatus | undefined =>
    inboxes
      .get(avaId)!
      .flatMap((m) => (m.type === 'room-status' || m.type === 'room-status-update' ? [m.status] : []))
      .at(-1);
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { room, timers, member, inboxes, lastStatus, settle };
}

const call = (changes: Partial<TwilioCall> = {}): TwilioCall => ({
  sid: `CA${'c'.repeat(32)}`,
  status: 'ringing',
  conferenceType: 'teams',
  speechLang: 'en-US',
  avaId: 'phone-call-1',
  startedAtMs: 0,
  calleeInternationalNumber: '+31201234567',
  ...changes,
});

describe('a room’s phone calls', () => {
  it('are in everyone’s status, the number only in the host’s, and the change is told', () => {
    const { room, member, inboxes, lastStatus } = setUp();
    room.join(member('host1'));
    room.join(member('g1'));
    expect(lastStatus('g1')?.twilioCalls).toBeUndefined();
    room.setPhoneCalls([call()]);
    const update = inboxes.get('g1')!.at(-1);
    expect(update).toMatchObject({ type: 'room-status-update', reason: 'phone-calls-changed' });
    expect(lastStatus('host1')?.twilioCalls).toEqual([call()]);
    const { calleeInternationalNumber: _n, ...withoutNumber } = call();
    expect(lastStatus('g1')?.twilioCalls).toEqual([withoutNumber]);
  });

  it('auto stop does not apply while the room is in a phone call, and applies again once it is over', async () => {
    const { room, timers, member, inboxes, settle } = setUp();
    const host = member('host1', { freeOrLite: true });
    room.join(host);
    room.setPhoneCalls([call({ status: 'ringing' })]);
    room.startAudio(host, 'en-US');
    timers.advanceTo(3 * AUTO_STOP_AFTER_MS);
    await settle();
    expect(room.activeTracks).toBe(1);

    room.setPhoneCalls([call({ status: 'ended', reason: 'hung-up-by-host' })]);
    timers.advanceTo(4 * AUTO_STOP_AFTER_MS + 1);
    await settle();
    expect(room.activeTracks).toBe(0);
    expect(inboxes.get('host1')!.filter((m) => m.type === 'recording-stopped')).toEqual([
      { type: 'recording-stopped', reason: 'auto-stop' },
    ]);
  });
});
