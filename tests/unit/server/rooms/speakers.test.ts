/**
 * Who said what in a live room (rooms/speakers.ts through LiveRoom), with a fake store and clock:
 * naming a speaker who has no device, giving a line to another speaker, renaming, claiming;
 * every change stored before it is shown, with the next seq, and a room loaded again from what
 * was stored has the same speakers and lines.
 */
import { describe, expect, it } from 'vitest';
import type { StoredSpeaker } from '../../../../src/server/rooms/speakers-repository';
import type { RoomTranscripts, StoredFinal } from '../../../../src/server/transcripts/repository';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { LiveRoom, type RoomMember, type TranscriptStore } from '../../../../src/server/rooms/room';
import { streamSpeakerId } from '../../../../src/server/rooms/speakers';
import { isVoicingSpeakerId } from '../../../../src/shared/speakers';
import type { Transcript } from '../../../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../../../src/shared/protocol';
import { MAX_VOICING_SPEAKERS_PER_ROOM, speakerTheme } from '../../../../src/shared/speakers';
import { FakeTimers } from '../../../helpers/fake-timers';
import { roomRecord } from '../../../helpers/room-record';

const HOST = 'host1';
const GRANDMA = 'voicing-grandma0001';

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

class FakeStore implements TranscriptStore {
  readonly rows = new Map<string, { t: Transcript; seq: number }>();
  readonly speakers = new Map<string, StoredSpeaker>();
  /** While set, writes wait until it is called. */
  hold: Promise<void> | undefined;
  speakerDown = false;
  async saveFinal(_roomId: string, t: Transcript, seq: number): Promise<void> {
    await this.hold;
    this.rows.set(t.id, { t, seq });
  }
  async reserveIndexes(_roomId: string, upTo: number): Promise<number> {
    return upTo;
  }
  async saveSpeaker(_roomId: string, s: StoredSpeaker): Promise<void> {
    if (this.speakerDown) throw new Error('database unreachable');
    this.speakers.set(s.speakerId, s);
  }
  /** What the repository would load: rows in index order, the last seq, the speakers. */
  loaded(): RoomTranscripts {
    const finals: StoredFinal[] = [...this.rows.values()]
      .map(({ t, seq }) => ({ transcript: t, seq }))
      .sort((a, b) => a.transcript.index - b.transcript.index);
    return {
      finals,
      nextIndex: finals.length,
      seq: Math.max(0, ...finals.map((f) => f.seq)),
      speakers: [...this.speakers.values()],
    };
  }
}

function member(avaId: string, inbox: ServerMessage[], userName = avaId): RoomMember {
  return {
    avaId,
    userName,
    role: 'participant',
    readonly: false,
    usePaidASR: false,
    send: (m) => inbox.push(m),
  };
}

const tracks: AudioTrack[] = [];

function newRoom(store: FakeStore, timers: FakeTimers, stored?: RoomTranscripts): LiveRoom {
  return new LiveRoom(
    roomRecord({ id: `${HOST}_room`, hostAvaId: HOST }),
    stored ?? { finals: [], nextIndex: 0, seq: 0 },
    {
      updateRoom: async () => undefined,
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
}

function setup() {
  const timers = new FakeTimers();
  const store = new FakeStore();
  const room = newRoom(store, timers);
  const inbox: ServerMessage[] = [];
  const friendInbox: ServerMessage[] = [];
  const host = member(HOST, inbox, 'Ada');
  const friend = member('friend', friendInbox, 'Bea');
  room.join(host);
  room.join(friend);
  return { room, store, timers, inbox, friendInbox, host, friend };
}

const finals = (inbox: ServerMessage[]) =>
  inbox.filter((m): m is ServerMessageOf<'transcript'> => m.type === 'transcript' && m.transcript.isFinal);
const lastStatus = (inbox: ServerMessage[]) =>
  inbox.filter((m): m is ServerMessageOf<'room-status-update'> => m.type === 'room-status-update').at(-1)!;

/** The host types a line and it is stored; answers its id. */
async function hostLine(t: ReturnType<typeof setup>, text: string): Promise<string> {
  t.room.addTypedLine(t.host, text, 'en-US');
  await flush();
  return finals(t.inbox).at(-1)!.transcript.id;
}

describe('voicing speakers', () => {
  it('naming one creates it: stored first, then everyone sees it in the speakers list with the reason', async () => {
    const t = setup();
    await t.room.nameVoicingSpeaker(GRANDMA, '  Grandma   Rose ');
    expect(t.store.speakers.get(GRANDMA)).toMatchObject({
      name: 'Grandma Rose',
      claimedBy: null,
      identified: false,
    });
    const update = lastStatus(t.friendInbox);
    expect(update.reason).toBe('speakers-changed');
    expect(update.status.speakers).toContainEqual({
      avaId: GRANDMA,
      avaName: 'Grandma Rose',
      userName: 'Grandma Rose',
      voicing: true,
      theme: speakerTheme(GRANDMA),
    });
  });

  it('refuses a name outside the spec’s 2 to 49 characters, with the rule’s own words, and changes nothing', async () => {
    const t = setup();
    await expect(t.room.nameVoicingSpeaker(GRANDMA, ' x ')).rejects.toThrow(
      'A name must have 2 to 49 characters.',
    );
    await expect(t.room.nameVoicingSpeaker(GRANDMA, 'y'.repeat(50))).rejects.toMatchObject({
      code: 'invalid-message',
    });
    expect(t.store.speakers.size).toBe(0);
    expect(t.room.status().speakers.some((s) => s.avaId === GRANDMA)).toBe(false);
  });

  it('tells nobody when the database did not take the name', async () => {
    const t = setup();
    t.store.speakerDown = true;
    const before = t.friendInbox.length;
    await expect(t.room.nameVoicingSpeaker(GRANDMA, 'Grandma')).rejects.toThrow(/unreachable/);
    expect(t.friendInbox.slice(before)).toEqual([]);
    expect(t.room.status().speakers.some((s) => s.avaId === GRANDMA)).toBe(false);
  });

  it(`allows at most ${MAX_VOICING_SPEAKERS_PER_ROOM} per room`, async () => {
    const t = setup();
    for (let i = 0; i < MAX_VOICING_SPEAKERS_PER_ROOM; i++)
      await t.room.nameVoicingSpeaker(`voicing-many${String(i).padStart(6, '0')}`, `Person ${i}`);
    await expect(t.room.nameVoicingSpeaker('voicing-onetoomany', 'One Too Many')).rejects.toMatchObject({
      code: 'rate-limited',
    });
    // Renaming one already there is still fine.
    await t.room.nameVoicingSpeaker('voicing-many000000', 'Renamed');
  });
});

describe('changing the speaker of a line', () => {
  it('gives the line to a voicing speaker: stored with the next seq, then shown to everyone, its maker kept', async () => {
    const t = setup();
    const lineId = await hostLine(t, 'I made the tea.');
    await t.room.nameVoicingSpeaker(GRANDMA, 'Grandma');
    t.room.assignLineSpeaker(lineId, GRANDMA);
    await flush();
    const shown = finals(t.friendInbox).at(-1)!;
    expect(shown.seq).toBe(2);
    expect(shown.transcript).toMatchObject({
      id: lineId,
      author: GRANDMA,
      authorShow: 'Grandma',
      sourceAuthor: HOST,
      texts: { 'en-US': 'I made the tea.' },
    });
    expect(t.store.rows.get(lineId)).toMatchObject({ seq: 2, t: { author: GRANDMA, sourceAuthor: HOST } });
    // Whose microphone or keyboard made it: the person who may still change it.
    expect(t.room.lineSourceOf(lineId)).toBe(HOST);
    // A late joiner sees the line as Grandma's.
    const lateInbox: ServerMessage[] = [];
    t.room.join(member('late', lateInbox));
    const snapshot = lateInbox.find((m): m is ServerMessageOf<'transcripts'> => m.type === 'transcripts')!;
    expect(snapshot.transcripts.find((l) => l.id === lineId)).toMatchObject({ author: GRANDMA });
    expect(snapshot.seq).toBe(2);
  });

  it('gives it to a person in the room, and back to its maker (no longer marked as someone else’s)', async () => {
    const t = setup();
    const lineId = await hostLine(t, 'Bea said this, not me.');
    t.room.assignLineSpeaker(lineId, 'friend');
    await flush();
    expect(finals(t.inbox).at(-1)!.transcript).toMatchObject({
      author: 'friend',
      authorShow: 'Bea',
      sourceAuthor: HOST,
    });
    expect(t.room.status().speakers.map((s) => s.avaId)).toContain('friend');
    t.room.assignLineSpeaker(lineId, HOST);
    await flush();
    const back = finals(t.inbox).at(-1)!;
    expect(back.transcript.author).toBe(HOST);
    expect(back.transcript.sourceAuthor).toBeUndefined();
    expect(back.seq).toBe(3);
  });

  it('refuses an unknown line, an unknown speaker and a gap, with what is wrong', async () => {
    const t = setup();
    const lineId = await hostLine(t, 'hello');
    expect(() => t.room.assignLineSpeaker('nosuchline', HOST)).toThrow(/blocId: no stored line/);
    expect(() => t.room.assignLineSpeaker(lineId, 'stranger')).toThrow(/speakerId: no such speaker/);
    // A gap marker (a speaker's connection lost) is not speech.
    t.room.startAudio(t.host, 'en-US');
    t.timers.advanceTo(10_000);
    t.room.leave(t.host);
    await flush();
    t.timers.advanceTo(60_000);
    t.room.join(t.host);
    t.room.startAudio(t.host, 'en-US', 10_000);
    await flush();
    const gap = finals(t.friendInbox).find((m) => m.transcript.gap)!;
    expect(gap).toBeDefined();
    expect(() => t.room.assignLineSpeaker(gap.transcript.id, 'friend')).toThrow(/gap/);
  });

  it('refuses once the room is ending', async () => {
    const t = setup();
    const lineId = await hostLine(t, 'hello');
    void t.room.end();
    expect(() => t.room.assignLineSpeaker(lineId, 'friend')).toThrow(/ended/);
    await expect(t.room.nameVoicingSpeaker(GRANDMA, 'Grandma')).rejects.toMatchObject({ code: 'room-ended' });
  });

  it('a rename reaches every line of the speaker, even one whose change is still being stored', async () => {
    const t = setup();
    const first = await hostLine(t, 'one');
    const second = await hostLine(t, 'two');
    await t.room.nameVoicingSpeaker(GRANDMA, 'Grandma');
    t.room.assignLineSpeaker(first, GRANDMA);
    await flush();
    let release!: () => void;
    t.store.hold = new Promise<void>((r) => (release = r));
    t.room.assignLineSpeaker(second, GRANDMA);
    await t.room.nameVoicingSpeaker(GRANDMA, 'Granny Rose');
    release();
    t.store.hold = undefined;
    await t.room.settled();
    for (const id of [first, second])
      expect(t.store.rows.get(id)!.t).toMatchObject({ author: GRANDMA, authorShow: 'Granny Rose' });
    const shownLast = new Map(finals(t.friendInbox).map((m) => [m.transcript.id, m.transcript.authorShow]));
    expect(shownLast.get(first)).toBe('Granny Rose');
    expect(shownLast.get(second)).toBe('Granny Rose');
    // Every change its own seq, gapless.
    const seqs = finals(t.friendInbox).map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });
});

describe('claiming a voicing speaker', () => {
  it('gives its lines to the person who claims it, removes it from the list, and sends its later lines to them', async () => {
    const t = setup();
    const lineId = await hostLine(t, 'It was me on Ada’s microphone.');
    await t.room.nameVoicingSpeaker(GRANDMA, 'Grandma');
    t.room.assignLineSpeaker(lineId, GRANDMA);
    await flush();
    await t.room.claimVoicingSpeaker(t.friend, GRANDMA);
    await flush();
    expect(finals(t.inbox).at(-1)!.transcript).toMatchObject({
      id: lineId,
      author: 'friend',
      authorShow: 'Bea',
      sourceAuthor: HOST,
    });
    const speakers = lastStatus(t.inbox).status.speakers;
    expect(speakers.some((s) => s.avaId === GRANDMA)).toBe(false);
    expect(speakers.find((s) => s.avaId === 'friend')?.userName).toBe('Bea');
    expect(t.store.speakers.get(GRANDMA)?.claimedBy).toBe('friend');
    // A line given to the claimed speaker goes to who claimed it.
    const other = await hostLine(t, 'and this');
    t.room.assignLineSpeaker(other, GRANDMA);
    await flush();
    expect(finals(t.inbox).at(-1)!.transcript).toMatchObject({ id: other, author: 'friend' });
    // Someone else cannot claim it again; nor can it be renamed.
    await expect(t.room.claimVoicingSpeaker(t.host, GRANDMA)).rejects.toThrow(/already claimed/);
    await expect(t.room.nameVoicingSpeaker(GRANDMA, 'Other')).rejects.toThrow(/claimed/);
  });

  it('refuses a speaker that does not exist', async () => {
    const t = setup();
    await expect(t.room.claimVoicingSpeaker(t.friend, GRANDMA)).rejects.toThrow(/no speaker/);
  });
});

describe('after a restart', () => {
  it('a room loaded from what was stored has the same voicing speakers and lines', async () => {
    const t = setup();
    const lineId = await hostLine(t, 'I made the tea.');
    await t.room.nameVoicingSpeaker(GRANDMA, 'Grandma');
    await t.room.nameVoicingSpeaker('voicing-nolines0001', 'Uncle Tom');
    t.room.assignLineSpeaker(lineId, GRANDMA);
    await t.room.settled();
    const again = newRoom(t.store, t.timers, t.store.loaded());
    const inbox: ServerMessage[] = [];
    again.join(member('late', inbox));
    const status = inbox.find((m): m is ServerMessageOf<'room-status'> => m.type === 'room-status')!.status;
    expect(status.speakers.filter((s) => s.voicing).map((s) => s.userName)).toEqual(['Grandma', 'Uncle Tom']);
    expect(again.lineSourceOf(lineId)).toBe(HOST);
    const snapshot = inbox.find((m): m is ServerMessageOf<'transcripts'> => m.type === 'transcripts')!;
    expect(snapshot.transcripts[0]).toMatchObject({ author: GRANDMA, authorShow: 'Grandma' });
  });
});

describe('the computer’s sound as its own stream', () => {
  it('is shown under its label, as a speaker of its own whose lines the person’s device made', async () => {
    const t = setup();
    const shownAs = await t.room.streamSpeaker(t.host, 'Computer audio');
    expect(shownAs).toEqual({ avaId: streamSpeakerId(HOST, 'Computer audio'), name: 'Computer audio' });
    expect(t.store.speakers.get(shownAs.avaId)).toMatchObject({ name: 'Computer audio' });
    t.room.startAudio(t.host, 'en-US', undefined, shownAs);
    const status = lastStatus(t.friendInbox).status;
    expect(status.audioStreams.map((s) => s.avaId)).toEqual([shownAs.avaId]);
    // The person is not listed as speaking because their computer plays sound.
    expect(status.speakers.map((s) => s.avaId)).toEqual([shownAs.avaId]);
    tracks
      .at(-1)!
      .handle({ kind: 'final', segment: 0, text: 'welcome to the webinar', startMs: 0, endMs: 900 });
    await flush();
    const line = finals(t.friendInbox).at(-1)!.transcript;
    expect(line).toMatchObject({ author: shownAs.avaId, authorShow: 'Computer audio', sourceAuthor: HOST });
    expect(t.room.lineSourceOf(line.id)).toBe(HOST);
  });

  it('finds the same speaker again, under the name the room gave it since', async () => {
    const t = setup();
    const first = await t.room.streamSpeaker(t.host, 'Computer audio');
    await t.room.nameVoicingSpeaker(first.avaId, 'Team meeting');
    expect(await t.room.streamSpeaker(t.host, ' computer  AUDIO ')).toEqual({
      avaId: first.avaId,
      name: 'Team meeting',
    });
    // Another person's computer, or another label, is another speaker.
    expect((await t.room.streamSpeaker(t.friend, 'Computer audio')).avaId).not.toBe(first.avaId);
    expect((await t.room.streamSpeaker(t.host, 'Weekly sync')).avaId).not.toBe(first.avaId);
    await expect(t.room.streamSpeaker(t.host, 'x')).rejects.toThrow(/label: A name must have/);
  });

  it('its id is a voicing id, stable for a person and label', () => {
    const id = streamSpeakerId('abcdefghij0123456789', 'Computer audio');
    expect(isVoicingSpeakerId(id)).toBe(true);
    expect(streamSpeakerId('abcdefghij0123456789', 'Computer audio')).toBe(id);
    expect(streamSpeakerId('abcdefghij0123456788', 'Computer audio')).not.toBe(id);
  });
});
