/**
 * Lost audio in a live room (rooms/room-gaps.ts): the span a speaker lost to a dropped
 * connection, or to failed WebRTC audio on a connection that goes on, is marked when their stream
 * resumes, stored and shown like a final. Through a LiveRoom with a fake store and a manual
 * clock, and the gaps alone with a stand-in core.
 */
import { describe, expect, it } from 'vitest';
import { RoomGaps } from '../../../../src/server/rooms/room-gaps';
import type { PendingFinal } from '../../../../src/server/rooms/room-core';
import type { ServerMessage, ServerMessageOf } from '../../../../src/shared/protocol';
import { HOST, testMember, transcriptMessages, transcriptRoom } from '../../../helpers/live-room';
import { roomRecord } from '../../../helpers/room-record';

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

describe('LiveRoom gaps', () => {
  const gaps = (inbox: ServerMessage[]) =>
    transcriptMessages(inbox)
      .filter((m) => m.transcript.gap)
      .map((m) => ({ gap: m.transcript.gap, author: m.transcript.author, seq: m.seq }));

  it('marks the span a speaker lost to a dropped connection, stored and shown to everyone', async () => {
    const t = transcriptRoom();
    const friendInbox: ServerMessage[] = [];
    t.room.join(testMember('friend', friendInbox));
    t.timers.advanceTo(1000);
    t.room.startAudio(t.host, 'en-US');
    t.timers.advanceTo(5000);
    t.room.audio(t.host, new Int16Array(960));
    // The connection is lost: the server last heard the host at 5 s.
    t.timers.advanceTo(9000);
    t.room.leave(t.host);
    t.timers.advanceTo(20_000);
    const back = testMember(HOST, t.inbox);
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
    t.room.join(testMember('late', late));
    const snapshot = late.find((m): m is ServerMessageOf<'transcripts'> => m.type === 'transcripts')!;
    expect(snapshot.transcripts.map((x) => x.gap)).toEqual([expected[0]!.gap]);
  });

  it("after a restart uses the client's estimate, kept within the room's life", async () => {
    const t = transcriptRoom();
    t.timers.advanceTo(60_000);
    t.room.startAudio(t.host, 'en-US', 30_000);
    await flush();
    expect(gaps(t.inbox)[0]?.gap).toEqual({ fromMs: 30_000, toMs: 60_000, reason: 'connection-lost' });
  });

  it('marks what a failed WebRTC connection lost when the same connection goes on on the socket', async () => {
    const t = transcriptRoom();
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
    const t = transcriptRoom();
    t.timers.advanceTo(10_000);
    t.room.startAudio(t.host, 'en-US', 9000);
    t.room.startAudio(t.host, 'en-US');
    await flush();
    expect(gaps(t.inbox)).toEqual([]);
  });
});

function gapsAlone() {
  let now = 0;
  const pushed: PendingFinal[] = [];
  let index = 7;
  const gaps = new RoomGaps(
    {
      record: roomRecord({ startTimestampMs: 1000 }),
      allocateIndex: () => index++,
      pushFinal: (item) => pushed.push(item) > 0,
    },
    () => now,
  );
  const at = (ms: number) => {
    now = ms;
  };
  const marked = () => pushed.map((p) => p.transcript.gap);
  return { gaps, at, pushed, marked, speaker: testMember('s1') };
}

describe('the gaps alone', () => {
  it('mark from the last audio heard to now when a lost connection resumes, as the speaker’s line', () => {
    const t = gapsAlone();
    t.at(5000);
    t.gaps.heard('s1');
    t.at(9000);
    t.gaps.connectionLost('s1');
    t.at(20_000);
    t.gaps.streamStarted(t.speaker, 'en-US', 8000, false);
    expect(t.marked()).toEqual([{ fromMs: 5000, toMs: 20_000, reason: 'connection-lost' }]);
    expect(t.pushed[0]!.transcript).toMatchObject({ author: 's1', index: 7, isFinal: true });
  });

  it('mark up to where the held audio begins when the same connection switches streams', () => {
    const t = gapsAlone();
    t.at(5000);
    t.gaps.heard('s1');
    t.at(12_000);
    t.gaps.streamStarted(t.speaker, 'en-US', 9000, true);
    expect(t.marked()).toEqual([{ fromMs: 5000, toMs: 9000, reason: 'connection-lost' }]);
  });

  it('forget a lost connection once a stream starts, and mark nothing for a new recording', () => {
    const t = gapsAlone();
    t.at(5000);
    t.gaps.heard('s1');
    t.gaps.connectionLost('s1');
    t.at(20_000);
    t.gaps.streamStarted(t.speaker, 'en-US', undefined, false);
    expect(t.marked()).toEqual([]);
    // Resumed later with no lost connection on record: the client's estimate, within the room's life.
    t.at(60_000);
    t.gaps.streamStarted(t.speaker, 'en-US', 500, false);
    expect(t.marked()).toEqual([{ fromMs: 1000, toMs: 60_000, reason: 'connection-lost' }]);
  });
});
