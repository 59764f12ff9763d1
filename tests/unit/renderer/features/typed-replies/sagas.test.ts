import { afterEach, describe, expect, it, vi } from 'vitest';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { typedRepliesSaga } from '../../../../../src/renderer/features/typed-replies/sagas';
import { typedRepliesActions } from '../../../../../src/renderer/features/typed-replies/slice';
import { TYPING_SIGNAL_INTERVAL_MS } from '../../../../../src/shared/constants';
import { FakeSocket, makeFakes, run, settle } from '../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../helpers/desktop-fakes';

afterEach(() => vi.useRealTimers());

function online() {
  const fakes = makeFakes();
  const socket = new FakeSocket('ws://test/ws');
  fakes.deps.link.attach(socket);
  const app = run(typedRepliesSaga, [fakes.deps]);
  app.dispatch(socketActions.statusEvent('connect'));
  app.dispatch(socketActions.statusEvent('succeeded'));
  return { fakes, socket, app };
}

describe('typed replies saga', () => {
  it('sends the line, cleaned, in the speech language, and says it went', () => {
    const { socket, app } = online();
    app.dispatch(typedRepliesActions.sendRequested({ id: 'l1', text: '  Can you say that again?\u0007 ' }));
    expect(socket.sentOfType('typed-message')).toEqual([
      { type: 'typed-message', text: 'Can you say that again?', lang: 'en-US' },
    ]);
    expect(app.state.typedReplies.last).toEqual({ id: 'l1', sent: true });
  });

  it('keeps a line it could not send, and says why', () => {
    const fakes = makeFakes();
    const app = run(typedRepliesSaga, [fakes.deps]);
    app.dispatch(typedRepliesActions.sendRequested({ id: 'l2', text: 'hello' }));
    expect(app.state.typedReplies.last).toEqual({ id: 'l2', sent: false });
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['conversation.notConnected']);
  });

  it('signals typing at most once a second while composing', async () => {
    vi.useFakeTimers();
    const { socket, app } = online();
    for (let i = 0; i < 10; i++) {
      app.dispatch(typedRepliesActions.composing());
      await vi.advanceTimersByTimeAsync(50);
    }
    // Half a second of key presses: the first is sent at once, the rest wait for the second.
    expect(socket.sentOfType('signal-i-am-typing')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(TYPING_SIGNAL_INTERVAL_MS);
    expect(socket.sentOfType('signal-i-am-typing')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(TYPING_SIGNAL_INTERVAL_MS * 3);
    expect(socket.sentOfType('signal-i-am-typing')).toHaveLength(2);
  });

  it('from a caption window, hands the line to main for the recording window, never to its own socket', async () => {
    const { fakes, socket } = online();
    const { bridge, desktop } = fakeDesktop();
    bridge.answer('captions:typedReply', () => ({ ok: true }));
    fakes.deps.desktop = desktop;
    const app = run(typedRepliesSaga, [fakes.deps]);
    app.dispatch(typedRepliesActions.sendRequested({ id: 'w1', text: ' Yes, go on ', viaRecorder: true }));
    await settle();
    expect(bridge.invoked('captions:typedReply')).toEqual([{ text: 'Yes, go on' }]);
    expect(socket.sentOfType('typed-message')).toEqual([]);
    expect(app.state.typedReplies.last).toEqual({ id: 'w1', sent: true });
  });

  it('keeps the line in a caption window when there is no room to send it to, and says why', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    fakes.deps.desktop = desktop;
    const app = run(typedRepliesSaga, [fakes.deps]);
    bridge.answer('captions:typedReply', () => ({ ok: false, reason: 'offline' }));
    app.dispatch(typedRepliesActions.sendRequested({ id: 'w2', text: 'hello', viaRecorder: true }));
    await settle();
    bridge.answer('captions:typedReply', () => ({ ok: false, reason: 'no-room' }));
    app.dispatch(typedRepliesActions.sendRequested({ id: 'w3', text: 'hello', viaRecorder: true }));
    await settle();
    expect(app.state.typedReplies.last).toEqual({ id: 'w3', sent: false });
    expect(app.state.notifications.items.map((n) => n.key)).toEqual([
      'typedReplies.offlineCaptions',
      'typedReplies.noRoom',
    ]);
  });
});
