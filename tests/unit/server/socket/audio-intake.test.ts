/**
 * Audio on its way into the room, on a manual clock: frames before joining, frames the table
 * refuses (silently once the room ended), frames too large, too fast or not whole samples, and
 * recognition too far behind; WebRTC samples under the same table and limits, never answered.
 */
import { describe, expect, it } from 'vitest';
import { AudioIntake } from '../../../../src/server/socket/audio-intake';
import type { Actor } from '../../../../src/server/auth/access';
import {
  CHUNK_BYTES,
  CHUNK_LENGTH_MS,
  MAX_AUDIO_FRAME_BYTES,
  MAX_AUDIO_FRAMES_PER_SECOND,
  MAX_AUDIO_SPEED,
} from '../../../../src/shared/constants';
import { fakeMember, fakeRoom } from '../../../helpers/socket-context';

function setup(options: { connected?: boolean; actor?: Actor; backlog?: number } = {}) {
  const room = fakeRoom();
  room.backlogSeconds.mockReturnValue(options.backlog ?? 0);
  const member = fakeMember('guest7');
  const violations: Array<[string, string]> = [];
  const fails: Array<[string, string]> = [];
  let actor: Actor = options.actor ?? 'rw-member';
  /** The server's clock, and how long it has been stalled in all. */
  const clock = { now: 1_000_000, stalled: 0 };
  /** Each audio the recording's watch heard: true when it came by WebRTC. */
  const heard: boolean[] = [];
  const intake = new AudioIntake({
    speaker: () => (options.connected === false ? undefined : { room, member }),
    actorNow: () => actor,
    violation: (code, message) => violations.push([code, message]),
    fail: (code, message) => fails.push([code, message]),
    heard: (viaWebRtc) => heard.push(viaWebRtc),
    streamBacklogSeconds: 8,
    now: () => clock.now,
    stalledMs: () => clock.stalled,
  });
  return { intake, room, member, violations, fails, clock, heard, setActor: (a: Actor) => (actor = a) };
}

const frame = (bytes = 1920) => Buffer.alloc(bytes);

describe('PCM frames', () => {
  it('reach the room as Int16 samples', () => {
    const { intake, room, member, violations } = setup();
    const data = Buffer.from([1, 0, 255, 255]);
    intake.frame(data);
    expect(room.audio).toHaveBeenCalledWith(member, new Int16Array([1, -1]));
    expect(violations).toEqual([]);
  });

  it('before joining are a violation', () => {
    const { intake, room, violations } = setup({ connected: false });
    intake.frame(frame());
    expect(violations).toEqual([['not-connected', 'audio frames before connection-params are ignored']]);
    expect(room.audio).not.toHaveBeenCalled();
  });

  it('from someone who may not speak are refused and counted; after the room ended, dropped without a word', () => {
    const { intake, room, violations, setActor } = setup({ actor: 'ro-member' });
    intake.frame(frame());
    setActor('ended-member');
    intake.frame(frame());
    expect(violations).toEqual([
      ['forbidden', 'audio frames are not allowed for a ro-member of this conversation'],
    ]);
    expect(room.audio).not.toHaveBeenCalled();
  });

  it('larger than a second of audio, or not whole samples, are refused', () => {
    const { intake, room, violations } = setup();
    intake.frame(frame(MAX_AUDIO_FRAME_BYTES + 2));
    intake.frame(frame(3));
    expect(violations).toEqual([
      ['frame-too-large', `audio frames may hold at most ${MAX_AUDIO_FRAME_BYTES} bytes`],
      ['invalid-audio-frame', 'audio frames must hold whole 16-bit samples (an even number of bytes)'],
    ]);
    expect(room.audio).not.toHaveBeenCalled();
  });

  it('faster than the limit are dropped past its burst', () => {
    const { intake, room, violations } = setup();
    for (let i = 0; i < MAX_AUDIO_FRAMES_PER_SECOND * 2 + 1; i += 1) intake.frame(frame(2));
    expect(room.audio).toHaveBeenCalledTimes(MAX_AUDIO_FRAMES_PER_SECOND * 2);
    expect(violations).toEqual([
      [
        'rate-limited',
        `audio is arriving faster than ${MAX_AUDIO_SPEED}x real time; frames are being dropped`,
      ],
    ]);
  });

  it('are dropped while recognition is too far behind, told on the first and every fiftieth, never a violation', () => {
    const { intake, room, violations, fails } = setup({ backlog: 9 });
    for (let i = 0; i < 100; i += 1) intake.frame(frame(2));
    expect(room.audio).not.toHaveBeenCalled();
    expect(violations).toEqual([]);
    const notice = ['rate-limited', 'recognition is more than 8 s behind; audio is being dropped'];
    expect(fails).toEqual([notice, notice, notice]);
  });
});

describe('what the recording’s watch hears (issue 29 F-01)', () => {
  it('is told of audio that came on either transport, dropped for the backlog or not, and of none refused', () => {
    const { intake, heard } = setup();
    intake.frame(frame());
    intake.webrtc(new Int16Array(2));
    expect(heard).toEqual([false, true]);
    const behind = setup({ backlog: 9 });
    behind.intake.frame(frame());
    expect(behind.heard).toEqual([false]);
    const reader = setup({ actor: 'ro-member' });
    reader.intake.frame(frame());
    reader.intake.webrtc(new Int16Array(2));
    expect(reader.heard).toEqual([]);
  });
});

describe('a real-time speaker and the server’s stall', () => {
  /** A microphone's 60 ms frames, one every 60 ms for `seconds`, as they arrive. */
  function speakInRealTime(s: ReturnType<typeof setup>, seconds: number) {
    for (let i = 0; i < (seconds * 1000) / CHUNK_LENGTH_MS; i += 1) {
      s.intake.frame(frame(CHUNK_BYTES));
      s.clock.now += CHUNK_LENGTH_MS;
    }
  }
  /** Frames that waited unread, arriving together. */
  function arriveTogether(s: ReturnType<typeof setup>, seconds: number) {
    for (let i = 0; i < (seconds * 1000) / CHUNK_LENGTH_MS; i += 1) s.intake.frame(frame(CHUNK_BYTES));
  }
  /** 300 frames: far past the burst of 8 s the limits allow a client. */
  const STALL_S = 18;

  it('takes every frame queued while the server stood still when they arrive together: no flood', () => {
    const s = setup();
    speakInRealTime(s, 9);
    s.clock.now += STALL_S * 1000;
    s.clock.stalled += STALL_S * 1000;
    arriveTogether(s, STALL_S);
    speakInRealTime(s, 9);
    expect(s.violations).toEqual([]);
    expect(s.room.audio).toHaveBeenCalledTimes(((9 + STALL_S + 9) * 1000) / CHUNK_LENGTH_MS);
  });

  it('still refuses the same burst from a client that was only quiet that long', () => {
    const s = setup();
    speakInRealTime(s, 9);
    s.clock.now += STALL_S * 1000;
    arriveTogether(s, STALL_S);
    expect(s.violations.length).toBeGreaterThan(0);
    expect(s.violations[0]![0]).toBe('rate-limited');
  });

  it('still refuses audio faster than the limit for long, stall or not', () => {
    const s = setup();
    s.clock.now += STALL_S * 1000;
    s.clock.stalled += STALL_S * 1000;
    // Twice the limit, for a minute.
    for (let i = 0; i < (60_000 / CHUNK_LENGTH_MS) * MAX_AUDIO_SPEED * 2; i += 1) {
      s.intake.frame(frame(CHUNK_BYTES));
      s.clock.now += CHUNK_LENGTH_MS / (MAX_AUDIO_SPEED * 2);
    }
    expect(s.violations.length).toBeGreaterThan(1000);
  });
});

describe('WebRTC samples', () => {
  it('reach the room like frames', () => {
    const { intake, room, member } = setup();
    const samples = new Int16Array([5, 6]);
    intake.webrtc(samples);
    expect(room.audio).toHaveBeenCalledWith(member, samples);
  });

  it('are dropped without a word before joining, when the table refuses, and past the limits', () => {
    const early = setup({ connected: false });
    early.intake.webrtc(new Int16Array(2));
    const reader = setup({ actor: 'ro-member' });
    reader.intake.webrtc(new Int16Array(2));
    const flood = setup();
    for (let i = 0; i < MAX_AUDIO_FRAMES_PER_SECOND * 2 + 5; i += 1) flood.intake.webrtc(new Int16Array(1));
    expect(early.room.audio).not.toHaveBeenCalled();
    expect(reader.room.audio).not.toHaveBeenCalled();
    expect(flood.room.audio).toHaveBeenCalledTimes(MAX_AUDIO_FRAMES_PER_SECOND * 2);
    for (const s of [early, reader, flood]) expect([...s.violations, ...s.fails]).toEqual([]);
  });

  it('share the frames’ limits: frames use up what WebRTC may send', () => {
    const { intake, room } = setup();
    for (let i = 0; i < MAX_AUDIO_FRAMES_PER_SECOND * 2; i += 1) intake.frame(frame(2));
    const before = room.audio.mock.calls.length;
    intake.webrtc(new Int16Array(1));
    expect(room.audio.mock.calls.length).toBe(before);
  });
});
