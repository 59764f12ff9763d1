/**
 * A live room's speakers (rooms/room-speakers.ts) on a real core: the list everyone's status
 * shows, made from the stored lines and stored voicing speakers, people who speak or type; what
 * who-said-what refuses becomes a RoomError, and everything is refused once the room is ending.
 * Who said what itself is tested through a LiveRoom in speakers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { RoomError } from '../../../../src/server/rooms/room';
import { RoomSpeakerList } from '../../../../src/server/rooms/room-speakers';
import { speakerTheme } from '../../../../src/shared/speakers';
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
      { avaId: 'host1', avaName: 'Ada', userName: 'Ada', theme: speakerTheme('host1') },
      {
        avaId: 'voicing-grandma',
        avaName: 'Grandma',
        userName: 'Grandma',
        voicing: true,
        theme: speakerTheme('voicing-grandma'),
      },
    ]);
  });

  it('shows who speaks under their name now, and who types once', () => {
    const t = speakersAlone({ stored: [line('a', 'host1', 'Ada')] });
    t.list.spoke(testMember('host1', [], { userName: 'Ada L.' }));
    t.list.typed(testMember('host1', [], { userName: 'Someone else' }));
    t.list.typed(testMember('g1', [], { userName: 'Grace' }));
    expect(t.list.list()).toEqual([
      { avaId: 'host1', avaName: 'Ada L.', userName: 'Ada L.', theme: speakerTheme('host1') },
      { avaId: 'g1', avaName: 'Grace', userName: 'Grace', theme: speakerTheme('g1') },
    ]);
  });

  it('marks for each viewer the speaker they are, and the voicing speakers heard on their own microphone', () => {
    const fromMine = line('b', 'voicing-grandma', 'Grandma');
    fromMine.transcript.sourceAuthor = 'host1';
    const t = speakersAlone({ stored: [line('a', 'host1', 'Ada'), fromMine], speakers: [grandma] });
    const seenBy = (viewer?: string) =>
      Object.fromEntries(
        t.list.list(viewer).map((s) => [s.avaId, { myself: s.myself, possiblyMyself: s.possiblyMyself }]),
      );
    expect(seenBy('host1')).toEqual({
      host1: { myself: true, possiblyMyself: undefined },
      'voicing-grandma': { myself: undefined, possiblyMyself: true },
    });
    // Another viewer is neither, and nothing is anyone's without a viewer (the host's server-side view).
    expect(seenBy('g1')).toEqual({
      host1: { myself: undefined, possiblyMyself: undefined },
      'voicing-grandma': { myself: undefined, possiblyMyself: undefined },
    });
    expect(seenBy()).toEqual(seenBy('g1'));
    expect(t.list.isPersonalTo('host1')).toBe(true);
    expect(t.list.isPersonalTo('g1')).toBe(false);
  });

  it('shows an account’s picture with their speaker, and nothing for someone without one', () => {
    const t = speakersAlone();
    t.list.spoke(testMember('host1', [], { userName: 'Ada', userAvatar: 'https://photos.example/ada.png' }));
    t.list.typed(testMember('g1', [], { userName: 'Grace' }));
    const [ada, grace] = t.list.list();
    expect(ada?.userAvatar).toBe('https://photos.example/ada.png');
    expect(grace).not.toHaveProperty('userAvatar');
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
