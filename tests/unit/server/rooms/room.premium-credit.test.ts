/**
 * A room's Premium streams served on credit (docs/credits.md): counted by the meter from the
 * moment they start to the moment they stop, paid by the person whose device it is; when the
 * credit runs out the utterance under way finishes on Premium and the stream goes on with Basic
 * from the next one (a new stream, so everyone's status says usePaidASR false). Plan or Basic
 * streams are never counted.
 */
import { describe, expect, it } from 'vitest';
import { roomRecord } from '../../../helpers/room-record';
import { LiveRoom, type RoomMember } from '../../../../src/server/rooms/room';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import type { ServerMessage } from '../../../../src/shared/protocol';
import { FakeTimers } from '../../../helpers/fake-timers';

function setUp() {
  const timers = new FakeTimers();
  const opened: { tier: 'basic' | 'premium'; track: AudioTrack }[] = [];
  const metered: { avaId: string; stopped: boolean; exhaust: () => void }[] = [];
  const room = new LiveRoom(
    roomRecord(),
    { finals: [], nextIndex: 0, seq: 0 },
    {
      updateRoom: async () => undefined,
      openSpeech: (tier, _lang, track) => {
        opened.push({ tier, track });
        return { ok: true };
      },
      now: () => timers.now(),
      log: () => undefined,
      timers,
      premiumMeter: {
        start: (avaId, onExhausted) => {
          const entry = { avaId, stopped: false, exhaust: onExhausted };
          metered.push(entry);
          return () => {
            entry.stopped = true;
          };
        },
      },
    },
    {
      saveFinal: async () => undefined,
      reserveIndexes: async (_id, upTo) => upTo,
      saveSpeaker: async () => undefined,
    },
  );
  const inbox: ServerMessage[] = [];
  const member = (extra: Partial<RoomMember>): RoomMember => ({
    avaId: 'host1',
    userName: 'Hana',
    role: 'participant',
    readonly: false,
    usePaidASR: false,
    send: (m) => inbox.push(m),
    ...extra,
  });
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const streams = () => room.status().audioStreams;
  return { room, opened, metered, member, inbox, settle, streams, timers };
}

const words = (kind: 'partial' | 'final', segment: number, text: string) => ({
  kind,
  segment,
  text,
  startMs: segment * 2000,
  endMs: segment * 2000 + 1500,
});

describe('Premium on credit in a room', () => {
  it('counts a credit stream from start to stop, for the person whose device it is', async () => {
    const { room, metered, member, opened } = setUp();
    const host = member({ usePaidASR: true, premiumOnCredit: true });
    room.join(host);
    room.startAudio(host, 'en-US', undefined, { avaId: 'meeting1', name: 'Weekly meeting' });
    expect(opened.map((o) => o.tier)).toEqual(['premium']);
    expect(metered).toEqual([expect.objectContaining({ avaId: 'host1', stopped: false })]);
    await room.stopAudio(host);
    expect(metered[0]!.stopped).toBe(true);
  });

  it('never counts a Premium stream the plan gives, nor a Basic one', () => {
    const { room, metered, member, opened } = setUp();
    const onPlan = member({ avaId: 'pro1', usePaidASR: true });
    const basic = member({ avaId: 'free1', usePaidASR: false, premiumOnCredit: false });
    room.join(onPlan);
    room.join(basic);
    room.startAudio(onPlan, 'en-US');
    room.startAudio(basic, 'en-US');
    expect(opened.map((o) => o.tier)).toEqual(['premium', 'basic']);
    expect(metered).toEqual([]);
  });

  it('running out mid-sentence: that sentence stays Premium, the next is Basic', async () => {
    const { room, metered, member, opened, settle, streams, inbox } = setUp();
    const host = member({ usePaidASR: true, premiumOnCredit: true });
    room.join(host);
    room.startAudio(host, 'en-US');
    const premium = opened[0]!.track;
    premium.handle(words('partial', 0, 'good morning every'));
    metered[0]!.exhaust();
    await settle();
    // Mid-sentence: nothing moves.
    expect(opened).toHaveLength(1);
    expect(streams()).toEqual([expect.objectContaining({ usePaidASR: true })]);
    expect(metered[0]!.stopped).toBe(true);

    premium.handle(words('final', 0, 'good morning everyone'));
    await settle();
    expect(opened.map((o) => o.tier)).toEqual(['premium', 'basic']);
    expect(streams()).toEqual([expect.objectContaining({ usePaidASR: false })]);
    expect(host.usePaidASR).toBe(false);
    // The sentence under way was shown as Premium.
    const finals = inbox.flatMap((m) =>
      m.type === 'transcript' && m.transcript.isFinal ? [m.transcript] : [],
    );
    expect(finals.map((t) => [t.texts['en-US'], t.usePaidASR])).toEqual([['Good morning everyone.', true]]);
    // Everyone is told: a status with the stream on Basic.
    const last = inbox.filter((m) => m.type === 'room-status-update').at(-1);
    expect(last?.type === 'room-status-update' && last.status.audioStreams).toEqual([
      expect.objectContaining({ avaId: 'host1', usePaidASR: false }),
    ]);
    // The Basic stream is not counted.
    expect(metered).toHaveLength(1);
  });

  it('running out between sentences moves to Basic at once', async () => {
    const { room, metered, member, opened, settle, streams } = setUp();
    const host = member({ usePaidASR: true, premiumOnCredit: true });
    room.join(host);
    room.startAudio(host, 'en-US');
    opened[0]!.track.handle(words('partial', 0, 'hello'));
    opened[0]!.track.handle(words('final', 0, 'hello'));
    await settle();
    metered[0]!.exhaust();
    await settle();
    expect(opened.map((o) => o.tier)).toEqual(['premium', 'basic']);
    expect(streams()).toEqual([expect.objectContaining({ usePaidASR: false })]);
  });
});
