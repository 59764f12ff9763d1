/**
 * Speaker identification in a room (rooms/speaker-identification.ts, through LiveRoom): the
 * utterance's audio is cut from the stream, embedded (a fake embedder here: the voice is written
 * into the audio itself; the real model is tested in tests/integration/speaker-embedding.test.ts),
 * and the final goes to "Speaker N", a named speaker of the room, in order, stored.
 */
import { describe, expect, it } from 'vitest';
import type { StoredSpeaker } from '../../../../src/server/rooms/speakers-repository';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { LiveRoom, type RoomMember, type TranscriptStore } from '../../../../src/server/rooms/room';
import {
  type Embedder,
  SpeakerIdentification,
  StreamAudio,
} from '../../../../src/server/rooms/speaker-identification';
import { streamSpeakerId } from '../../../../src/server/rooms/speakers';
import type { Transcript } from '../../../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../../../src/shared/protocol';
import { FakeTimers } from '../../../helpers/fake-timers';
import { roomRecord } from '../../../helpers/room-record';

const HOST = 'host1';
/** 16 samples per ms: 1 s of audio. */
const SECOND = 16_000;

async function flush(): Promise<void> {
  for (let i = 0; i < 40; i++) await Promise.resolve();
}

/** Audio whose every sample says which voice speaks (1 or 2); 0 is silence. */
function voice(which: number, samples = SECOND): Int16Array {
  return new Int16Array(samples).fill(which);
}

/** Voice 1 and voice 2 point in directions at right angles; silence has no embedding. */
const fakeEmbedder: Embedder & { calls: number[] } = {
  calls: [],
  embed(samples) {
    fakeEmbedder.calls.push(samples.length);
    if (samples.length < SECOND / 2) return undefined;
    const ones = samples.filter((s) => s === 1).length;
    const twos = samples.filter((s) => s === 2).length;
    return Float32Array.from([ones, twos]);
  },
};

describe('a stream’s recent audio', () => {
  it('cuts an utterance by its times from the stream’s start, across chunks', () => {
    const audio = new StreamAudio();
    audio.write(Int16Array.from([1, 2, 3]));
    audio.write(Int16Array.from([4, 5, 6, 7]));
    // 16 samples per ms: cut by sample positions through a 1/16 ms scale.
    expect(Array.from(audio.cut(1 / 16, 5 / 16))).toEqual([2, 3, 4, 5]);
    expect(Array.from(audio.cut(0, 100))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(audio.cut(5, 2)).toHaveLength(0);
  });

  it('keeps only the last stretch: an older start is cut to what is kept', () => {
    const audio = new StreamAudio(4);
    audio.write(Int16Array.from([1, 2]));
    audio.write(Int16Array.from([3, 4]));
    audio.write(Int16Array.from([5, 6]));
    expect(Array.from(audio.cut(0, 1))).toEqual([3, 4, 5, 6]);
  });
});

describe('speaker identification', () => {
  function line(id: string, t0: number, endMs: number, text = 'words'): Transcript {
    return {
      id,
      isFinal: true,
      author: 'p1',
      authorShow: 'Ada',
      origin: 'asr',
      speechLang: 'en-US',
      texts: { 'en-US': text },
      asr: { final: true, timeReceivedMs: 0, engine: 'x', endMs },
      usePaidASR: false,
      index: 0,
      timestampMs: 0,
      t0,
      trackName: 'p1-track',
    };
  }

  it('gives each final to the voice heard, in order even when naming waits', async () => {
    const named: string[] = [];
    let release: () => void = () => {};
    const slow = new Promise<void>((r) => (release = r));
    const id = new SpeakerIdentification({
      embedder: fakeEmbedder,
      speakerFor: async (_person, label) => {
        named.push(label);
        if (named.length === 1) await slow;
        return { avaId: `id-${label}`, name: label };
      },
      log: () => {},
    });
    id.startStream('p1');
    id.write('p1', voice(1));
    id.write('p1', voice(2));
    id.write('p1', voice(1));
    const committed: Transcript[] = [];
    id.final('p1', line('a', 0, 1000), (t) => committed.push(t));
    id.final('p1', line('b', 1000, 2000), (t) => committed.push(t));
    id.final('p1', line('c', 2000, 3000), (t) => committed.push(t));
    await flush();
    expect(committed).toEqual([]);
    release();
    await id.settled('p1');
    expect(committed.map((t) => [t.id, t.authorShow, t.author, t.sourceAuthor])).toEqual([
      ['a', 'Speaker 1', 'id-Speaker 1', 'p1'],
      ['b', 'Speaker 2', 'id-Speaker 2', 'p1'],
      ['c', 'Speaker 1', 'id-Speaker 1', 'p1'],
    ]);
  });

  it('leaves a line the person’s when it cannot be identified, or naming fails', async () => {
    const logs: string[] = [];
    const id = new SpeakerIdentification({
      embedder: fakeEmbedder,
      speakerFor: async () => {
        throw new Error('a conversation may name at most 50 speakers');
      },
      log: (_level, message) => logs.push(message),
    });
    id.startStream('p1');
    id.write('p1', voice(1, SECOND / 4));
    const committed: Transcript[] = [];
    // Too short to embed, and nobody identified before: the person's.
    id.final('p1', line('short', 0, 250), (t) => committed.push(t));
    id.write('p1', voice(1));
    id.final('p1', line('long', 250, 1250), (t) => committed.push(t));
    await id.settled('p1');
    expect(committed.map((t) => [t.id, t.author, t.sourceAuthor])).toEqual([
      ['short', 'p1', undefined],
      ['long', 'p1', undefined],
    ]);
    expect(logs).toEqual(['speaker identification: the line stays the person’s']);
  });

  it('passes lines of a person it was not started for straight through', () => {
    const id = new SpeakerIdentification({
      embedder: fakeEmbedder,
      speakerFor: async () => ({ avaId: 'x', name: 'x' }),
      log: () => {},
    });
    const committed: Transcript[] = [];
    id.final('p2', line('a', 0, 1000), (t) => committed.push(t));
    expect(committed.map((t) => t.author)).toEqual(['p1']);
    expect(id.isOn('p2')).toBe(false);
  });
});

class FakeStore implements TranscriptStore {
  readonly rows = new Map<string, Transcript>();
  readonly speakers = new Map<string, StoredSpeaker>();
  async saveFinal(_roomId: string, t: Transcript): Promise<void> {
    this.rows.set(t.id, t);
  }
  async reserveIndexes(_roomId: string, upTo: number): Promise<number> {
    return upTo;
  }
  async saveSpeaker(_roomId: string, s: StoredSpeaker): Promise<void> {
    this.speakers.set(s.speakerId, s);
  }
}

describe('in a live room', () => {
  function setup(identifySpeakers: boolean, embedder: Embedder | null = fakeEmbedder) {
    const timers = new FakeTimers();
    const store = new FakeStore();
    const tracks: AudioTrack[] = [];
    const room = new LiveRoom(
      roomRecord({ id: `${HOST}_room`, hostAvaId: HOST }),
      { finals: [], nextIndex: 0, seq: 0 },
      {
        updateRoom: async () => undefined,
        openSpeech: (_tier, _lang, track) => {
          tracks.push(track);
          return { ok: true };
        },
        now: () => timers.now(),
        log: () => {},
        timers,
        ...(embedder ? { speakerEmbedder: embedder } : {}),
      },
      store,
    );
    const inbox: ServerMessage[] = [];
    const host: RoomMember = {
      avaId: HOST,
      userName: 'Ada',
      role: 'participant',
      readonly: false,
      usePaidASR: false,
      identifySpeakers,
      send: (m) => inbox.push(m),
    };
    room.join(host);
    return { room, store, tracks, inbox, host };
  }

  const finals = (inbox: ServerMessage[]) =>
    inbox
      .filter((m): m is ServerMessageOf<'transcript'> => m.type === 'transcript' && m.transcript.isFinal)
      .map((m) => m.transcript);

  /** Speaks `voices` (1 s each) on the host's stream, each its own utterance. */
  async function speak(t: ReturnType<typeof setup>, voices: number[]) {
    const track = t.tracks.at(-1)!;
    for (const [i, v] of voices.entries()) {
      t.room.audio(t.host, voice(v));
      track.handle({
        kind: 'final',
        segment: i,
        text: `line ${i}`,
        startMs: i * 1000,
        endMs: (i + 1) * 1000,
      });
    }
    await flush();
  }

  it('with the toggle on, one microphone’s turns are Speaker 1, 2, ...: named speakers of the room, stored', async () => {
    const t = setup(true);
    t.room.startAudio(t.host, 'en-US');
    await speak(t, [1, 2, 1]);
    const lines = finals(t.inbox);
    expect(lines.map((l) => l.authorShow)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
    const one = streamSpeakerId(HOST, 'Speaker 1');
    expect(lines[0]).toMatchObject({ author: one, sourceAuthor: HOST });
    expect(t.store.speakers.get(one)).toMatchObject({ name: 'Speaker 1', identified: true });
    expect(t.store.rows.get(lines[1]!.id)).toMatchObject({ authorShow: 'Speaker 2' });
    const status = t.inbox
      .filter((m): m is ServerMessageOf<'room-status-update'> => m.type === 'room-status-update')
      .at(-1)!;
    expect(status.status.speakers).toContainEqual(
      expect.objectContaining({ avaId: one, userName: 'Speaker 1', isSoloDiaSpeaker: true }),
    );
  });

  it('a renamed speaker keeps its new name for the next turns, and voices are kept across recordings', async () => {
    const t = setup(true);
    t.room.startAudio(t.host, 'en-US');
    await speak(t, [1, 2]);
    await t.room.nameVoicingSpeaker(streamSpeakerId(HOST, 'Speaker 2'), 'Grandma');
    await t.room.stopAudio(t.host);
    await flush();
    t.room.startAudio(t.host, 'en-US');
    await speak(t, [2, 1]);
    expect(
      finals(t.inbox)
        .slice(-2)
        .map((l) => l.authorShow),
    ).toEqual(['Grandma', 'Speaker 1']);
  });

  it('with the toggle off, or no model on the server, lines stay the person’s', async () => {
    for (const t of [setup(false), setup(true, null)]) {
      t.room.startAudio(t.host, 'en-US');
      await speak(t, [1, 2]);
      expect(finals(t.inbox).map((l) => [l.author, l.authorShow])).toEqual([
        [HOST, 'Ada'],
        [HOST, 'Ada'],
      ]);
      expect(t.store.speakers.size).toBe(0);
    }
  });

  it('the computer’s sound is not identified: it is already its own speaker', async () => {
    const t = setup(true);
    const shownAs = await t.room.streamSpeaker(t.host, 'Computer audio');
    t.room.startAudio(t.host, 'en-US', undefined, shownAs);
    await speak(t, [1, 2]);
    expect(finals(t.inbox).map((l) => l.authorShow)).toEqual(['Computer audio', 'Computer audio']);
  });

  it('stopping waits for the last final to be identified before saying the stream stopped', async () => {
    const t = setup(true);
    t.room.startAudio(t.host, 'en-US');
    t.room.audio(t.host, voice(1));
    const track = t.tracks.at(-1)!;
    track.handle({ kind: 'final', segment: 0, text: 'last words', startMs: 0, endMs: 1000 });
    await t.room.stopAudio(t.host);
    await flush();
    const order = t.inbox
      .filter(
        (m) =>
          (m.type === 'transcript' && m.transcript.isFinal) ||
          (m.type === 'room-status-update' && m.reason === 'audio-stream-stopped'),
      )
      .map((m) => m.type);
    expect(order).toEqual(['transcript', 'room-status-update']);
    expect(finals(t.inbox)[0]!.authorShow).toBe('Speaker 1');
  });
});
