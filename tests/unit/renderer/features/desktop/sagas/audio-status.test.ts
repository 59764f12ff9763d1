import { describe, expect, it, vi } from 'vitest';
import { VOLUME_SILENCE_TIMEOUT_MS } from '../../../../../../src/shared/constants';
import { watchVolume } from '../../../../../../src/renderer/features/desktop/sagas/audio-status';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { makeFakes, run } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';
import { initial, types, restoreTimersAfterEach } from '../../../../../helpers/desktop-saga';

restoreTimersAfterEach();

describe('audio status: no volume for 5 s stops audio', () => {
  it('stops recording and tells the user when capture delivers nothing', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const fakes = makeFakes();
    const { desktop, state } = fakeDesktop();
    state.lastChunkAt = 100_000;
    const running = run(watchVolume, [fakes.deps, desktop], {
      audio: { ...initial.audio, recording: 'RECORDING' },
      desktop: { ...initial.desktop, audioStatus: { status: 'pending', link: 'connected' } },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(running.state.desktop.audioStatus.status).toBe('recording');
    expect(types(running.actions)).not.toContain(audioActions.stopRequested.type);
    await vi.advanceTimersByTimeAsync(VOLUME_SILENCE_TIMEOUT_MS);
    expect(types(running.actions)).toContain(audioActions.stopRequested.type);
    expect(running.state.desktop.audioStatus.status).toBe('notRecording');
    expect(running.state.notifications.items.map((n) => n.key)).toContain('desktop.audioStalled');
    running.task.cancel();
  });
});
