/**
 * A live room's speakers (rooms/room-speakers.ts) on a real core: the list everyone's status
 * shows, made from the stored lines and stored voicing speakers, people who speak or type; what
 * who-said-what refuses becomes a RoomError, and everything is refused once the room is ending.
 * Who said what itself is tested through a LiveRoom in speakers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { RoomError } from '../../../../src/server/rooms/room';
import { RoomSpeakerList } from '../../../../src/server/rooms/room-speakers';
import type { StoredSpeaker } from '../../../../src/server/rooms/speakers-repository';
import type { StoredFinal } from '../../../../src/server/transcripts/repository';
import { testCore, testMember } from '../../../helpers/live-room';

const line = (id: string, author: string, authorShow: string): StoredFinal => ({
  seq: 1,
  transcript: {
    id,
    isFinal: true,
    author,
    authorShow,
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': 'hello' },
    usePaidASR: false,
    index: 0,
    timestampMs: 0,
    t0: 0,
    trackName: 't',
  },
});

const grandma: StoredSpeaker = {
  speakerId: 'voicing-grandma',
  name: 'Grandma',
  identified: false,
  claimedBy: null,
  createdAtMs: 0,
};

function speakersAlone(
  options: { stored?: StoredFinal[]; speakers?: StoredSpeaker[]; embedder?: boolean } = {},
) {
  const t = testCore({ stored: { finals: options.stored ?? [], nextIndex: 1, seq: 1 } });
  const saved: StoredSpeaker[] = [];
  const list = new RoomSpeakerList(
    t.core,
    {
      now: () => t.timers.now(),
      ...(options.embedder ? { speakerEmbedder: { embed: () => undefined } } : {}),
    },
    async (speaker) => void saved.push(speaker),
    options.speakers,
  );
  return { ...t, list, saved };
}

describe('the speakers list', () => {
  it('starts from the stored lines’ authors and the voicing speakers stored', () => {
    const t = speakersAlone({
      stored: [line('a', 'host1', 'Ada'), line('b', 'host1', 'Ada')],
      speakers: [grandma],
    });
    expect(t.list.list()).toEqual([
      { avaId: 'host1', avaName: 'Ada', userName: 'Ada' },
      { avaId: 'voicing-grandma', avaName: 'Grandma', userName: 'Grandma', voicing: true },
    ]);
  });

  it('shows who speaks under their name now, and who types once', () => {
    const t = speakersAlone({ stored: [line('a', 'host1', 'Ada')] });
    t.list.spoke(testMember('host1', [], { userName: 'Ada L.' }));
    t.list.typed(testMember('host1', [], { userName: 'Someone else' }));
    t.list.typed(testMember('g1', [], { userName: 'Grace' }));
    expect(t.list.list()).toEqual([
      { avaId: 'host1', avaName: 'Ada L.', userName: 'Ada L.' },
      { avaId: 'g1', avaName: 'Grace', userName: 'Grace' },
    ]);
  });

  it('turns a refusal into a RoomError with its code', async () => {
    const t = speakersAlone();
    expect(() => t.list.assignLineSpeaker('nope', 'host1')).toThrow(RoomError);
    expect(() => t.list.assignLineSpeaker('nope', 'host1')).toThrow(
      expect.objectContaining({ code: 'invalid-message' }),
    );
    await expect(t.list.nameVoicingSpeaker('voicing-x', 'A')).rejects.toMatchObject({
      code: 'invalid-message',
    });
    await t.list.nameVoicingSpeaker('voicing-x', 'Grandpa');
    expect(t.saved.map((s) => s.name)).toEqual(['Grandpa']);
  });

  it('refuses every change once the room is ending', async () => {
    const t = speakersAlone({ speakers: [grandma] });
    void t.core.end();
    const ended = { code: 'room-ended' };
    await expect(t.list.streamSpeaker(testMember('host1'), 'Laptop')).rejects.toMatchObject(ended);
    await expect(t.list.nameVoicingSpeaker('voicing-grandma', 'Nan')).rejects.toMatchObject(ended);
    await expect(t.list.claimVoicingSpeaker(testMember('host1'), 'voicing-grandma')).rejects.toMatchObject(
      ended,
    );
    expect(() => t.list.assignLineSpeaker('a', 'host1')).toThrow(expect.objectContaining(ended));
    expect(t.saved).toEqual([]);
  });

  it('identifies speakers only when the server has a model', () => {
    expect(speakersAlone().list.identification).toBeUndefined();
    expect(speakersAlone({ embedder: true }).list.identification).toBeDefined();
  });
});
