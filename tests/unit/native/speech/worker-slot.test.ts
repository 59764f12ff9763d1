import { afterEach, describe, expect, it, vi } from 'vitest';
import { endWithinGrace, fewestStreams, SHUTDOWN_GRACE_MS } from '../../../../src/native/speech/worker-slot';

describe('fewestStreams', () => {
  it('is the slot with fewest streams, the first of equals', () => {
    const slots = [{ streams: 2 }, { streams: 1 }, { streams: 1 }, { streams: 3 }];
    expect(fewestStreams(slots)).toBe(slots[1]);
  });
});

describe('endWithinGrace', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not kill what exits in time', async () => {
    const kill = vi.fn();
    await endWithinGrace(Promise.resolve(), kill);
    expect(kill).not.toHaveBeenCalled();
  });

  it('kills what is stuck past the grace, and waits for the kill', async () => {
    vi.useFakeTimers();
    let finishKill = () => undefined as void;
    const kill = vi.fn(() => new Promise<void>((resolve) => (finishKill = resolve)));
    let ended = false;
    const ending = endWithinGrace(new Promise<void>(() => undefined), kill).then(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(SHUTDOWN_GRACE_MS - 1);
    expect(kill).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(kill).toHaveBeenCalledOnce();
    // A worker's terminate() resolves once the thread is gone: not done before that.
    expect(ended).toBe(false);
    finishKill();
    await ending;
    expect(ended).toBe(true);
  });
});
