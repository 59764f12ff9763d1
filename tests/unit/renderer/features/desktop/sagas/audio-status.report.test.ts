import { describe, expect, it } from 'vitest';
import { reportState } from '../../../../../../src/renderer/features/desktop/sagas/audio-status';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { makeFakes, run, settle } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';
import { initial, restoreTimersAfterEach } from '../../../../../helpers/desktop-saga';

restoreTimersAfterEach();

describe('state reported to main', () => {
  it('reports each change once', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    const running = run(reportState, [fakes.deps, desktop], {
      conversation: { ...initial.conversation, roomId: 'me_1_r' },
    });
    await settle();
    running.dispatch(audioActions.recordingEvent('start'));
    running.dispatch(audioActions.volumeChanged(10));
    await settle();
    expect(bridge.invoked('captions:reportState')).toEqual([
      { recording: 'NOT_RECORDING', audioStatus: 'notRecording', roomId: 'me_1_r', offline: false },
      { recording: 'PENDING', audioStatus: 'notRecording', roomId: 'me_1_r', offline: false },
    ]);
  });
});
