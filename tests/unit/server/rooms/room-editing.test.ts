/**
 * People's corrections in a live room (rooms/room-editing.ts) on a real core: a line still being
 * spoken changes for everyone at once, a final's change is stored before anyone sees it, the
 * sender hears the ack once it is shown, a speaker change waits for the final, and a person's
 * cursor goes when their last connection leaves.
 */
import { describe, expect, it } from 'vitest';
import { RoomEditing } from '../../../../src/server/rooms/room-editing';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import type { RoomServices } from '../../../../src/server/rooms/room-contract';
import type { Transcript } from '../../../../src/shared/entities';
import {
  type Mutation,
  NO_TRANSCRIPT_FOUND,
  mutatorHashOf,
} from '../../../../src/shared/transcript-edit/mutation';
import { settle, testCore, transcriptMessages } from '../../../helpers/live-room';
import { roomRecord } from '../../../helpers/room-record';

const line = (id: string, isFinal: boolean, text = 'good morning'): Transcript => ({
  id,
  isFinal,
  author: 'host1',
  authorShow: 'Ada',
  origin: 'asr',
  speechLang: 'en-US',
  texts: { 'en-US': text },
  usePaidASR: false,
  index: 0,
  timestampMs: 0,
  t0: 0,
  trackName: 't',
});

const insert = (id: string, text: string, index = 0): Mutation => ({
  id,
  parent: 0,
  origin: 'human',
  type: 'insert',
  index,
  text,
  lang: 'en-US',
});

function editingAlone(record?: RoomRecord, services?: Partial<RoomServices>) {
  const t = testCore({ ...(record ? { record } : {}), ...(services ? { services } : {}) });
  const speaking = new Map<string, Transcript>();
  const assigned: string[] = [];
  const editing = new RoomEditing(
    t.core,
    { openPartial: (id) => speaking.get(id) },
    { partial: (x) => x },
    { assignLineSpeaker: (lineId, speakerId) => void assigned.push(`${lineId} ${speakerId}`) },
  );
  return { ...t, editing, speaking, assigned };
}

describe('the editing alone', () => {
  it('refuses a line the room does not have, and a gap', async () => {
    const t = editingAlone();
    const host = t.member('host1');
    expect(() => t.editing.edit(host, 'nope', insert('m1', 'Oh '))).toThrow(NO_TRANSCRIPT_FOUND);
    t.core.pushFinal({
      transcript: { ...line('gap1', true, ''), gap: { fromMs: 0, toMs: 1, reason: 'connection-lost' } },
    });
    expect(() => t.editing.edit(host, 'gap1', insert('m1', 'Oh '))).toThrow(
      expect.objectContaining({ code: 'invalid-message' }),
    );
  });

  it('changes a line still being spoken for everyone at once, then acks the sender', () => {
    const t = editingAlone();
    const host = t.member('host1');
    t.member('g1');
    t.speaking.set('p1', line('p1', false));
    t.editing.edit(host, 'p1', insert('m1', 'Oh, '));
    expect(transcriptMessages(t.inbox('g1'))).toEqual([
      expect.objectContaining({
        seq: 0,
        transcript: expect.objectContaining({ id: 'p1' }),
        change: expect.anything(),
      }),
    ]);
    expect(transcriptMessages(t.inbox('g1'))[0]!.transcript.texts['en-US']).toBe('Oh, good morning');
    expect(t.inbox('host1').map((m) => m.type)).toEqual(['transcript', 'transcript-edit-ack']);
    // A resend of the same mutation is acked again, and changes nothing.
    t.editing.edit(host, 'p1', insert('m1', 'Oh, '));
    expect(t.inbox('host1').map((m) => m.type)).toEqual([
      'transcript',
      'transcript-edit-ack',
      'transcript-edit-ack',
    ]);
  });

  it('stores a final’s change before anyone sees it, then acks the sender', async () => {
    const t = editingAlone();
    const host = t.member('host1');
    t.core.pushFinal({ transcript: line('f1', true) });
    await settle();
    t.editing.edit(host, 'f1', insert('m1', 'Oh, '));
    expect(t.inbox('host1').map((m) => m.type)).toEqual(['transcript']);
    await settle();
    expect(t.inbox('host1').map((m) => m.type)).toEqual(['transcript', 'transcript', 'transcript-edit-ack']);
    expect(transcriptMessages(t.inbox('host1')).at(-1)).toMatchObject({
      seq: 2,
      transcript: { texts: { 'en-US': 'Oh, good morning' } },
    });
    expect(t.core.transcripts()[0]!.texts['en-US']).toBe('Oh, good morning');
  });

  it("refuses a change past the room's line cap with a clear error, storing and sending nothing", async () => {
    const t = editingAlone(undefined, { lineCap: { chars: 20, words: 10 } });
    const host = t.member('host1');
    t.core.pushFinal({ transcript: line('f1', true) });
    await settle();
    const shownBefore = t.inbox('host1').length;
    expect(() => t.editing.edit(host, 'f1', insert('m1', 'Oh, hello there, '))).toThrow(
      expect.objectContaining({
        code: 'invalid-message',
        message:
          'transcript-edit.mutation: the line would hold 29 characters; a line holds at most 20: start a new line instead',
      }),
    );
    await settle();
    expect(t.inbox('host1')).toHaveLength(shownBefore);
    expect(t.core.transcripts()[0]!.texts['en-US']).toBe('good morning');
  });

  it('a speaker change waits for the final, then goes to the speakers', async () => {
    const t = editingAlone();
    const host = t.member('host1');
    const changeSpeaker: Mutation = {
      id: 'm1',
      parent: 0,
      origin: 'human',
      type: 'changeSpeaker',
      speakerId: 'g1',
    };
    t.speaking.set('p1', line('p1', false));
    expect(() => t.editing.edit(host, 'p1', changeSpeaker)).toThrow(/waits for its final/);
    t.core.pushFinal({ transcript: line('f1', true) });
    await settle();
    t.editing.edit(host, 'f1', changeSpeaker);
    expect(t.assigned).toEqual(['f1 g1']);
    expect(t.inbox('host1').at(-1)).toMatchObject({ type: 'transcript-edit-ack', mutationId: 'm1' });
  });

  it('takes a person’s cursor away once their last connection has left', () => {
    const t = editingAlone();
    const first = t.member('g1');
    const second = t.member('g1');
    t.member('host1');
    t.speaking.set('p1', line('p1', false));
    const cursor: Mutation = {
      id: 'c1',
      parent: 0,
      origin: 'human',
      type: 'cursor',
      mutatorHash: mutatorHashOf('g1'),
      index: 4,
    };
    t.editing.edit(first, 'p1', cursor);
    const cursors = () => t.inbox('host1').filter((m) => m.type === 'transcript-cursors');
    expect(cursors()).toHaveLength(1);
    t.core.removeMember(first);
    t.editing.memberLeft(first);
    expect(cursors()).toHaveLength(1);
    t.core.removeMember(second);
    t.editing.memberLeft(second);
    expect(cursors().at(-1)).toEqual({ type: 'transcript-cursors', transcriptId: 'p1', cursors: [] });
  });

  it('is restricted in a public-muted room or when the host turned editing off', () => {
    expect(editingAlone().editing.restricted).toBe(false);
    expect(editingAlone(roomRecord({ conversationMode: 'public-muted' })).editing.restricted).toBe(true);
    expect(editingAlone(roomRecord({ editingDisabled: true })).editing.restricted).toBe(true);
  });

  it('refuses every correction once the room is ending', () => {
    const t = editingAlone();
    const host = t.member('host1');
    t.speaking.set('p1', line('p1', false));
    void t.core.end();
    expect(() => t.editing.edit(host, 'p1', insert('m1', 'Oh '))).toThrow(
      expect.objectContaining({ code: 'room-ended' }),
    );
  });
});
