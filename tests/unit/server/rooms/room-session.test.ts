/**
 * A live room's limits (rooms/room-session.ts) with a fake clock: the conversation ends at its
 * tier's limit (and a restarted server ends it at the same moment), an entitled host prolongs it,
 * a free user's lone stream stops after 100 s, and auto stop does not apply with a Scribe or while
 * the room is in a phone call (the spec). Through a LiveRoom, and the limits alone on a real core.
 */
import { describe, expect, it } from 'vitest';
import { roomRecord } from '../../../helpers/room-record';
import { RoomError, type RoomMember } from '../../../../src/server/rooms/room';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import { RoomSession } from '../../../../src/server/rooms/room-session';
import type { TwilioCall } from '../../../../src/shared/phone-calls';
import {
  AUTO_STOPPED_REASON,
  AUTO_STOP_AFTER_MS,
  SESSION_END_GRACE_MS,
  SESSION_ENDED_REASON,
  SESSION_PROLONGED_REASON,
} from '../../../../src/shared/session-limits';
import { liveRoom, settle, testCore, testMember } from '../../../helpers/live-room';
import type { ServerMessage } from '../../../../src/shared/protocol';

const MIN = 60_000;

function setUp(record: RoomRecord = roomRecord()) {
  return { ...liveRoom({ record }), settle };
}

describe('restricted session', () => {
  it('ends a Basic conversation at 40 minutes with the spec’s reason, for everyone', async () => {
    const { room, timers, updates, member, reasons, inboxes, settle } = setUp();
    const host = member('host1');
    const guest = member('g1');
    // As the socket does it: the host's tier first, so their first status carries it.
    await room.restrictSession('basic', false);
    room.join(host);
    room.join(guest);
    expect(updates).toContainEqual({ session: { tier: 'basic', endsAtMs: 40 * MIN } });
    const status = inboxes.get('g1')!.find((m) => m.type === 'room-status');
    expect(status?.type === 'room-status' && status.status.restrictedSession).toEqual({
      tier: 'basic',
      endsAtMs: 40 * MIN,
      prolongable: false,
    });
    room.startAudio(host, 'en-US');
    timers.advanceTo(40 * MIN + SESSION_END_GRACE_MS - 1);
    await settle();
    expect(room.state).toBe('ongoing');
    timers.advanceTo(40 * MIN + SESSION_END_GRACE_MS);
    await settle();
    expect(room.state).toBe('ended');
    expect(reasons('g1').at(-1)).toBe(SESSION_ENDED_REASON);
    expect(reasons('host1').at(-1)).toBe(SESSION_ENDED_REASON);
    expect(room.activeTracks).toBe(0);
    expect(room.status().restrictedSession).toBeUndefined();
  });

  it('gives Premium two hours, and an entitled host another period', async () => {
    const { room, timers, member, reasons, settle } = setUp();
    room.join(member('host1'));
    await room.restrictSession('premium', true);
    expect(room.status().restrictedSession?.endsAtMs).toBe(120 * MIN);
    timers.advanceTo(115 * MIN);
    await room.prolongSession();
    expect(reasons('host1').at(-1)).toBe(SESSION_PROLONGED_REASON);
    expect(room.status().restrictedSession?.endsAtMs).toBe(240 * MIN);
    timers.advanceTo(130 * MIN);
    await settle();
    expect(room.state).toBe('ongoing');
  });

  it('refuses to prolong for a host whose plan does not give it', async () => {
    const { room, member } = setUp();
    room.join(member('host1'));
    await room.restrictSession('basic', false);
    await expect(room.prolongSession()).rejects.toMatchObject({ code: 'not-entitled' });
    await expect(room.prolongSession()).rejects.toBeInstanceOf(RoomError);
    expect(room.status().restrictedSession?.endsAtMs).toBe(40 * MIN);
  });

  it('a room loaded after a restart ends at the stored moment', async () => {
    const { room, timers, settle } = setUp(roomRecord({ session: { tier: 'basic', endsAtMs: 10 * MIN } }));
    expect(room.status().restrictedSession?.endsAtMs).toBe(10 * MIN);
    timers.advanceTo(10 * MIN + SESSION_END_GRACE_MS);
    await settle();
    expect(room.state).toBe('ended');
  });
});

describe('auto stop', () => {
  it('stops a free user’s lone stream after 100 s and says so; a paid user’s goes on', async () => {
    const { room, timers, member, stops, settle } = setUp();
    const free = member('host1', { freeOrLite: true });
    room.join(free);
    room.startAudio(free, 'en-US');
    timers.advanceTo(AUTO_STOP_AFTER_MS);
    await settle();
    expect(stops('host1')).toEqual([{ type: 'recording-stopped', reason: 'auto-stop' }]);
    expect(room.activeTracks).toBe(0);

    const other = setUp();
    const paid = other.member('host1', { freeOrLite: false });
    other.room.join(paid);
    other.room.startAudio(paid, 'en-US');
    other.timers.advanceTo(10 * AUTO_STOP_AFTER_MS);
    await other.settle();
    expect(other.room.activeTracks).toBe(1);
  });

  it('a second stream clears the count', async () => {
    const { room, timers, member, stops, settle } = setUp();
    const a = member('host1', { freeOrLite: true });
    const b = member('g1', { freeOrLite: true });
    room.join(a);
    room.join(b);
    room.startAudio(a, 'en-US');
    timers.advanceTo(AUTO_STOP_AFTER_MS - 1000);
    room.startAudio(b, 'en-US');
    timers.advanceTo(5 * AUTO_STOP_AFTER_MS);
    await settle();
    expect(stops('host1')).toEqual([]);
    expect(room.activeTracks).toBe(2);
  });

  it('a guest who only reads makes it a conversation: no auto stop until they leave', async () => {
    const { room, timers, member, stops, settle } = setUp();
    const host = member('host1', { freeOrLite: true });
    const reader = member('g1', { freeOrLite: true });
    room.join(host);
    room.startAudio(host, 'en-US');
    timers.advanceTo(AUTO_STOP_AFTER_MS - 1000);
    // The guest reads on their own phone: no microphone, still a participant.
    room.join(reader);
    timers.advanceTo(5 * AUTO_STOP_AFTER_MS);
    await settle();
    expect(stops('host1')).toEqual([]);
    expect(room.activeTracks).toBe(1);

    // Alone again: a solo conversation, whose count starts afresh.
    room.leave(reader);
    timers.advanceTo(6 * AUTO_STOP_AFTER_MS - 1);
    await settle();
    expect(room.activeTracks).toBe(1);
    timers.advanceTo(6 * AUTO_STOP_AFTER_MS);
    await settle();
    expect(stops('host1')).toEqual([{ type: 'recording-stopped', reason: 'auto-stop' }]);
  });

  it('counts a person once: the host’s second device is no second participant, and is told why captions stopped', async () => {
    const { room, timers, member, reasons, settle } = setUp();
    const host = member('host1', { freeOrLite: true });
    const tablet: ServerMessage[] = [];
    room.join(host);
    room.join(testMember('host1', tablet, { freeOrLite: true }));
    room.startAudio(host, 'en-US');
    timers.advanceTo(AUTO_STOP_AFTER_MS);
    await settle();
    expect(room.activeTracks).toBe(0);
    // Everyone in the room learns why captions stopped, not only the device that recorded.
    const tabletReasons = tablet.flatMap((m) => (m.type === 'room-status-update' ? [m.reason] : []));
    expect(tabletReasons.at(-1)).toBe(AUTO_STOPPED_REASON);
    expect(reasons('host1').at(-1)).toBe(AUTO_STOPPED_REASON);
    expect(tablet.some((m) => m.type === 'recording-stopped')).toBe(false);
  });

  it('a Scribe in the room exempts it', async () => {
    const { room, timers, member, settle } = setUp();
    const a = member('host1', { freeOrLite: true });
    room.join(a);
    room.join(member('scribe1', { role: 'scribe' }));
    room.startAudio(a, 'en-US');
    timers.advanceTo(5 * AUTO_STOP_AFTER_MS);
    await settle();
    expect(room.activeTracks).toBe(1);
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

function sessionAlone(record: RoomRecord = roomRecord()) {
  const updates: Partial<RoomRecord>[] = [];
  const t = testCore({ record });
  const recording: RoomMember[] = [];
  const stopped: string[] = [];
  let inCall = false;
  const session = new RoomSession(
    t.core,
    { updateRoom: async (_id, changes) => void updates.push(changes) },
    {
      recording: () => recording,
      stopByServer: async (member, reason) => void stopped.push(`${member.avaId} ${reason}`),
      inPhoneCall: () => inCall,
    },
  );
  return {
    ...t,
    session,
    updates,
    recording,
    stopped,
    setInCall: (value: boolean) => {
      inCall = value;
    },
  };
}

describe('the limits alone', () => {
  it('store the limit, then keep it in the record and the status', async () => {
    const t = sessionAlone();
    await t.session.restrict('basic', false);
    expect(t.updates).toEqual([{ session: { tier: 'basic', endsAtMs: 40 * MIN } }]);
    expect(t.core.record.session).toEqual({ tier: 'basic', endsAtMs: 40 * MIN });
    expect(t.session.current).toEqual({ tier: 'basic', endsAtMs: 40 * MIN, prolongable: false });
  });

  it('end the room at the limit, and are not set once the room is ending', async () => {
    const t = sessionAlone();
    await t.session.restrict('basic', false);
    t.timers.advanceTo(40 * MIN + SESSION_END_GRACE_MS);
    await settle();
    expect(t.core.state).toBe('ended');
    const late = sessionAlone();
    void late.core.end();
    await late.session.restrict('basic', false);
    expect(late.updates).toEqual([]);
    await expect(late.session.prolong()).rejects.toMatchObject({ code: 'room-ended' });
  });

  it('watch a free user’s lone stream, not in a phone call, and nothing once disposed', () => {
    const t = sessionAlone();
    const free = t.member('free1', { freeOrLite: true });
    t.recording.push(free);
    t.setInCall(true);
    t.session.watchAutoStop();
    t.timers.advanceTo(AUTO_STOP_AFTER_MS);
    expect(t.stopped).toEqual([]);
    t.setInCall(false);
    t.session.watchAutoStop();
    t.timers.advanceTo(2 * AUTO_STOP_AFTER_MS);
    expect(t.stopped).toEqual(['free1 auto-stop']);
    t.session.watchAutoStop();
    t.session.dispose();
    t.timers.advanceTo(10 * AUTO_STOP_AFTER_MS);
    expect(t.stopped).toEqual(['free1 auto-stop']);
  });
});
