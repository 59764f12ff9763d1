/**
 * What each person sees of a room's status (rooms/room-status.ts): links and the name are
 * invitations, so a read-only member sees only the read-only link and no name, and when the host
 * forbids sharing nobody but the host sees any; an ended room has no name; a room's phone calls
 * are in everyone's status with the number only in the host's. Through a LiveRoom, and the pure
 * status alone.
 */
import { describe, expect, it } from 'vitest';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import { roomLinks, roomStatus, type RoomStatusFacts } from '../../../../src/server/rooms/room-status';
import type { TwilioCall } from '../../../../src/shared/phone-calls';
import { liveRoom, sharingRoom } from '../../../helpers/live-room';
import { roomRecord } from '../../../helpers/room-record';

const room = (changes: Partial<RoomRecord> = {}) => sharingRoom(changes);

const host = { avaId: 'host1', readonly: false };
const writer = { avaId: 'w1', readonly: false };
const reader = { avaId: 'r1', readonly: true };

describe('a room status, as each person sees it', () => {
  it('gives the host and read-write members both links and the name', () => {
    for (const viewer of [host, writer]) {
      const status = room().status(undefined, viewer);
      expect(status.name).toBe('blue-cat-42');
      expect(status.links.rw).toContain('RWTOKEN');
      expect(status.links.ro).toContain('ROTOKEN');
    }
  });

  it('never shows a read-only member the read-write link or the name', () => {
    const status = room().status(undefined, reader);
    expect(JSON.stringify(status)).not.toContain('RWTOKEN');
    expect(status.name).toBeUndefined();
    expect(status.links.ro).toContain('ROTOKEN');
  });

  it('shows no invitation to anyone but the host when the host forbids sharing', () => {
    const confidential = room({ forbidSharing: true });
    for (const viewer of [writer, reader]) {
      const text = JSON.stringify(confidential.status(undefined, viewer));
      expect(text).not.toContain('RWTOKEN');
      expect(text).not.toContain('ROTOKEN');
      expect(text).not.toContain('blue-cat-42');
    }
    expect(confidential.status(undefined, host).links.rw).toContain('RWTOKEN');
    expect(confidential.status(undefined, writer).confidential).toEqual({
      allowTranscriptsSaving: true,
      forbidSharing: true,
    });
  });

  it('has no name once ended', () => {
    expect(room({ state: 'ended', name: null }).status(undefined, host).name).toBeUndefined();
  });
});

const call = (changes: Partial<TwilioCall> = {}): TwilioCall => ({
  sid: `CA${'c'.repeat(32)}`,
  status: 'ringing',
  conferenceType: 'teams',
  speechLang: 'en-US',
  avaId: 'phone-call-1',
  startedAtMs: 0,
  calleeInternationalNumber: '+31201234567',
  ...changes,
});

describe('a room’s phone calls', () => {
  it('are in everyone’s status, the number only in the host’s, and the change is told', () => {
    const { room, member, inboxes, lastStatus } = liveRoom();
    room.join(member('host1'));
    room.join(member('g1'));
    expect(lastStatus('g1')?.twilioCalls).toBeUndefined();
    room.setPhoneCalls([call()]);
    const update = inboxes.get('g1')!.at(-1);
    expect(update).toMatchObject({ type: 'room-status-update', reason: 'phone-calls-changed' });
    expect(lastStatus('host1')?.twilioCalls).toEqual([call()]);
    const { calleeInternationalNumber: _n, ...withoutNumber } = call();
    expect(lastStatus('g1')?.twilioCalls).toEqual([withoutNumber]);
  });
});

const facts = (changes: Partial<RoomStatusFacts> = {}): RoomStatusFacts => ({
  record: roomRecord(),
  publicUrl: 'https://hearken.example',
  members: [],
  isTyping: () => false,
  speakers: [],
  audioStreams: [],
  autoTranslation: undefined,
  restrictedSession: undefined,
  scribe: undefined,
  phoneCalls: [],
  ...changes,
});

describe('the status alone', () => {
  it('lists each person once, however many connections, with whether they are typing', () => {
    const status = roomStatus(
      facts({
        members: [
          { avaId: 'host1', userName: 'Ada', role: 'participant' },
          { avaId: 'g1', userName: 'Guest 4321', role: 'participant' },
          { avaId: 'g1', userName: 'Guest 4321', role: 'participant' },
        ],
        isTyping: (avaId) => avaId === 'g1',
      }),
    );
    expect(status.participants).toEqual([
      { avaId: 'host1', isTyping: false, userName: 'Ada' },
      { avaId: 'g1', isTyping: true, userName: 'Guest 4321' },
    ]);
  });

  it('names each participant as their captions do, and says who is the Scribe', () => {
    const status = roomStatus(
      facts({
        members: [
          { avaId: 'g1', userName: 'Guest 4321', role: 'participant' },
          { avaId: 's1', userName: 'Sam Scribe', role: 'scribe' },
        ],
      }),
    );
    expect(status.participants).toEqual([
      { avaId: 'g1', isTyping: false, userName: 'Guest 4321' },
      { avaId: 's1', isTyping: false, userName: 'Sam Scribe', role: 'scribe' },
    ]);
  });

  it('says the reason, the streams and the speakers it is given, and a time limit only while ongoing', () => {
    const restrictedSession = { tier: 'basic' as const, endsAtMs: 1000, prolongable: false };
    const audioStreams = [{ avaId: 'host1', trackId: 'host1-abc', usePaidASR: false }];
    const speakers = [{ avaId: 'host1', avaName: 'Ada', userName: 'Ada' }];
    const ongoing = roomStatus(facts({ restrictedSession, audioStreams, speakers }), 'title-updated');
    expect(ongoing).toMatchObject({
      reason: 'title-updated',
      restrictedSession,
      audioStreams,
      speakers,
      past: false,
    });
    const ended = roomStatus(facts({ record: roomRecord({ state: 'ended' }), restrictedSession }));
    expect(ended.restrictedSession).toBeUndefined();
    expect(ended).toMatchObject({ past: true, state: { value: 'ended' } });
    expect(ended.reason).toBeUndefined();
  });

  it('lists the transcript’s owners: the host first, then those the host named', () => {
    expect(roomStatus(facts()).transcriptOwners).toEqual(['host1']);
    const named = roomStatus(
      facts({ record: roomRecord({ transcriptOwners: ['g1', 'g2'] }) }),
      undefined,
      writer,
    );
    expect(named.transcriptOwners).toEqual(['host1', 'g1', 'g2']);
  });

  it('links to the web app with the room’s tokens and the server to use', () => {
    expect(roomLinks('https://hearken.example', roomRecord())).toEqual({
      ro: 'https://hearken.example/web/conversations?token=ro&endpoint=https%3A%2F%2Fhearken.example',
      rw: 'https://hearken.example/web/conversations?token=rw&endpoint=https%3A%2F%2Fhearken.example',
    });
  });
});

describe('the status’s asr, translation and boost', () => {
  it('says Premium recognition serves the room while one of its streams is paid (asr.googleCloud)', () => {
    const basic = { avaId: 'host1', trackId: 't1', usePaidASR: false };
    expect(roomStatus(facts({ audioStreams: [basic] })).asr).toEqual({ googleCloud: false });
    expect(
      roomStatus(facts({ audioStreams: [basic, { avaId: 'g1', trackId: 't2', usePaidASR: true }] })).asr,
    ).toEqual({ googleCloud: true });
  });

  it('passes on the translation and the people whose recognition is boosted', () => {
    const status = roomStatus(facts({ translation: { available: true, langs: ['es'] }, boosted: ['host1'] }));
    expect(status.translation).toEqual({ available: true, langs: ['es'] });
    expect(status.boost).toEqual({ avaIds: ['host1'] });
    expect(roomStatus(facts()).boost).toEqual({ avaIds: [] });
  });
});
