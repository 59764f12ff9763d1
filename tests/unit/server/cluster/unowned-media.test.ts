/**
 * The look, every lease lifetime, for rooms whose call or bot outlived their owner: a room is
 * opened only when this node newly took its lease, one look at a time, none while closing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnownedMediaSweep, type UnownedMediaDeps } from '../../../../src/server/cluster/unowned-media';

afterEach(() => {
  vi.useRealTimers();
});

function setup(over: Partial<UnownedMediaDeps> = {}) {
  const logs: string[] = [];
  const state = { closing: false, rooms: ['room1', 'room2', 'room3'] };
  const sweep = new UnownedMediaSweep({
    everyMs: 3000,
    unownedRoomsWithMedia: async () => state.rooms,
    takeLease: async (roomId) =>
      roomId === 'room1'
        ? { token: 't1', acquired: true }
        : roomId === 'room2'
          ? { token: 't2', acquired: false }
          : { holder: 'b' },
    closing: () => state.closing,
    log: (_level, message) => logs.push(message),
    ...over,
  });
  const opened: string[] = [];
  return { sweep, state, logs, opened, open: async (roomId: string) => void opened.push(roomId) };
}

describe('UnownedMediaSweep', () => {
  it('opens, every lease lifetime, the rooms whose lease it newly took', async () => {
    vi.useFakeTimers();
    const s = setup();
    s.sweep.start(s.open);
    await vi.advanceTimersByTimeAsync(2999);
    expect(s.opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.opened).toEqual(['room1']);
    expect(s.logs).toEqual(['took a conversation nobody owned, for its phone call or meeting bot']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.opened).toEqual(['room1', 'room1']);
    s.sweep.stop();
    await vi.advanceTimersByTimeAsync(9000);
    expect(s.opened).toHaveLength(2);
  });

  it('looks once at a time, and not while closing', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    let looks = 0;
    const s = setup({
      unownedRoomsWithMedia: () => {
        looks += 1;
        return new Promise((resolve) => (release = () => resolve([])));
      },
    });
    s.sweep.start(s.open);
    await vi.advanceTimersByTimeAsync(9000);
    expect(looks).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(3000);
    expect(looks).toBe(2);
    release();
    s.state.closing = true;
    await vi.advanceTimersByTimeAsync(9000);
    expect(looks).toBe(2);
    s.sweep.stop();
  });

  it('stops taking rooms once closing, mid-look', async () => {
    vi.useFakeTimers();
    const s = setup();
    s.sweep.start(async (roomId) => {
      s.opened.push(roomId);
      s.state.closing = true;
    });
    s.state.rooms = ['room1', 'room1'];
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.opened).toEqual(['room1']);
    s.sweep.stop();
  });

  it('says when a room or a look fails, and looks again later', async () => {
    vi.useFakeTimers();
    let fail = true;
    const s = setup({
      unownedRoomsWithMedia: async () => {
        if (fail) throw new Error('database gone');
        return ['room1'];
      },
    });
    s.sweep.start(() => Promise.reject(new Error('no such room')));
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.logs).toEqual(['could not take the conversations of calls and bots nobody owns']);
    fail = false;
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.logs.slice(1)).toEqual([
      'took a conversation nobody owned, for its phone call or meeting bot',
      'could not open a conversation taken for its call or bot',
    ]);
    s.sweep.stop();
  });
});
