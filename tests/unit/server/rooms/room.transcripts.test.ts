/**
 * A live room's transcript rules with a fake store and a manual clock: finals are shown only once
 * stored, each with the next seq; a failing store holds them (in order) until it recovers; indexes
 * continue from the stored counter; joiners get a bounded snapshot and page back; ending refuses
 * audio at once and is stored before anyone is told.
 */
import { describe, expect, it } from 'vitest';
import type { RecognizerEvent } from '../../../../src/native/speech/types';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import type { RoomTranscripts, StoredFinal } from '../../../../src/server/transcripts/repository';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { LiveRoom, type RoomMember, type TranscriptStore } from '../../../../src/server/rooms/room';
import { TRANSCRIPT_SNAPSHOT_SIZE } from '../../../../src/shared/constants';
import type { Transcript } from '../../../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../../../src/shared/protocol';
import { FakeTimers } from '../../../helpers/fake-timers';
import { roomRecord } from '../../../helpers/room-record';

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

const HOST = 'host1';

function record(): RoomRecord {
  return roomRecord({ id: `${HOST}_room`, hostAvaId: HOST });
}

function storedFinal(index: number, seq: number): StoredFinal {
  return {
    seq,
    transcript: {
      id: `old.${index}`,
      isFinal: true,
      author: HOST,
      authorShow: 'Ada',
      origin: 'asr',
      speechLang: 'en-US',
      texts: { 'en-US': `line ${index}` },
      usePaidASR: false,
      index,
      timestampMs: index,
      t0: 0,
      trackName: 'old',
    },
  };
}

class FakeStore implements TranscriptStore {
  down = false;
  readonly rows = new Map<string, { t: Transcript; seq: number }>();
  counter: number;
  reserveCalls: number[] = [];
  constructor(counter = 0) {
    this.counter = counter;
  }
  async saveFinal(_roomId: string, t: Transcript, seq: number): Promise<void> {
    if (this.down) throw new Error('permission denied for table transcripts');
    this.rows.set(t.id, { t, seq });
    this.counter = Math.max(this.counter, t.index + 1);
  }
  async reserveIndexes(_roomId: string, upTo: number): Promise<number> {
    this.reserveCalls.push(upTo);
    if (this.down) throw new Error('down');
    this.counter = Math.max(this.counter, upTo);
    return this.counter;
  }
  async saveSpeaker(): Promise<void> {}
}

function member(avaId: string, inbox: ServerMessage[]): RoomMember {
  return {
    avaId,
    userName: avaId,
    role: 'participant',
    readonly: false,
    usePaidASR: false,
    send: (m) => inbox.push(m),
  };
}

function setup(stored: RoomTranscripts = { finals: [], nextIndex: 0, seq: 0 }, store = new FakeStore()) {
  const timers = new FakeTimers();
  const tracks: AudioTrack[] = [];
  const updates: object[] = [];
  let updateFails = 0;
  const room = new LiveRoom(
    record(),
    stored,
    {
      updateRoom: async (_id, changes) => {
        if (updateFails > 0) {
          updateFails -= 1;
          throw new Error('database unreachable');
        }
        updates.push(changes);
      },
      openSpeech: (_tier, _lang, track) => {
        tracks.push(track);
        return { ok: true };
      },
      now: () => timers.now(),
      log: () => {},
      timers,
    },
    store,
  );
  const inbox: ServerMessage[] = [];
  const host = member(HOST, inbox);
  room.join(host);
  return {
    room,
    store,
    timers,
    inbox,
    host,
    updates,
    failUpdates: (n: number) => {
      updateFails = n;
    },
    track: () => tracks.at(-1)!,
  };
}

const ev = (kind: RecognizerEvent['kind'], segment: number, text: string): RecognizerEvent => ({
  kind,
  segment,
  text,
  startMs: segment * 1000,
  endMs: segment * 1000 + 900,
});

const transcriptMessages = (inbox: ServerMessage[]) =>
  inbox.filter((m): m is ServerMessageOf<'transcript'> => m.type === 'transcript');
const finalsShown = (inbox: ServerMessage[]) =>
  transcriptMessages(inbox)
    .filter((m) => m.transcript.isFinal && m.transcript.texts['en-US'])
    .map((m) => ({ text: m.transcript.texts['en-US'], seq: m.seq, index: m.transcript.index }));

describe('LiveRoom transcripts', () => {
  it('dates captions from when the start message arrived, not from when the room got to it', () => {
    const t = setup();
    t.timers.advanceTo(10_000);
    // The start arrived at 10 000; the tier and credit checks took 700 ms before the room started it.
    t.timers.advanceTo(10_700);
    t.room.startAudio(t.host, 'en-US', undefined, undefined, 10_000);
    t.track().handle(ev('partial', 2, 'Hello'));
    const partial = transcriptMessages(t.inbox).at(-1)!.transcript;
    expect(partial).toMatchObject({ t0: 2000, timestampMs: 12_000 });
    // Without the arrival time, the room's own clock at the start.
    const other = member('friend', t.inbox);
    t.room.join(other);
    t.room.startAudio(other, 'en-US');
    t.track().handle(ev('partial', 2, 'Hi'));
    expect(transcriptMessages(t.inbox).at(-1)!.transcript).toMatchObject({ t0: 2000, timestampMs: 12_700 });
  });

  it('shows a final only once stored, with the next seq; partials carry the current seq', async () => {
    const t = setup();
    t.room.startAudio(t.host, 'en-US');
    t.track().handle(ev('partial', 0, 'Hello'));
    t.track().handle(ev('final', 0, 'Hello there'));
    expect(finalsShown(t.inbox)).toEqual([]);
    await flush();
    expect(finalsShown(t.inbox)).toEqual([{ text: 'Hello there', seq: 1, index: 0 }]);
    t.track().handle(ev('partial', 1, 'and'));
    const last = transcriptMessages(t.inbox).at(-1)!;
    expect(last).toMatchObject({ seq: 1, transcript: { isFinal: false } });
    expect(t.store.rows.get(finalsShownId(t.inbox, 0))?.seq).toBe(1);
  });

  it('holds finals while the store fails, then stores and shows them in order, each once', async () => {
    const t = setup();
    t.room.startAudio(t.host, 'en-US');
    t.store.down = true;
    for (let s = 0; s < 3; s++) {
      t.track().handle(ev('partial', s, `p${s}`));
      t.track().handle(ev('final', s, `Line ${s}`));
    }
    await flush();
    t.timers.advanceTo(2000);
    await flush();
    expect(finalsShown(t.inbox)).toEqual([]);
    // Someone joining now sees none of them either.
    const late: ServerMessage[] = [];
    t.room.join(member('late', late));
    expect(late.find((m) => m.type === 'transcripts')).toMatchObject({ transcripts: [], seq: 0 });
    t.store.down = false;
    t.timers.advanceTo(10_000);
    await flush();
    expect(finalsShown(t.inbox)).toEqual([
      { text: 'Line 0', seq: 1, index: 0 },
      { text: 'Line 1', seq: 2, index: 1 },
      { text: 'Line 2', seq: 3, index: 2 },
    ]);
    expect(finalsShown(late).map((f) => f.seq)).toEqual([1, 2, 3]);
    expect([...t.store.rows.values()].map((r) => r.seq).sort()).toEqual([1, 2, 3]);
  });

  it('numbers captions from the stored counter, never from the highest stored index', async () => {
    // Index 7 was shown as a partial before a restart and never stored; the counter says 8.
    const store = new FakeStore(8);
    const t = setup({ finals: [storedFinal(0, 1), storedFinal(1, 2)], nextIndex: 8, seq: 2 }, store);
    t.room.startAudio(t.host, 'en-US');
    t.track().handle(ev('partial', 0, 'New line'));
    expect(transcriptMessages(t.inbox).at(-1)!.transcript.index).toBe(8);
    await flush();
    // Indexes are reserved ahead, durably.
    expect(store.reserveCalls.length).toBeGreaterThan(0);
    expect(store.counter).toBeGreaterThan(8);
    t.track().handle(ev('final', 0, 'New line'));
    await flush();
    expect(finalsShown(t.inbox)).toEqual([{ text: 'New line', seq: 3, index: 8 }]);
  });

  it('gives joiners the latest finals only, and the rest on request', () => {
    const total = TRANSCRIPT_SNAPSHOT_SIZE + 50;
    const finals = Array.from({ length: total }, (_, i) => storedFinal(i, i + 1));
    const t = setup({ finals, nextIndex: total, seq: total });
    const snapshot = t.inbox.find((m): m is ServerMessageOf<'transcripts'> => m.type === 'transcripts')!;
    expect(snapshot.transcripts).toHaveLength(TRANSCRIPT_SNAPSHOT_SIZE);
    expect(snapshot.transcripts[0]!.index).toBe(50);
    expect(snapshot).toMatchObject({ seq: total, hasOlder: true });

    const page = t.room.transcriptsBefore(50, 30);
    expect(page.transcripts.map((x) => x.index)).toEqual(Array.from({ length: 30 }, (_, i) => 20 + i));
    expect(page.hasOlder).toBe(true);
    const first = t.room.transcriptsBefore(20, 30);
    expect(first.transcripts.map((x) => x.index)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(first.hasOlder).toBe(false);

    const since = t.room.transcriptsSince(total - 3);
    expect(since).toMatchObject({ seq: total, complete: true });
    expect(since.transcripts.map((x) => x.index)).toEqual([total - 3, total - 2, total - 1]);
    const fromStart = t.room.transcriptsSince(0);
    expect(fromStart.complete).toBe(false);
    expect(fromStart.transcripts).toHaveLength(200);
    expect(fromStart.seq).toBe(200);
    expect(t.room.transcripts()).toHaveLength(total);
  });

  it('refuses audio the moment the host ends, and says ended only once that is stored', async () => {
    const t = setup();
    t.room.startAudio(t.host, 'en-US');
    t.store.down = true;
    t.track().handle(ev('partial', 0, 'last words'));
    t.track().handle(ev('final', 0, 'last words'));
    t.failUpdates(2);
    const ending = t.room.end();
    expect(() => t.room.startAudio(t.host, 'en-US')).toThrow(/ended/);
    await flush();
    t.timers.advanceTo(3000);
    await flush();
    expect(t.inbox.some((m) => m.type === 'room-status-update' && m.reason === 'ended')).toBe(false);
    expect(t.updates).toEqual([]);
    t.store.down = false;
    for (let at = 3000; at <= 30_000; at += 500) {
      t.timers.advanceTo(at);
      await flush();
    }
    await ending;
    expect(t.updates).toEqual([{ state: 'ended', endedAtMs: expect.any(Number) }]);
    const reasons = t.inbox.flatMap((m) => (m.type === 'room-status-update' ? [m.reason] : []));
    expect(reasons.slice(-2)).toEqual(['audio-stream-stopped', 'ended']);
    // The last final came before the end.
    const endAt = t.inbox.findIndex((m) => m.type === 'room-status-update' && m.reason === 'ended');
    const finalAt = t.inbox.findIndex((m) => m.type === 'transcript' && m.transcript.isFinal);
    expect(finalAt).toBeGreaterThan(-1);
    expect(finalAt).toBeLessThan(endAt);
    expect(t.room.state).toBe('ended');
  });
});

function finalsShownId(inbox: ServerMessage[], n: number): string {
  return transcriptMessages(inbox).filter((m) => m.transcript.isFinal)[n]!.transcript.id;
}

describe('LiveRoom gaps', () => {
  const gaps = (inbox: ServerMessage[]) =>
    transcriptMessages(inbox)
      .filter((m) => m.transcript.gap)
      .map((m) => ({ gap: m.transcript.gap, author: m.transcript.author, seq: m.seq }));

  it('marks the span a speaker lost to a dropped connection, stored and shown to everyone', async () => {
    const t = setup();
    const friendInbox: ServerMessage[] = [];
    t.room.join(member('friend', friendInbox));
    t.timers.advanceTo(1000);
    t.room.startAudio(t.host, 'en-US');
    t.timers.advanceTo(5000);
    t.room.audio(t.host, new Int16Array(960));
    // The connection is lost: the server last heard the host at 5 s.
    t.timers.advanceTo(9000);
    t.room.leave(t.host);
    t.timers.advanceTo(20_000);
    const back = member(HOST, t.inbox);
    t.room.join(back);
    // The client's own estimate (8 s) is later than what the server heard: the server's wins.
    t.room.startAudio(back, 'en-US', 8000);
    await flush();
    const expected = [
      { gap: { fromMs: 5000, toMs: 20_000, reason: 'connection-lost' }, author: HOST, seq: 1 },
    ];
    expect(gaps(friendInbox)).toEqual(expected);
    const stored = [...t.store.rows.values()].find((r) => r.t.gap);
    expect(stored).toMatchObject({ seq: 1, t: { texts: {}, isFinal: true, timestampMs: 5000 } });
    // A late joiner finds it in the room's snapshot.
    const late: ServerMessage[] = [];
    t.room.join(member('late', late));
    const snapshot = late.find((m): m is ServerMessageOf<'transcripts'> => m.type === 'transcripts')!;
    expect(snapshot.transcripts.map((x) => x.gap)).toEqual([expected[0]!.gap]);
  });

  it("after a restart uses the client's estimate, kept within the room's life", async () => {
    const t = setup();
    t.timers.advanceTo(60_000);
    t.room.startAudio(t.host, 'en-US', 30_000);
    await flush();
    expect(gaps(t.inbox)[0]?.gap).toEqual({ fromMs: 30_000, toMs: 60_000, reason: 'connection-lost' });
  });

  it('marks what a failed WebRTC connection lost when the same connection goes on on the socket', async () => {
    const t = setup();
    t.timers.advanceTo(1000);
    t.room.startAudio(t.host, 'en-US');
    t.timers.advanceTo(5000);
    t.room.audio(t.host, new Int16Array(960));
    // Its peer connection failed: the socket start says the audio the client held begins at 9 s.
    t.timers.advanceTo(12_000);
    t.room.startAudio(t.host, 'en-US', 9000);
    await flush();
    expect(gaps(t.inbox)).toEqual([
      { gap: { fromMs: 5000, toMs: 9000, reason: 'connection-lost' }, author: HOST, seq: 1 },
    ]);
    // The held audio began before what the server last heard (a dropped connection's gap,
    // reported again): nothing more is marked.
    t.timers.advanceTo(13_000);
    t.room.audio(t.host, new Int16Array(960));
    t.timers.advanceTo(20_000);
    t.room.startAudio(t.host, 'en-US', 12_000);
    await flush();
    expect(gaps(t.inbox)).toHaveLength(1);
  });

  it('marks nothing for a blip, nor for a recording that did not follow a lost connection', async () => {
    const t = setup();
    t.timers.advanceTo(10_000);
    t.room.startAudio(t.host, 'en-US', 9000);
    t.room.startAudio(t.host, 'en-US');
    await flush();
    expect(gaps(t.inbox)).toEqual([]);
  });
});

describe('LiveRoom typed replies', () => {
  it('adds the line as the sender’s, typed (no asr), stored and shown to everyone with the next seq', async () => {
    const t = setup();
    const friendInbox: ServerMessage[] = [];
    const friend = member('friend', friendInbox);
    t.room.join(friend);
    t.timers.advanceTo(7000);
    t.room.signalTyping(friend);
    t.room.addTypedLine(friend, 'I cannot hear the left side of the room', 'en-US');
    await flush();
    const shown = transcriptMessages(t.inbox).filter((m) => m.transcript.origin === 'human');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      seq: 1,
      transcript: {
        author: 'friend',
        isFinal: true,
        texts: { 'en-US': 'I cannot hear the left side of the room' },
        timestampMs: 7000,
        trackName: 'keyboard',
      },
    });
    expect(shown[0]!.transcript.asr).toBeUndefined();
    expect([...t.store.rows.values()].some((r) => r.t.origin === 'human' && r.seq === 1)).toBe(true);
    // The sender no longer shows as typing.
    const status = t.inbox
      .filter((m) => m.type === 'room-status-update')
      .at(-1) as ServerMessageOf<'room-status-update'>;
    expect(status.status.participants.find((p) => p.avaId === 'friend')?.isTyping).toBe(false);
  });

  it('refuses a read-only member and an ended room', () => {
    const t = setup();
    const reader = { ...member('reader', []), readonly: true };
    t.room.join(reader);
    expect(() => t.room.addTypedLine(reader, 'hi', undefined)).toThrow(/read-only/);
  });
});
