/**
 * Issue 29 F-02: what a room sends to all its sockets is serialised once per kind of viewer
 * (what makes their messages differ: the curse-filter level of a caption, host or read-only of
 * a status), not once per socket. Every member here is a socket as the server builds it
 * (socket/handshake.ts): the room's message through the reader's curse filter, then its wire
 * text (socket/shared-serialization.ts); JSON.stringify is counted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveRoom, type RoomMember } from '../../../../src/server/rooms/room';
import { ReaderCurseFilter } from '../../../../src/server/rooms/curse-filter';
import { wireText } from '../../../../src/server/socket/shared-serialization';
import { forVoicedReplyListeners } from '../../../../src/server/voiced-replies/listeners';
import type { ServerMessage } from '../../../../src/shared/protocol';
import { FakeTimers } from '../../../helpers/fake-timers';
import { roomRecord } from '../../../helpers/room-record';
import { NO_TRANSCRIPTS, acceptingStore, testMember, testServices } from '../../../helpers/live-room';

const SOCKETS_PER_KIND = 10;

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** A socket of `avaId` reading at curse-filter `level`: what it was sent, as text. */
function socket(avaId: string, level: number, changes: Partial<RoomMember> = {}) {
  const wire: string[] = [];
  const filter = new ReaderCurseFilter();
  filter.set(level);
  const member = testMember(avaId, [], {
    ...changes,
    send: (message) => wire.push(wireText(filter.apply(message))),
  });
  return { member, wire };
}

function setup() {
  const timers = new FakeTimers();
  const room = new LiveRoom(
    roomRecord({ id: 'host1_room', hostAvaId: 'host1' }),
    NO_TRANSCRIPTS,
    testServices(timers),
    acceptingStore(),
  );
  const host = socket('host1', 0);
  room.join(host.member);
  // Two kinds of reader: unfiltered and strict, SOCKETS_PER_KIND sockets each (one guest's).
  const readers = [
    ...Array.from({ length: SOCKETS_PER_KIND }, () => socket('guest', 0, { readonly: true })),
    ...Array.from({ length: SOCKETS_PER_KIND }, () => socket('guest', 3, { readonly: true })),
  ];
  for (const r of readers) room.join(r.member);
  return { room, timers, host, readers };
}

/** Counts JSON.stringify of server messages of `type` from now on. */
function countSerialisations(type: ServerMessage['type']): () => number {
  const stringify = vi.spyOn(JSON, 'stringify');
  return () =>
    stringify.mock.calls.filter(([value]) => (value as { type?: string } | null)?.type === type).length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a room’s broadcast is serialised once per kind of viewer', () => {
  it('a typed line: once per curse-filter level, whatever the number of sockets', async () => {
    const t = setup();
    const serialised = countSerialisations('transcript');
    t.room.addTypedLine(t.host.member, 'what the fuck', 'en-US');
    await settle();
    expect(serialised()).toBe(2);
    const received = t.readers.map((r) => JSON.parse(r.wire.at(-1)!).transcript.texts['en-US']);
    expect(new Set(received.slice(0, SOCKETS_PER_KIND))).toEqual(new Set(['what the fuck']));
    expect(new Set(received.slice(SOCKETS_PER_KIND))).toEqual(new Set(['what the ****']));
  });

  it('a status change: once for the host and once for the readers', () => {
    const t = setup();
    t.timers.advanceTo(10_000);
    const serialised = countSerialisations('room-status-update');
    t.room.signalTyping(t.host.member);
    expect(serialised()).toBe(2);
    expect(JSON.parse(t.host.wire.at(-1)!).status.links.rw).toBeDefined();
    expect(JSON.parse(t.readers[0]!.wire.at(-1)!).status.links.rw).toBeUndefined();
  });

  it('a message about the room as a whole (the meeting bot’s panel): once for everyone', () => {
    const t = setup();
    const serialised = countSerialisations('ava-bot-status');
    t.room.announce({ type: 'ava-bot-status', status: 'CAPTIONING' });
    expect(serialised()).toBe(1);
    expect(new Set(t.readers.map((r) => r.wire.at(-1)))).toEqual(new Set([t.host.wire.at(-1)]));
  });

  it('a voiced reply’s chunk: once for all who listen', () => {
    const t = setup();
    for (const r of t.readers) r.member.downAudio = true;
    const serialised = countSerialisations('response-text-to-speech');
    const toSender: ServerMessage[] = [];
    const send = forVoicedReplyListeners(t.room, t.host.member, (m) => toSender.push(m));
    send({ type: 'response-text-to-speech', requestId: 'r1', isDone: false, audio: 'AAAA' });
    // The sender's own message is personal (not serialised here); the listeners' shared one once.
    expect(serialised()).toBe(1);
    expect(JSON.parse(t.readers[0]!.wire.at(-1)!)).toMatchObject({
      requestId: 'host1.r1',
      fromAvaId: 'host1',
    });
  });

  it('a personal message is serialised afresh (it may be reused and changed)', () => {
    const t = setup();
    const serialised = countSerialisations('reading-language');
    const message: ServerMessage = { type: 'reading-language', lang: 'en' };
    t.readers[0]!.member.send(message);
    t.readers[0]!.member.send(message);
    expect(serialised()).toBe(2);
  });
});
