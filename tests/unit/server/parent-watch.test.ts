import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  nodeProcessProbe,
  parentIsGone,
  parentPidFromEnv,
  watchParent,
  type ProcessProbe,
} from '../../../src/server/parent-watch';

function probe(parent: number, alive: Set<number>): ProcessProbe & { parent: number } {
  const state = {
    parent,
    currentParentPid: () => state.parent,
    isAlive: (pid: number) => alive.has(pid),
  };
  return state;
}

describe('parentPidFromEnv', () => {
  it.each([
    ['1234', 1234],
    ['1', 1],
    [undefined, undefined],
    ['', undefined],
    ['0', undefined],
    ['-5', undefined],
    ['12a', undefined],
    ['1.5', undefined],
    [' 12', undefined],
  ])('%j gives %j', (raw, expected) => {
    expect(parentPidFromEnv({ HEARKEN_PARENT_PID: raw })).toBe(expected);
  });
});

describe('parentIsGone', () => {
  it('is false while the parent is this process’s parent and alive', () => {
    expect(parentIsGone(100, probe(100, new Set([100])))).toBe(false);
  });
  it('is true once this process was re-parented (the launcher died, init adopted it)', () => {
    expect(parentIsGone(100, probe(1, new Set([1, 100])))).toBe(true);
  });
  it('is true when the parent id answers no signal (platforms that do not re-parent)', () => {
    expect(parentIsGone(100, probe(100, new Set()))).toBe(true);
  });
});

describe('watchParent', () => {
  afterEach(() => vi.useRealTimers());

  it('calls back once, at the first poll after the parent is gone', () => {
    vi.useFakeTimers();
    const p = probe(100, new Set([100]));
    const onGone = vi.fn();
    watchParent(100, onGone, { intervalMs: 1000, probe: p });
    vi.advanceTimersByTime(5000);
    expect(onGone).not.toHaveBeenCalled();
    p.parent = 1;
    vi.advanceTimersByTime(999);
    expect(onGone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onGone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onGone).toHaveBeenCalledTimes(1);
  });

  it('stops watching when asked', () => {
    vi.useFakeTimers();
    const p = probe(100, new Set([100]));
    const onGone = vi.fn();
    const stop = watchParent(100, onGone, { intervalMs: 1000, probe: p });
    stop();
    p.parent = 1;
    vi.advanceTimersByTime(5000);
    expect(onGone).not.toHaveBeenCalled();
  });
});

describe('nodeProcessProbe', () => {
  it('reads this process’s parent and sees live and absent pids', () => {
    expect(nodeProcessProbe.currentParentPid()).toBe(process.ppid);
    expect(nodeProcessProbe.isAlive(process.pid)).toBe(true);
    // Pids are below 2^22 on Linux; this one cannot exist.
    expect(nodeProcessProbe.isAlive(2 ** 30)).toBe(false);
  });
});
