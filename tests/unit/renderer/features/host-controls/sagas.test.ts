/** The host's room mode goes out on the room's socket; offline, the host is told it did not. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostControlsActions } from '../../../../../src/renderer/features/host-controls/actions';
import { hostControlsSaga } from '../../../../../src/renderer/features/host-controls/sagas';
import { FakeSocket, type Running, makeFakes, run } from '../../../../helpers/saga-harness';

describe('host controls saga', () => {
  let app: Running;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('sends the mode the host chose', async () => {
    const fakes = makeFakes();
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    app = run(hostControlsSaga, [fakes.deps]);
    app.dispatch(hostControlsActions.modeChanged('public-muted'));
    app.dispatch(hostControlsActions.modeChanged('public'));
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([
      { type: 'connection-params-update', conversationMode: 'public-muted' },
      { type: 'connection-params-update', conversationMode: 'public' },
    ]);
  });

  it('sends someone’s recognition language and the transcript’s owners as the host chose', async () => {
    const fakes = makeFakes();
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    app = run(hostControlsSaga, [fakes.deps]);
    app.dispatch(hostControlsActions.speakerLanguageChanged({ avaId: 'guest2', language: 'fr-FR' }));
    app.dispatch(hostControlsActions.transcriptOwnerChanged({ avaId: 'guest2', owner: true }));
    app.dispatch(hostControlsActions.transcriptOwnerChanged({ avaId: 'guest2', owner: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([
      { type: 'change-speaker-language', targetAvaId: 'guest2', language: 'fr-FR' },
      { type: 'update-transcript-owner', avaId: 'guest2', owner: true },
      { type: 'update-transcript-owner', avaId: 'guest2', owner: false },
    ]);
  });

  it('says so when the room’s socket is not connected', async () => {
    const fakes = makeFakes();
    app = run(hostControlsSaga, [fakes.deps]);
    app.dispatch(hostControlsActions.modeChanged('public-muted'));
    await vi.advanceTimersByTimeAsync(0);
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['conversation.notConnected']);
  });
});
