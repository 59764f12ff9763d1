import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../../../../src/shared/api';
import {
  OUTAGE_BRIDGE_AFTER_MS,
  bridgeOutages,
} from '../../../../../../src/renderer/features/desktop/sagas/offline-captions';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { captionsActions } from '../../../../../../src/renderer/features/captions/slice';
import type { HttpResult } from '../../../../../../src/renderer/lib/http';
import { FakeCaptureSession, makeFakes, run } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';
import { initial, ready, types, restoreTimersAfterEach } from '../../../../../helpers/desktop-saga';

restoreTimersAfterEach();

describe('a dropped connection bridged by captions on this computer', () => {
  afterEach(() => vi.useRealTimers());

  function start(health: HttpResult<unknown>) {
    vi.useFakeTimers();
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    fakes.http.on('GET', API.health, health);
    bridge.answer('offline:start', () => ({ ok: true, engine: 'pocketsphinx:en-us' }));
    const running = run(bridgeOutages, [fakes.deps, desktop], {
      session: ready,
      conversation: { ...initial.conversation, roomId: 'me_1_r' },
    });
    return { fakes, bridge, running };
  }

  it('takes over when the server stays unreachable, and hands back once the connection returns', async () => {
    const { fakes, bridge, running } = start({ ok: false, status: 0, message: 'Failed to fetch' });
    running.dispatch(audioActions.resumeWaiting(true));
    await vi.advanceTimersByTimeAsync(OUTAGE_BRIDGE_AFTER_MS - 100);
    expect(fakes.audio.starts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(running.state.desktop.offline.recording).toBe('PENDING');
    const mic = new FakeCaptureSession();
    fakes.audio.lastStart.resolve(mic);
    await vi.advanceTimersByTimeAsync(0);
    expect(running.state.desktop.offline.recording).toBe('RECORDING');
    expect(running.state.notifications.items.map((n) => n.key)).toContain('desktop.bridging');
    // The room's captions stay on screen while this computer captions.
    expect(types(running.actions)).not.toContain(captionsActions.cleared.type);

    running.dispatch(audioActions.resumeWaiting(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(mic.stopped).toBe(true);
    expect(bridge.invoked('offline:stop')).toHaveLength(1);
    expect(running.state.desktop.offline.recording).toBe('NOT_RECORDING');
  });

  it('releases the microphone when the connection returns while this computer is still starting', async () => {
    const { fakes, bridge, running } = start({ ok: false, status: 0, message: 'Failed to fetch' });
    running.dispatch(audioActions.resumeWaiting(true));
    await vi.advanceTimersByTimeAsync(OUTAGE_BRIDGE_AFTER_MS + 100);
    expect(running.state.desktop.offline.recording).toBe('PENDING');
    const pending = fakes.audio.lastStart;
    running.dispatch(audioActions.resumeWaiting(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(pending.signal.aborted).toBe(true);
    expect(bridge.invoked('offline:start')).toEqual([]);
    expect(running.state.desktop.offline.recording).toBe('NOT_RECORDING');
  });

  it.each([
    ['a short drop', { ok: false as const, status: 0, message: 'Failed to fetch' }, 2000],
    ['a server that still answers', { ok: true as const, status: 200, data: {} }, undefined],
  ])('leaves %s to the reconnection', async (_name, health, backAfter) => {
    const { fakes, running } = start(health);
    running.dispatch(audioActions.resumeWaiting(true));
    if (backAfter !== undefined) {
      await vi.advanceTimersByTimeAsync(backAfter);
      running.dispatch(audioActions.resumeWaiting(false));
    }
    await vi.advanceTimersByTimeAsync(OUTAGE_BRIDGE_AFTER_MS * 3);
    expect(fakes.audio.starts).toHaveLength(0);
    expect(running.state.desktop.offline.recording).toBe('NOT_RECORDING');
  });
});
