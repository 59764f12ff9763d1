/**
 * A live room's limits with a fake clock: the conversation ends at its tier's limit (and a
 * restarted server ends it at the same moment), an entitled host prolongs it, a free user's
 * lone stream stops after 100 s, and the host's force-mute stops someone's microphone.
 */
import { describe, expect, it } from 'vitest';
import { roomRecord } from '../../../helpers/room-record';
import { LiveRoom, RoomError, type RoomMember } from '../../../../src/server/rooms/room';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import type { ServerMessage } from '../../../../src/shared/protocol';
import {
  AUTO_STOP_AFTER_MS,
  SESSION_END_GRACE_MS,
  SESSION_ENDED_REASON,
  SESSION_PROLONGED_REASON,
} from '../../../../src/shared/session-limits';
import { FakeTimers } from '../../../helpers/fake-timers';

const MIN = 60_000;

function setUp(record: RoomRecord = roomRecord()) {
  const timers = new FakeTimers();
  const updates: Partial<RoomRecord>[] = [];
  const room = new LiveRoom(
    record,
    { finals: [], nextIndex: 0, seq: 0 },
    {
      updateRoom: async (_id, changes) => void updates.push(changes),
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
  const reasons = (avaId: string) =>
    inboxes.get(avaId)!.flatMap((m) => (m.type === 'room-status-update' ? [m.reason] : []));
  const stops = (avaId: string) => inboxes.get(avaId)!.filter((m) => m.type === 'recording-stopped');
  /** Lets the room's own promises (stopping streams, storing the end) run. */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { room, timers, updates, member, reasons, stops, inboxes, settle };
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

describe('auto stop and force-mute', () => {
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

  it('force-mute stops that person’s microphone and tells them, nobody else’s', async () => {
    const { room, member, stops } = setUp();
    const host = member('host1');
    const guest = member('g1');
    room.join(host);
    room.join(guest);
    room.startAudio(host, 'en-US');
    room.startAudio(guest, 'en-US');
    await room.forceMute('g1');
    expect(stops('g1')).toEqual([{ type: 'recording-stopped', reason: 'force-mute' }]);
    expect(stops('host1')).toEqual([]);
    expect(room.activeTracks).toBe(1);
    // Muting someone who is not recording changes nothing.
    await room.forceMute('g1');
    expect(stops('g1')).toHaveLength(1);
  });
});
