/**
 * The core of a live room (rooms/room-core.ts), with a fake store and a manual clock: finals are
 * shown only once stored, each with the next seq; a failing store holds them (in order) until it
 * recovers; indexes continue from the stored counter; joiners get a bounded snapshot and page
 * back; ending refuses audio at once and is stored before anyone is told; joins and leaves are
 * told at once, then at most once per interval, with one status per kind of viewer. Through a
 * LiveRoom, and the core alone with stand-in parts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RecognizerEvent } from '../../../../src/native/speech/types';
import type { StoredFinal } from '../../../../src/server/transcripts/repository';
import { MEMBERSHIP_BROADCAST_MS, RoomError, type RoomMember } from '../../../../src/server/rooms/room';
import { TRANSCRIPT_SNAPSHOT_SIZE } from '../../../../src/shared/constants';
import type { ConversationStatus, Transcript } from '../../../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../../../src/shared/protocol';
import {
  FakeTranscriptStore,
  HOST,
  settle,
  sharingRoom,
  testCore,
  testMember,
  transcriptMessages,
  transcriptRoom,
} from '../../../helpers/live-room';

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
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

const ev = (kind: RecognizerEvent['kind'], segment: number, text: string): RecognizerEvent => ({
  kind,
  segment,
  text,
  startMs: segment * 1000,
  endMs: segment * 1000 + 900,
});

const finalsShown = (inbox: ServerMessage[]) =>
  transcriptMessages(inbox)
    .filter((m) => m.transcript.isFinal && m.transcript.texts['en-US'])
    .map((m) => ({ text: m.transcript.texts['en-US'], seq: m.seq, index: m.transcript.index }));

function finalsShownId(inbox: ServerMessage[], n: number): string {
  return transcriptMessages(inbox).filter((m) => m.transcript.isFinal)[n]!.transcript.id;
}

describe('LiveRoom transcripts', () => {
  it('shows a final only once stored, with the next seq; partials carry the current seq', async () => {
    const t = transcriptRoom();
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
    const t = transcriptRoom();
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
    t.room.join(testMember('late', late));
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
    const store = new FakeTranscriptStore(8);
    const t = transcriptRoom({ finals: [storedFinal(0, 1), storedFinal(1, 2)], nextIndex: 8, seq: 2 }, store);
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
    const t = transcriptRoom({ finals, nextIndex: total, seq: total });
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
    const t = transcriptRoom();
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

describe('membership broadcasts', () => {
  it('a broadcast builds one status per kind of viewer, each still seeing only what it may', () => {
    vi.useFakeTimers();
    const live = sharingRoom();
    const received = new Map<string, ServerMessage[]>();
    const member = (avaId: string, readonly: boolean): RoomMember => {
      received.set(avaId, []);
      return {
        avaId,
        userName: avaId,
        role: 'participant',
        readonly,
        usePaidASR: false,
        send: (message) => received.get(avaId)!.push(message),
      };
    };
    live.join(member('host1', false));
    for (const id of ['w1', 'w2', 'r1', 'r2']) live.join(member(id, id.startsWith('r')));
    live.join(member('w3', false));
    // Arrivals in a burst are told together once the interval is over.
    vi.advanceTimersByTime(MEMBERSHIP_BROADCAST_MS);
    vi.useRealTimers();
    const last = (avaId: string) =>
      received
        .get(avaId)!
        .filter((m) => m.type === 'room-status-update')
        .at(-1) as ServerMessageOf<'room-status-update'>;
    // The last join's update: the same object for viewers of one kind, a different one per kind.
    expect(last('w1')).toBe(last('w2'));
    expect(last('r1')).toBe(last('r2'));
    expect(last('w1')).not.toBe(last('r1'));
    expect(last('host1')).not.toBe(last('r1'));
    expect(last('w1').status.participants).toHaveLength(6);
    expect(JSON.stringify(last('r1'))).not.toContain('RWTOKEN');
    expect(last('w1').status.links.rw).toContain('RWTOKEN');
  });

  it('a burst of arrivals is told at once, then once more with everyone, not once per arrival', () => {
    vi.useFakeTimers();
    try {
      const live = sharingRoom();
      const updates: ServerMessageOf<'room-status-update'>[] = [];
      const member = (avaId: string, listen = false): RoomMember => ({
        avaId,
        userName: avaId,
        role: 'participant',
        readonly: false,
        usePaidASR: false,
        send: (message) => {
          if (listen && message.type === 'room-status-update') updates.push(message);
        },
      });
      live.join(member('host1', true));
      vi.advanceTimersByTime(MEMBERSHIP_BROADCAST_MS);
      for (let i = 0; i < 50; i++) live.join(member(`reader-${i}`));
      // The first arrival at once; the other 49 wait for the interval.
      expect(updates).toHaveLength(1);
      vi.advanceTimersByTime(MEMBERSHIP_BROADCAST_MS - 1);
      expect(updates).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(updates).toHaveLength(2);
      expect(updates[1]!.status.participants).toHaveLength(51);
      // Quiet again: the next arrival is told at once.
      vi.advanceTimersByTime(MEMBERSHIP_BROADCAST_MS);
      live.join(member('late'));
      expect(updates).toHaveLength(3);
      expect(updates[2]!.status.participants).toHaveLength(52);
    } finally {
      vi.useRealTimers();
    }
  });
});

const typed = (id: string, index: number, text: string): Transcript => ({
  id,
  isFinal: true,
  author: HOST,
  authorShow: 'Ada',
  origin: 'human',
  speechLang: 'en-US',
  texts: { 'en-US': text },
  usePaidASR: false,
  index,
  timestampMs: index,
  t0: 0,
  trackName: 'keyboard',
});

describe('the core alone', () => {
  it('stores a final before anyone sees it, then shows it with the next seq and serves it to joiners', async () => {
    const store = new FakeTranscriptStore();
    const t = testCore({ store });
    t.member(HOST);
    expect(t.core.pushFinal({ transcript: typed('a', 0, 'hello') })).toBe(true);
    // Being stored: the latest version of the line, for a correction made now.
    expect(t.core.storedLine('a')?.texts['en-US']).toBe('hello');
    expect(t.inbox(HOST)).toEqual([]);
    await settle();
    expect(transcriptMessages(t.inbox(HOST)).map((m) => [m.seq, m.transcript.id])).toEqual([[1, 'a']]);
    expect(store.rows.get('a')?.seq).toBe(1);
    expect(t.core.seq).toBe(1);
    expect(t.core.snapshot()).toMatchObject({ seq: 1, hasOlder: false, transcripts: [{ id: 'a' }] });
    expect(t.core.transcriptsSince(0).transcripts.map((x) => x.id)).toEqual(['a']);
    expect(t.calls).toEqual(['translateFinal']);
  });

  it('a final again with its translations is stored and shown, not translated again', async () => {
    const t = testCore();
    t.member(HOST);
    t.core.pushFinal({ transcript: typed('a', 0, 'hello') });
    await settle();
    t.core.pushFinal({ transcript: { ...typed('a', 0, 'hello'), texts: { es: 'hola' } }, translated: true });
    await settle();
    expect(transcriptMessages(t.inbox(HOST)).at(-1)).toMatchObject({
      seq: 2,
      transcript: { texts: { 'en-US': 'hello', es: 'hola' } },
    });
    expect(t.calls).toEqual(['translateFinal']);
  });

  it('builds one status per kind of viewer for a broadcast, and skips who already knows', () => {
    let built = 0;
    const t = testCore({
      hooks: {
        status: (reason) => {
          built += 1;
          return { reason } as unknown as ConversationStatus;
        },
      },
    });
    const host = t.member(HOST);
    t.member('w1');
    t.member('w2');
    t.member('r1', { readonly: true });
    t.core.broadcast('title-updated', host);
    expect(built).toBe(2);
    expect(t.reasons(HOST)).toEqual([]);
    expect(t.reasons('w2')).toEqual(['title-updated']);
  });

  it('ends: the parts stop, the last finals are stored, then the end, and only then is anyone told', async () => {
    const order: string[] = [];
    const t = testCore({ services: { updateRoom: async () => void order.push('stored') } });
    const host = t.member(HOST);
    host.send = (m) => void (m.type === 'room-status-update' && order.push(m.reason));
    t.core.onEnded(() => order.push('listener'));
    const ending = t.core.end();
    expect(t.core.endingOrEnded).toBe(true);
    expect(() => t.core.refuseOnceEnding()).toThrow(RoomError);
    expect(t.core.end()).toBe(ending);
    await ending;
    expect(t.calls).toEqual(['ending', 'stopStreams', 'streamsStopped']);
    expect(order).toEqual(['stored', 'ended', 'listener']);
    expect(t.core.state).toBe('ended');
    expect(t.core.busy).toBe(false);
    // Once ended, a listener runs at once.
    let late = false;
    t.core.onEnded(() => (late = true));
    expect(late).toBe(true);
  });

  it('closing with a database that never takes the finals gives up after 10 s and names what is lost', async () => {
    const store = new FakeTranscriptStore();
    store.down = true;
    const t = testCore({ store });
    t.core.pushFinal({ transcript: typed('a', 0, 'hello') });
    expect(t.core.busy).toBe(true);
    const closing = t.core.close();
    await settle();
    t.timers.advanceTo(10_000);
    await closing;
    expect(t.calls).toEqual(['closing', 'stopStreams', 'streamsStopped']);
    expect(t.logs.at(-1)).toEqual({
      level: 'error',
      message: 'the room closed with finals the database never took; they are lost',
      extra: { roomId: 'host1_room', lost: ['a'] },
    });
  });

  it('tells a change of membership at once, holds the next for the interval, and says nothing once closed', async () => {
    const t = testCore();
    t.member(HOST);
    t.core.announceMembership('participant-joined');
    t.core.announceMembership('participant-left');
    expect(t.reasons(HOST)).toEqual(['participant-joined']);
    await t.core.close();
    t.timers.advanceTo(MEMBERSHIP_BROADCAST_MS);
    expect(t.reasons(HOST)).toEqual(['participant-joined']);
  });
});

describe('storing a line again (issue 31)', () => {
  it('costs the same in a room of 20,000 finals: the line is found by id and replaced in its place', async () => {
    const LINES = 20_000;
    let reads = 0;
    /** A stored final whose id and index count how often they are read. */
    const counted = (index: number): StoredFinal => {
      const final = storedFinal(index, index + 1);
      const { id } = final.transcript;
      Object.defineProperty(final.transcript, 'id', { enumerable: true, get: () => (reads++, id) });
      Object.defineProperty(final.transcript, 'index', { enumerable: true, get: () => (reads++, index) });
      return final;
    };
    const finals = Array.from({ length: LINES }, (_, i) => counted(i));
    const t = testCore({ stored: { finals, nextIndex: LINES, seq: LINES } });
    t.member(HOST);
    reads = 0;
    const line = t.core.storedLine('old.7000')!;
    const corrected = { ...line, texts: { 'en-US': 'line 7000, corrected' } };
    t.core.pushFinal({ transcript: corrected });
    await settle();
    // Before, finding the line and its place walked every final: about 2 × 20,000 reads.
    expect(reads).toBeLessThan(500);
    expect(t.core.storedLine('old.7000')?.texts['en-US']).toBe('line 7000, corrected');
    const all = t.core.transcripts();
    expect(all).toHaveLength(LINES);
    expect(all[7000]!.texts['en-US']).toBe('line 7000, corrected');
    expect(all.every((x, i) => x.index === i)).toBe(true);
  });
});
