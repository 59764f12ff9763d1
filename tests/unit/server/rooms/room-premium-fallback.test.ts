/**
 * Premium on credit in a room (rooms/room-premium-fallback.ts; docs/credits.md): streams counted
 * by the meter from the moment they start to the moment they stop, paid by the person whose
 * device it is; when the credit runs out the utterance under way finishes on Premium and the
 * stream goes on with Basic from the next one (a new stream, so everyone's status says
 * usePaidASR false). Plan or Basic streams are never counted. Through a LiveRoom, and the
 * fallback alone with stand-in streams.
 */
import { describe, expect, it } from 'vitest';
import type { RoomMember } from '../../../../src/server/rooms/room';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { PremiumFallback } from '../../../../src/server/rooms/room-premium-fallback';
import type { ServerMessage } from '../../../../src/shared/protocol';
import { liveRoom, settle as settleTurns, testMember } from '../../../helpers/live-room';

function setUp() {
  const opened: { tier: 'basic' | 'premium'; track: AudioTrack }[] = [];
  const metered: { avaId: string; stopped: boolean; exhaust: () => void }[] = [];
  const { room, timers } = liveRoom({
    services: {
      openSpeech: (tier, _lang, track) => {
        opened.push({ tier, track });
        return { ok: true };
      },
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
  });
  const inbox: ServerMessage[] = [];
  const member = (extra: Partial<RoomMember>): RoomMember =>
    testMember('host1', inbox, { userName: 'Hana', ...extra });
  const settle = () => settleTurns(20);
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

/** A stand-in stream for the fallback alone: `speaking` while an utterance is under way. */
function fakeTrack(): AudioTrack & { speaking: boolean } {
  return { speaking: false } as unknown as AudioTrack & { speaking: boolean };
}

function fallbackAlone(options: { restartFails?: boolean; ending?: boolean } = {}) {
  const current = new Map<RoomMember, AudioTrack>();
  const restarts: AudioTrack[] = [];
  const metered: { avaId: string; stopped: boolean; exhaust: () => void }[] = [];
  const fallback = new PremiumFallback(
    {
      start: (avaId, onExhausted) => {
        const entry = { avaId, stopped: false, exhaust: onExhausted };
        metered.push(entry);
        return () => {
          entry.stopped = true;
        };
      },
    },
    {
      trackOf: (member) => current.get(member),
      restart: (member, track) => {
        // As a real start does: the old stream is stopped before a new one is opened.
        current.delete(member);
        if (options.restartFails) throw new Error('no engine is free');
        restarts.push(track);
        current.set(member, fakeTrack());
      },
    },
    { endingOrEnded: options.ending ?? false, log: () => undefined },
  );
  const inbox: ServerMessage[] = [];
  const member = testMember('host1', inbox, { usePaidASR: true, premiumOnCredit: true });
  const track = fakeTrack();
  current.set(member, track);
  return { fallback, current, restarts, metered, inbox, member, track };
}

describe('the fallback alone', () => {
  it('counts only Premium on credit, until the stream stops', () => {
    const t = fallbackAlone();
    t.fallback.started(t.member, t.track, true);
    t.fallback.started(testMember('pro1', [], { usePaidASR: true }), fakeTrack(), true);
    t.fallback.started(testMember('free1', [], { premiumOnCredit: true }), fakeTrack(), false);
    expect(t.metered.map((m) => m.avaId)).toEqual(['host1']);
    t.fallback.stopped(t.track);
    expect(t.metered[0]!.stopped).toBe(true);
  });

  it('waits for the utterance under way, then starts the stream again on Basic', async () => {
    const t = fallbackAlone();
    t.fallback.started(t.member, t.track, true);
    t.track.speaking = true;
    t.metered[0]!.exhaust();
    expect(t.member).toMatchObject({ usePaidASR: false, premiumOnCredit: false });
    expect(t.metered[0]!.stopped).toBe(true);
    expect(t.restarts).toEqual([]);
    t.track.speaking = false;
    t.fallback.finalHeard(t.member, t.track);
    // Once the track has closed the utterance (the microtask after its final).
    expect(t.restarts).toEqual([]);
    await settleTurns(1);
    expect(t.restarts).toEqual([t.track]);
  });

  it('leaves alone a stream that is no longer the member’s', () => {
    const t = fallbackAlone();
    t.fallback.started(t.member, t.track, true);
    t.current.set(t.member, fakeTrack());
    t.metered[0]!.exhaust();
    expect(t.restarts).toEqual([]);
    expect(t.member.usePaidASR).toBe(true);
  });

  it('tells the speaker when no Basic stream can start, unless the room is ending', () => {
    const t = fallbackAlone({ restartFails: true });
    t.fallback.started(t.member, t.track, true);
    t.metered[0]!.exhaust();
    expect(t.inbox).toEqual([
      {
        type: 'error',
        error: { code: 'speech-unavailable', message: 'no engine is free; recording stopped' },
      },
    ]);
    const ending = fallbackAlone({ restartFails: true, ending: true });
    ending.fallback.started(ending.member, ending.track, true);
    ending.metered[0]!.exhaust();
    expect(ending.inbox).toEqual([]);
  });
});
