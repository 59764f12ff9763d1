/**
 * Held audio in a live room (room-catch-up.ts): a speaker's held audio is decoded on a stream of
 * its own, fed a little at a time so others' live streams do not wait behind it, and its lines
 * are stored at their true place among the lines said around them, marked captioned late; the
 * gap marker covers only what was not held.
 */
import { describe, expect, it } from 'vitest';
import type { PoolStream } from '../../../../src/native/speech/pool';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { CATCH_UP_AHEAD_SAMPLES } from '../../../../src/server/rooms/room-catch-up';
import { compareFinals } from '../../../../src/server/rooms/transcript-pages';
import type { Transcript } from '../../../../src/shared/entities';
import type { RoomServices } from '../../../../src/server/rooms/room';
import { FakeTranscriptStore, liveRoom, settle } from '../../../helpers/live-room';

/** A recognition stream that keeps what it is given and decodes only when told. */
class FakeStream implements PoolStream {
  readonly engineId = 'fake';
  backlogSamples = 0;
  written = 0;
  closed = false;
  write(samples: Int16Array): void {
    this.backlogSamples += samples.length;
    this.written += samples.length;
  }
  flush(): void {}
  boost(): void {}
  async close(): Promise<void> {
    this.closed = true;
  }
  decodeAll(): void {
    this.backlogSamples = 0;
  }
}

const SECOND = 16_000;

function catchUpRoom() {
  const streams: { track: AudioTrack; stream: FakeStream; tier: string }[] = [];
  const store = new FakeTranscriptStore();
  // Premium credit counted: who is counted, and whether each count was stopped.
  const metered: { avaId: string; stopped: boolean }[] = [];
  const t = liveRoom({
    store,
    services: {
      openSpeech: (tier, _lang, track) => {
        const stream = new FakeStream();
        track.attach(stream);
        streams.push({ track, stream, tier });
        return { ok: true };
      },
      premiumMeter: {
        start: (avaId: string) => {
          const count = { avaId, stopped: false };
          metered.push(count);
          return () => (count.stopped = true);
        },
      } as unknown as RoomServices['premiumMeter'],
    },
  });
  const said = (track: AudioTrack, segment: number, text: string, startMs: number) =>
    track.handle({ kind: 'final', segment, text, startMs, endMs: startMs + 500 });
  const stored = () => [...store.rows.values()].map((r) => r.t).sort(compareFinals);
  return { ...t, streams, store, said, stored, metered };
}

/** The words of a line (captions are made readable: capitalised, a full stop), or GAP. */
const text = (t: Transcript) =>
  t.gap ? 'GAP' : (t.texts[t.speechLang] ?? '').toLowerCase().replace(/[.]$/, '');

describe('held audio in a live room', () => {
  it('stores the held lines once, in order among the others’ lines, marked late', async () => {
    const t = catchUpRoom();
    const ana = t.member('ana');
    const bo = t.member('bo');
    t.room.join(ana);
    t.room.join(bo);
    t.timers.advanceTo(10_000);
    // Ana records from 10 s, her capture's sample 0; the room hears her first second.
    t.room.startAudio(ana, 'en-US', undefined, undefined, 10_000, {
      id: 'cap',
      offsetSamples: 0,
      atMs: 10_000,
    });
    const anaLive = t.streams.at(-1)!;
    t.room.audio(ana, new Int16Array(SECOND));
    t.said(anaLive.track, 0, 'before the drop', 0);
    t.room.startAudio(bo, 'en-US', undefined, undefined, 10_000);
    const boLive = t.streams.at(-1)!;
    // Ana's connection drops at 11 s; Bo goes on: lines at 13 s and 17 s.
    t.timers.advanceTo(11_000);
    t.room.leave(ana);
    t.said(boLive.track, 0, 'bo early', 3000);
    t.said(boLive.track, 1, 'bo later', 7000);
    await settle();

    // Back at 20 s, Ana sends what she held from 10.5 s (half of it the room heard already).
    t.timers.advanceTo(20_000);
    const again = t.member('ana');
    t.room.join(again);
    t.room.startHeldAudio(again, 'en-US', { id: 'cap', offsetSamples: SECOND / 2, atMs: 10_500 }, 11_000);
    const held = t.streams.at(-1)!;
    for (let i = 0; i < 10; i++) t.room.audio(again, new Int16Array(SECOND));
    // Only what the room had not heard, a little at a time.
    expect(held.stream.written).toBe(CATCH_UP_AHEAD_SAMPLES);
    held.stream.decodeAll();
    t.timers.advanceTo(20_100);
    expect(held.stream.written).toBe(2 * CATCH_UP_AHEAD_SAMPLES);
    // Her live audio starts: the held audio is all here, and is decoded to its end meanwhile.
    t.room.startAudio(again, 'en-US', undefined, undefined, 20_000, {
      id: 'cap',
      offsetSamples: 10.5 * SECOND,
      atMs: 20_000,
    });
    for (let at = 20_100; held.stream.written < 9.5 * SECOND; at += 50) {
      held.stream.decodeAll();
      t.timers.advanceTo(at);
    }
    expect(held.stream.written).toBe(9.5 * SECOND);
    // Times count from the first sample the room had not heard: 11 s.
    t.said(held.track, 0, 'held one', 1000);
    t.said(held.track, 1, 'held two', 5000);
    held.stream.decodeAll();
    t.timers.advanceTo(30_000);
    await settle();
    expect(held.stream.closed).toBe(true);
    await settle();

    const lines = t.stored();
    expect(lines.map(text)).toEqual(['before the drop', 'held one', 'bo early', 'held two', 'bo later']);
    expect(lines.filter((l) => l.late).map(text)).toEqual(['held one', 'held two']);
    expect(lines.find((l) => text(l) === 'held one')!.timestampMs).toBe(12_000);
    // Every line once; nothing was lost, so no gap marker.
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    // Readers were sent each late line as a final with the room's next seq.
    const sent = t.inboxes
      .get('bo')!
      .filter((m) => m.type === 'transcript' && m.transcript.late)
      .map((m) => (m.type === 'transcript' ? m.seq : 0));
    expect(sent).toHaveLength(2);
  });

  it('marks as lost only what was not held, at its place before the held lines', async () => {
    const t = catchUpRoom();
    const ana = t.member('ana');
    t.room.join(ana);
    t.timers.advanceTo(10_000);
    t.room.startAudio(ana, 'en-US', undefined, undefined, 10_000, {
      id: 'cap',
      offsetSamples: 0,
      atMs: 10_000,
    });
    // Its last frame arrives at 11 s; then her connection drops.
    t.timers.advanceTo(11_000);
    t.room.audio(ana, new Int16Array(SECOND));
    t.room.leave(ana);
    // Her device held only from 15 s (the rest was beyond its bound).
    t.timers.advanceTo(20_000);
    const again = t.member('ana');
    t.room.join(again);
    t.room.startHeldAudio(again, 'en-US', { id: 'cap', offsetSamples: 5 * SECOND, atMs: 15_000 }, 11_000);
    const held = t.streams.at(-1)!;
    t.said(held.track, 0, 'held', 1000);
    t.room.stopAudio(again);
    await settle();
    const lines = t.stored();
    expect(lines.map(text)).toEqual(['GAP', 'held']);
    expect(lines[0]!.gap).toMatchObject({ fromMs: 11_000, toMs: 15_000 });
  });

  it('stores the computer’s held sound (the desktop’s "both") under its own name, with no gap of its own', async () => {
    const t = catchUpRoom();
    const ana = t.member('ana');
    t.room.join(ana);
    t.timers.advanceTo(10_000);
    const computer = { avaId: 'ana-computer', name: 'Weekly sync' };
    t.room.startAudio(ana, 'en-US', undefined, computer, 10_000, {
      id: 'comp',
      offsetSamples: 0,
      atMs: 10_000,
    });
    t.timers.advanceTo(11_000);
    t.room.audio(ana, new Int16Array(SECOND));
    t.room.leave(ana);
    // Back at 20 s, the computer's connection sends what its capture held from 12 s (the client
    // says nothing of the drop: its gap is the microphone's to mark).
    t.timers.advanceTo(20_000);
    const again = t.member('ana');
    t.room.join(again);
    t.room.startHeldAudio(
      again,
      'en-US',
      { id: 'comp', offsetSamples: 2 * SECOND, atMs: 12_000 },
      undefined,
      computer,
    );
    const held = t.streams.at(-1)!;
    t.said(held.track, 0, 'from the meeting', 1000);
    t.room.stopAudio(again);
    await settle();
    const lines = t.stored();
    expect(lines.map(text)).toEqual(['from the meeting']);
    expect(lines[0]).toMatchObject({
      late: true,
      author: 'ana-computer',
      authorShow: 'Weekly sync',
      sourceAuthor: again.avaId,
      timestampMs: 13_000,
    });
  });

  it('decodes a Premium-on-credit speaker’s held audio on Premium, as their live audio, counting their credit meanwhile', async () => {
    const t = catchUpRoom();
    const ana = t.member('ana');
    t.room.join(ana);
    ana.usePaidASR = true;
    ana.premiumOnCredit = true;
    t.timers.advanceTo(10_000);
    t.room.startAudio(ana, 'en-US', undefined, undefined, 10_000, {
      id: 'cap',
      offsetSamples: 0,
      atMs: 10_000,
    });
    t.room.audio(ana, new Int16Array(SECOND));
    t.room.leave(ana);
    t.timers.advanceTo(20_000);
    const again = t.member('ana');
    again.usePaidASR = true;
    again.premiumOnCredit = true;
    t.room.join(again);
    t.room.startHeldAudio(again, 'en-US', { id: 'cap', offsetSamples: SECOND, atMs: 11_000 }, 11_000);
    const held = t.streams.at(-1)!;
    expect(t.streams.map((s) => s.tier)).toEqual(['premium', 'premium']);
    // Counted while it is decoded, and no longer once it is done.
    expect(t.metered.map((m) => m.avaId)).toEqual(['ana', 'ana']);
    expect(t.metered[1]!.stopped).toBe(false);
    t.said(held.track, 0, 'held', 500);
    t.room.stopAudio(again);
    await settle();
    expect(t.metered[1]!.stopped).toBe(true);
    expect(t.stored().map(text)).toEqual(['held']);
  });
});
