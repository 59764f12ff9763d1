import { describe, expect, it } from 'vitest';
import { reportState } from '../../../../../../src/renderer/features/desktop/sagas/audio-status';
import { onCaptionsCommand } from '../../../../../../src/renderer/features/desktop/sagas/captions-control';
import { desktopActions } from '../../../../../../src/renderer/features/desktop/slice';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { makeFakes, run, settle } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';
import { initial, types, restoreTimersAfterEach } from '../../../../../helpers/desktop-saga';

restoreTimersAfterEach();

describe('captions waiting for the connection to resume them', () => {
  const resuming = { audio: { ...initial.audio, resuming: true } };

  it('are reported as PENDING: on, not yet flowing', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    run(reportState, [fakes.deps, desktop], {
      ...resuming,
      conversation: { ...initial.conversation, roomId: 'me_1_r' },
    });
    await settle();
    expect(bridge.invoked('captions:reportState')).toEqual([
      { recording: 'PENDING', audioStatus: 'notRecording', roomId: 'me_1_r', offline: false },
    ]);
  });

  it('are stopped by the tray toggle, and left alone by its start', async () => {
    const fakes = makeFakes();
    const { desktop } = fakeDesktop();
    const toggled = run(
      onCaptionsCommand,
      [fakes.deps, desktop, desktopActions.captionsCommandReceived('toggle')],
      resuming,
    );
    await settle();
    expect(types(toggled.actions)).toContain(audioActions.stopRequested.type);
    const started = run(
      onCaptionsCommand,
      [fakes.deps, desktop, desktopActions.captionsCommandReceived('start')],
      resuming,
    );
    await settle();
    expect(types(started.actions)).not.toContain(audioActions.startRequested.type);
    expect(types(started.actions)).not.toContain('lobby/startRequested');
    expect(fakes.http.calls).toEqual([]);
  });
});
