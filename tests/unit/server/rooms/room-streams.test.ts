/**
 * A live room's audio streams (rooms/room-streams.ts): captions dated from when the start message
 * arrived; frames a client sent before it heard its recording stop (it stopped, or the host
 * ended the room) dropped quietly, since ending while recording must not show the speaker a
 * protocol error, while a client that sends audio it never started is still told; the host's
 * force-mute; a failed recogniser restarted; boost words for the person's own microphone. Through
 * a LiveRoom, and the streams alone on a real core with stand-in parts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RecognizerEvent } from '../../../../src/native/speech/types';
import { CaptureLedger } from '../../../../src/server/rooms/catch-up';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { RoomStreams, type StreamsParts } from '../../../../src/server/rooms/room-streams';
import type { RoomServices } from '../../../../src/server/rooms/room';
import type { ServerMessage } from '../../../../src/shared/protocol';
import {
  liveRoom,
  settle,
  testCore,
  testMember,
  testServices,
  transcriptMessages,
  transcriptRoom,
} from '../../../helpers/live-room';

const ev = (kind: RecognizerEvent['kind'], segment: number, text: string): RecognizerEvent => ({
  kind,
  segment,
  text,
  startMs: segment * 1000,
  endMs: segment * 1000 + 900,
});

describe('LiveRoom streams', () => {
  it('dates captions from when the start message arrived, not from when the room got to it', () => {
    const t = transcriptRoom();
    t.timers.advanceTo(10_000);
    // The start arrived at 10 000; the tier and credit checks took 700 ms before the room started it.
    t.timers.advanceTo(10_700);
    t.room.startAudio(t.host, 'en-US', undefined, undefined, 10_000);
    t.track().handle(ev('partial', 2, 'Hello'));
    const partial = transcriptMessages(t.inbox).at(-1)!.transcript;
    expect(partial).toMatchObject({ t0: 2000, timestampMs: 12_000 });
    // Without the arrival time, the room's own clock at the start.
    const other = testMember('friend', t.inbox);
    t.room.join(other);
    t.room.startAudio(other, 'en-US');
    t.track().handle(ev('partial', 2, 'Hi'));
    expect(transcriptMessages(t.inbox).at(-1)!.transcript).toMatchObject({ t0: 2000, timestampMs: 12_700 });
  });

  it('force-mute stops that person’s microphone and tells them, nobody else’s', async () => {
    const { room, member, stops } = liveRoom();
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

const frame = new Int16Array(960);

describe('audio frames in flight', () => {
  it('drops frames that arrive just after a recording stopped, and tells a client that keeps sending', async () => {
    const { room, timers, member } = liveRoom();
    const host = member('host1');
    room.join(host);
    room.startAudio(host, 'en-US');
    await room.stopAudio(host);
    expect(() => room.audio(host, frame)).not.toThrow();
    timers.advanceTo(timers.now() + 5001);
    expect(() => room.audio(host, frame)).toThrow(/before audio frames/);
  });

  it('tells a client that sends audio it never started', () => {
    const { room, member } = liveRoom();
    const guest = member('g1');
    room.join(guest);
    expect(() => room.audio(guest, frame)).toThrow(/before audio frames/);
  });

  it('drops frames that arrive while the room is ending or ended', async () => {
    const { room, member } = liveRoom();
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

/** The streams on a real core, the other parts stand-ins that note what they were told. */
function streamsAlone(services: Partial<RoomServices> = {}) {
  const t = testCore();
  const tracks: AudioTrack[] = [];
  const told: string[] = [];
  const parts: StreamsParts = {
    translation: { partial: (x) => x, drop: (id) => void told.push(`drop ${id}`) },
    speakers: { spoke: (m) => void told.push(`spoke ${m.avaId}`), identification: undefined },
    gaps: {
      heard: () => undefined,
      streamStarted: (m, _lang, resumedFromMs) => void told.push(`started ${m.avaId} ${resumedFromMs}`),
    },
    premium: {
      started: (m, _track, paid) => void told.push(`premium ${m.avaId} ${paid}`),
      finalHeard: () => undefined,
      stopped: () => void told.push('premium stopped'),
    },
    watchAutoStop: () => void told.push('auto stop'),
    catchUp: { has: () => false, write: () => undefined, seal: () => undefined },
    ledger: new CaptureLedger(),
  };
  const streams = new RoomStreams(
    t.core,
    testServices(t.timers, {
      openSpeech: (_tier, _lang, track) => {
        vi.spyOn(track, 'boost');
        tracks.push(track);
        return { ok: true };
      },
      ...services,
    }),
    parts,
  );
  return { ...t, streams, tracks, told, track: () => tracks.at(-1)! };
}

describe('the streams alone', () => {
  it('start a stream, then tell the other parts in order, and everyone that it started', () => {
    const t = streamsAlone();
    const host = t.member('host1', { usePaidASR: true });
    t.streams.start(host, 'en-US', 3000);
    expect(t.told).toEqual(['premium host1 true', 'started host1 3000', 'spoke host1', 'auto stop']);
    expect(t.reasons('host1')).toEqual(['audio-stream-started']);
    expect(t.streams.audioStreams()).toEqual([
      { avaId: 'host1', trackId: expect.stringMatching(/^host1-/), usePaidASR: true },
    ]);
  });

  it('refuse a read-only member, an ending room, and say why an engine could not open', async () => {
    const refusing = streamsAlone({
      openSpeech: () => ({ ok: false, code: 'speech-unavailable', message: 'no engine is free' }),
    });
    expect(() => refusing.streams.start(refusing.member('host1'), 'en-US')).toThrow('no engine is free');
    const t = streamsAlone();
    expect(() => t.streams.start(t.member('r1', { readonly: true }), 'en-US')).toThrow(/read-only/);
    void t.core.end();
    expect(() => t.streams.start(t.member('host1'), 'en-US')).toThrow(
      expect.objectContaining({ code: 'room-ended' }),
    );
  });

  it('restart a failed recogniser at once, at most three times a minute, then stop and say so', () => {
    const t = streamsAlone();
    const host = t.member('host1');
    t.streams.start(host, 'en-US');
    for (let i = 0; i < 3; i++) t.track().context.onError('the worker died');
    expect(t.tracks).toHaveLength(4);
    expect(t.streams.has(host)).toBe(true);
    t.track().context.onError('the worker died');
    expect(t.tracks).toHaveLength(4);
    expect(t.streams.count).toBe(0);
    const errors = t.inbox('host1').flatMap((m) => (m.type === 'error' ? [m.error.message] : []));
    expect(errors).toEqual([
      ...Array(3).fill('the worker died; captions resumed on a new recogniser'),
      'the worker died; recording stopped',
    ]);
    // A minute later a failure is restarted again.
    t.streams.start(host, 'en-US');
    t.timers.advanceTo(60_000);
    t.track().context.onError('the worker died');
    expect(t.streams.has(host)).toBe(true);
  });

  it('a stream restarted keeps its language and the speaker it shows', () => {
    const t = streamsAlone();
    const host = t.member('host1');
    t.streams.start(host, 'fr-FR', undefined, { avaId: 'voicing-1', name: 'Meeting' });
    t.streams.restart(host, t.track());
    expect(t.track().context).toMatchObject({
      lang: 'fr-FR',
      author: 'voicing-1',
      authorShow: 'Meeting',
      sourceAuthor: 'host1',
    });
  });

  it('go on in a speaker’s new language, each of their streams, and nobody else’s', () => {
    const t = streamsAlone();
    const host = t.member('host1');
    const guest = t.member('g1');
    t.streams.start(host, 'en-US');
    t.streams.start(guest, 'en-US');
    const guestTrack = t.track();
    expect(t.streams.changeLanguage('g1', 'en-GB')).toBe(true);
    expect(t.streams.trackOf(guest)).not.toBe(guestTrack);
    expect(t.streams.trackOf(guest)!.context.lang).toBe('en-GB');
    expect(t.streams.trackOf(host)!.context.lang).toBe('en-US');
    // The same language again, or someone not recording: nothing restarts.
    const now = t.streams.trackOf(guest);
    expect(t.streams.changeLanguage('g1', 'en-GB')).toBe(false);
    expect(t.streams.trackOf(guest)).toBe(now);
    expect(t.streams.changeLanguage('nobody', 'en-GB')).toBe(false);
  });

  it('show a muted WebRTC microphone in the status, end its line at once, and keep it muted across a restart', () => {
    const t = streamsAlone();
    const host = t.member('host1');
    t.streams.start(host, 'en-US');
    const flush = vi.spyOn(t.track(), 'flush');
    expect(t.streams.setMuted(host, true)).toBe(true);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(t.streams.audioStreams()).toEqual([expect.objectContaining({ avaId: 'host1', muted: true })]);
    expect(t.reasons('host1').at(-1)).toBe('audio-stream-muted');
    t.streams.restart(host, t.track());
    expect(t.streams.audioStreams()[0]?.muted).toBe(true);
    expect(t.streams.setMuted(host, false)).toBe(true);
    expect(t.streams.audioStreams()[0]).not.toHaveProperty('muted');
    // Someone who is not recording has nothing to mute.
    expect(t.streams.setMuted(t.member('g1'), true)).toBe(false);
  });

  it('boost the person’s own microphone, never the computer’s sound', () => {
    const t = streamsAlone();
    const host = t.member('host1', { boostWords: ['Hearken'] });
    t.streams.start(host, 'en-US');
    expect(t.track().boost).toHaveBeenCalledWith(['Hearken']);
    t.streams.setBoost(host, ['Ada', 'Lovelace']);
    expect(host.boostWords).toEqual(['Ada', 'Lovelace']);
    expect(t.track().boost).toHaveBeenLastCalledWith(['Ada', 'Lovelace']);
    t.streams.start(host, 'en-US', undefined, { avaId: 'voicing-1', name: 'Meeting' });
    t.streams.setBoost(host, ['Babbage']);
    expect(t.track().boost).not.toHaveBeenCalled();
  });

  it('drop a line that ended with no words, for everyone, storing nothing', async () => {
    const t = streamsAlone();
    const host = t.member('host1');
    t.streams.start(host, 'en-US');
    t.track().handle(ev('partial', 0, 'uh'));
    t.track().handle(ev('final', 0, ''));
    await settle();
    const last = transcriptMessages(t.inbox('host1')).at(-1)!;
    expect(last).toMatchObject({ seq: 0, transcript: { isFinal: true, texts: { 'en-US': '' } } });
    expect(t.told).toContain(`drop ${last.transcript.id}`);
    expect(t.core.transcripts()).toEqual([]);
  });

  it('say a stream stopped only once its last final is stored and shown', async () => {
    const t = streamsAlone();
    const host = t.member('host1');
    t.streams.start(host, 'en-US');
    t.track().handle(ev('partial', 0, 'last words'));
    t.track().handle(ev('final', 0, 'last words'));
    await t.streams.stop(host);
    expect(t.streams.finishing).toBe(1);
    await t.streams.stopped();
    const inbox: ServerMessage[] = t.inbox('host1');
    const finalAt = inbox.findIndex((m) => m.type === 'transcript' && m.transcript.isFinal);
    const stoppedAt = inbox.findIndex(
      (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-stopped',
    );
    expect(finalAt).toBeGreaterThan(-1);
    expect(finalAt).toBeLessThan(stoppedAt);
    expect(t.told).toContain('premium stopped');
  });
});
