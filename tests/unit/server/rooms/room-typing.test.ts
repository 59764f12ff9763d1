/**
 * Typing in a live room (rooms/room-typing.ts): a typed reply is the sender's own line, typed
 * (no asr), stored and shown to everyone with the next seq, and the sender stops "typing" at
 * once; the typing indicator is broadcast only when it changes. Through a LiveRoom with a fake
 * store and a manual clock, and the typing alone on a real core.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomTyping } from '../../../../src/server/rooms/room-typing';
import type { RoomMember } from '../../../../src/server/rooms/room';
import type { ServerMessage, ServerMessageOf } from '../../../../src/shared/protocol';
import { settle, testCore, testMember, transcriptMessages, transcriptRoom } from '../../../helpers/live-room';

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

describe('LiveRoom typed replies', () => {
  it('adds the line as the sender’s, typed (no asr), stored and shown to everyone with the next seq', async () => {
    const t = transcriptRoom();
    const friendInbox: ServerMessage[] = [];
    const friend = testMember('friend', friendInbox);
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
    const t = transcriptRoom();
    const reader = { ...testMember('reader', []), readonly: true };
    t.room.join(reader);
    expect(() => t.room.addTypedLine(reader, 'hi', undefined)).toThrow(/read-only/);
  });
});

function typingAlone() {
  const t = testCore();
  const typedBy: string[] = [];
  const typing = new RoomTyping(t.core, () => t.timers.now(), {
    // A speaker from their first line on: only that one changes the list.
    typed: (m: RoomMember) => !typedBy.includes(m.avaId) && typedBy.push(m.avaId) > 0,
  });
  return { ...t, typing, typedBy };
}

describe('the typing alone', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells everyone when someone starts typing and when the indicator times out, not at every key', () => {
    const t = typingAlone();
    const friend = t.member('friend');
    t.typing.signal(friend);
    vi.advanceTimersByTime(2000);
    t.typing.signal(friend);
    expect(t.reasons('friend')).toEqual(['someone-is-typing']);
    expect(t.typing.isTyping('friend')).toBe(true);
    vi.advanceTimersByTime(3000);
    expect(t.reasons('friend')).toEqual(['someone-is-typing', 'someone-is-typing']);
    expect(t.typing.isTyping('friend')).toBe(false);
  });

  it('clears quietly for someone who left, and stops every indicator when the room closes', () => {
    const t = typingAlone();
    const a = t.member('a');
    const b = t.member('b');
    t.typing.signal(a);
    t.typing.signal(b);
    t.typing.clear('a');
    t.typing.close();
    vi.advanceTimersByTime(10_000);
    expect(t.reasons('a')).toEqual(['someone-is-typing', 'someone-is-typing']);
    expect(t.typing.isTyping('b')).toBe(false);
  });

  it('a typed line takes the next index and its sender becomes a speaker; refused once the room is ending', async () => {
    const t = typingAlone();
    const friend = t.member('friend');
    t.core.allocateIndex();
    t.typing.addTypedLine(friend, 'hello', undefined);
    await settle();
    expect(transcriptMessages(t.inbox('friend')).map((m) => m.transcript)).toEqual([
      expect.objectContaining({
        index: 1,
        speechLang: 'en-US',
        texts: { 'en-US': 'hello' },
        origin: 'human',
      }),
    ]);
    expect(t.typedBy).toEqual(['friend']);
    // A new speaker: everyone's speakers list is told; a second line changes nothing.
    expect(t.reasons('friend')).toEqual(['speakers-changed']);
    t.typing.addTypedLine(friend, 'hello again', undefined);
    await settle();
    expect(t.reasons('friend')).toEqual(['speakers-changed']);
    void t.core.end();
    expect(() => t.typing.addTypedLine(friend, 'again', 'en-US')).toThrow(
      expect.objectContaining({ code: 'room-ended' }),
    );
  });
});
