/**
 * A live room as the rest of the server uses it (rooms/room.ts), on a fake clock and store: what
 * spans several parts, in the order it happens. A joiner gets the status, then the latest finals,
 * then the lines being spoken; a host who comes is asked about everyone waiting at the door;
 * someone who leaves while recording has their stream stopped, their typing and cursor dropped,
 * and everyone is told.
 */
import { describe, expect, it } from 'vitest';
import type { RecognizerEvent } from '../../../../src/native/speech/types';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import type { AdmissionDecision } from '../../../../src/server/rooms/admission-desk';
import { MEMBERSHIP_BROADCAST_MS } from '../../../../src/server/rooms/room';
import type { ServerMessage } from '../../../../src/shared/protocol';
import { liveRoom, settle } from '../../../helpers/live-room';

const ev = (kind: RecognizerEvent['kind'], segment: number, text: string): RecognizerEvent => ({
  kind,
  segment,
  text,
  startMs: segment * 1000,
  endMs: segment * 1000 + 900,
});

function withTracks() {
  const tracks: AudioTrack[] = [];
  const t = liveRoom({
    services: {
      openSpeech: (_tier, _lang, track) => {
        tracks.push(track);
        return { ok: true };
      },
    },
  });
  return { ...t, track: () => tracks.at(-1)! };
}

describe('LiveRoom', () => {
  it('gives a joiner the status, the latest finals, then the lines being spoken, and tells the others', async () => {
    const t = withTracks();
    const host = t.member('host1');
    t.room.join(host);
    t.room.startAudio(host, 'en-US');
    t.track().handle(ev('partial', 0, 'Hello'));
    t.track().handle(ev('final', 0, 'Hello there'));
    await settle();
    t.track().handle(ev('partial', 1, 'and welcome'));
    t.timers.advanceTo(MEMBERSHIP_BROADCAST_MS);
    t.room.join(t.member('g1'));
    const seen = t.inboxes
      .get('g1')!
      .map((m: ServerMessage) =>
        m.type === 'transcript' ? `transcript ${m.transcript.texts['en-US']}` : m.type,
      );
    expect(seen).toEqual(['room-status', 'transcripts', 'transcript And welcome']);
    expect(t.reasons('host1').at(-1)).toBe('participant-joined');
    expect(t.room.memberCount).toBe(2);
  });

  it('asks a host who comes about everyone waiting, and refuses them when the last host leaves', () => {
    const t = liveRoom();
    const decisions: AdmissionDecision[] = [];
    const host = t.member('host1');
    t.room.join(host);
    t.room.requestAdmission(
      { id: 'r1', avaId: 'g1', userName: 'Grace', role: 'participant', fromSource: 'link' },
      (d) => void decisions.push(d),
      60_000,
    );
    const again = t.member('host1');
    t.room.join(again);
    expect(t.inboxes.get('host1')!.filter((m) => m.type === 'connection-request')).toHaveLength(1);
    t.room.leave(host);
    expect(decisions).toEqual([]);
    t.room.leave(again);
    expect(decisions).toEqual([{ accepted: false, reason: 'timeout' }]);
  });

  it('stops the stream of someone who leaves while recording, and tells the others they left', async () => {
    const t = withTracks();
    t.room.join(t.member('host1'));
    const guest = t.member('g1');
    t.room.join(guest);
    t.room.startAudio(guest, 'en-US');
    t.room.signalTyping(guest);
    // Quiet for an interval: the leave is told at once.
    t.timers.advanceTo(2 * MEMBERSHIP_BROADCAST_MS);
    t.room.leave(guest);
    await settle();
    expect(t.room.activeTracks).toBe(0);
    expect(t.room.membersOf('g1')).toEqual([]);
    expect(t.reasons('host1').slice(-2)).toEqual(['participant-left', 'audio-stream-stopped']);
    expect(t.room.status().participants).toEqual([{ avaId: 'host1', isTyping: false, userName: 'host1' }]);
    await t.room.close();
  });
});
