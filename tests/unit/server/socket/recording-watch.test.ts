/**
 * The watch on a socket's recording (issue 29 F-01): a recording that brings no audio, or a
 * WebRTC offer that never brings any, is found overdue after its limit and not before; an honest
 * speaker's frames (silence too), and the server's own stalls, keep it going.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RecordingWatch,
  type RecordingOverdue,
  overdueText,
} from '../../../../src/server/socket/recording-watch';

const LIMITS = { silentMs: 10_000, webrtcConnectMs: 15_000 };

/** A watch on a fake clock (the server's running time) and its interval on vitest's timers. */
function setup() {
  vi.useFakeTimers();
  const clock = { now: 0, stalled: 0 };
  const overdue: RecordingOverdue[] = [];
  const watch = new RecordingWatch(
    LIMITS,
    () => clock.now - clock.stalled,
    (why) => overdue.push(why),
  );
  /** `ms` pass on the clock and on the timers. */
  const pass = (ms: number) => {
    clock.now += ms;
    vi.advanceTimersByTime(ms);
  };
  return { watch, clock, overdue, pass };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a recording on the socket', () => {
  it('is overdue once no audio came for longer than the limit, and told on each look until stopped', () => {
    const { watch, overdue, pass } = setup();
    watch.started(false);
    pass(10_000);
    expect(watch.due()).toBeUndefined();
    expect(overdue).toEqual([]);
    pass(1000);
    expect(watch.due()).toBe('silent');
    expect(overdue).toEqual(['silent']);
    pass(3000);
    expect(overdue).toEqual(['silent', 'silent', 'silent', 'silent']);
    watch.stopped();
    pass(60_000);
    expect(overdue).toHaveLength(4);
    expect(watch.due()).toBeUndefined();
  });

  it('is never overdue while frames come, silence included, however long it runs', () => {
    const { watch, overdue, pass } = setup();
    watch.started(false);
    for (let i = 0; i < 60; i += 1) {
      pass(9000);
      watch.heard(false);
    }
    expect(overdue).toEqual([]);
  });

  it('does not take the server’s own stall for the client’s silence', () => {
    const { watch, clock, overdue, pass } = setup();
    watch.started(false);
    clock.stalled += 30_000;
    pass(30_000 + 5000);
    expect(overdue).toEqual([]);
  });

  it('counts afresh from a new start', () => {
    const { watch, overdue, pass } = setup();
    watch.started(false);
    pass(9000);
    watch.started(false);
    pass(9000);
    expect(overdue).toEqual([]);
  });

  it('has no timer while nothing records, and audio without a recording changes nothing', () => {
    const { watch } = setup();
    watch.heard(false);
    expect(watch.active).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    watch.started(false);
    watch.started(false);
    expect(vi.getTimerCount()).toBe(1);
    watch.stopped();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a recording over WebRTC', () => {
  it('has the connection’s time until its first WebRTC audio, longer than the silence limit', () => {
    const { watch, overdue, pass } = setup();
    watch.started(true);
    pass(14_000);
    expect(overdue).toEqual([]);
    pass(1500);
    expect(overdue).toEqual(['webrtc-incomplete']);
  });

  it('is not completed by frames on the socket: only its track’s audio completes it', () => {
    const { watch, overdue, pass } = setup();
    watch.started(true);
    for (let i = 0; i < 16; i += 1) {
      pass(1000);
      watch.heard(false);
    }
    expect(overdue.at(-1)).toBe('webrtc-incomplete');
  });

  it('once its audio came, is held to the silence limit like any recording', () => {
    const { watch, overdue, pass } = setup();
    watch.started(true);
    pass(12_000);
    watch.heard(true);
    pass(10_000);
    expect(overdue).toEqual([]);
    pass(1000);
    expect(overdue).toEqual(['silent']);
  });
});

describe('the watch’s pace and words', () => {
  it('looks four times within the shorter limit, at most each second and at least each 50 ms', () => {
    const watch = (silentMs: number, webrtcConnectMs: number) =>
      new RecordingWatch(
        { silentMs, webrtcConnectMs },
        () => 0,
        () => {},
      ).checkEveryMs;
    expect(watch(15_000, 15_000)).toBe(1000);
    expect(watch(2000, 3000)).toBe(500);
    expect(watch(100, 3000)).toBe(50);
  });

  it('says which limit and how long', () => {
    expect(overdueText('silent', LIMITS)).toBe(
      'no audio arrived for 10 s: the recording was stopped and its recogniser released',
    );
    expect(overdueText('webrtc-incomplete', { silentMs: 1500, webrtcConnectMs: 2500 })).toBe(
      'the WebRTC audio brought nothing within 2.5 s: it was closed, the recording stopped and its recogniser released',
    );
  });
});
