import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import { sessionLimitsActions } from '../../../../../src/renderer/features/session-limits/actions';
import { sessionLimitsSaga } from '../../../../../src/renderer/features/session-limits/sagas';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import type { RoomStatusReason } from '../../../../../src/shared/protocol';
import { AUTO_STOPPED_REASON, type RestrictedSession } from '../../../../../src/shared/session-limits';
import { FakeSocket, type Running, makeFakes, makeStatus, run } from '../../../../helpers/saga-harness';

const ROOM = 'host1_room';
const NOW = 1_700_000_000_000;
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function setUp(avaId: string) {
  const fakes = makeFakes();
  const socket = new FakeSocket('ws://test/ws');
  fakes.deps.link.attach(socket);
  const app = run(sessionLimitsSaga, [fakes.deps], {
    session: { ...initialSessionState, status: 'ready', identity: { kind: 'guest', avaId, userName: 'X' } },
  });
  app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false }));
  const status = (
    restrictedSession: RestrictedSession,
    reason: RoomStatusReason = 'conversation-mode-changed',
  ) =>
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status-update',
        reason,
        status: makeStatus({ id: ROOM, restrictedSession }),
      }),
    );
  return { fakes, socket, app, status };
}

describe('session limits saga', () => {
  let app: Running;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('ends the host’s conversation at the limit with max_convo_time_reached, on the server’s clock', async () => {
    const set = setUp('host1');
    app = set.app;
    // The server's clock is 2 s ahead of this one.
    app.dispatch(
      socketActions.messageReceived({ type: 'PONG', serverTimeMs: NOW + 2000, clientTimeMs: NOW }),
    );
    set.status({ tier: 'basic', endsAtMs: NOW + 60_000, prolongable: false });
    await tick(57_999);
    expect(set.socket.sentOfType('close')).toEqual([]);
    await tick(1);
    expect(set.socket.sentOfType('close')).toEqual([{ type: 'close', reason: 'max_convo_time_reached' }]);
  });

  it('waits for the new end once the session is prolonged', async () => {
    const set = setUp('host1');
    app = set.app;
    set.status({ tier: 'premium', endsAtMs: NOW + 60_000, prolongable: true });
    await tick(30_000);
    set.status(
      { tier: 'premium', endsAtMs: NOW + 600_000, prolongable: true },
      'restricted-session-prolonged',
    );
    await tick(60_000);
    expect(set.socket.sentOfType('close')).toEqual([]);
    await tick(510_000);
    expect(set.socket.sentOfType('close')).toHaveLength(1);
  });

  it('leaves a guest’s end to the host and the server', async () => {
    const set = setUp('guest9');
    app = set.app;
    set.status({ tier: 'basic', endsAtMs: NOW + 1000, prolongable: false });
    await tick(10_000);
    expect(set.socket.sent).toEqual([]);
  });

  it('sends the host’s prolong and force-mute', async () => {
    const set = setUp('host1');
    app = set.app;
    app.dispatch(sessionLimitsActions.prolongRequested());
    app.dispatch(sessionLimitsActions.forceMuteRequested('guest9'));
    await tick();
    expect(set.socket.sent).toEqual([
      { type: 'prolong-restricted-session' },
      { type: 'force-mute', avaId: 'guest9' },
    ]);
  });
});

describe('why captions stopped (auto stop)', () => {
  let app: Running;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  const update = (reason: RoomStatusReason) =>
    socketActions.messageReceived({ type: 'room-status-update', reason, status: makeStatus({ id: ROOM }) });
  const notices = () => app.state.notifications.items.map((n) => [n.key, n.sticky === true] as const);

  it('tells a reader why, until they dismiss it or captions start again', async () => {
    app = setUp('host1').app;
    // A stream its speaker stopped is no news.
    app.dispatch(update('audio-stream-stopped'));
    await tick();
    expect(notices()).toEqual([]);
    app.dispatch(update(AUTO_STOPPED_REASON));
    await tick();
    expect(notices()).toEqual([['sessionLimits.autoStopped', true]]);
    expect(app.state.notifications.items[0]!.values).toEqual({ seconds: 100 });
    // Not a notice that fades: it stays however long the reader looks away.
    await tick(10 * 60_000);
    expect(notices()).toEqual([['sessionLimits.autoStopped', true]]);
    app.dispatch(update('audio-stream-started'));
    await tick();
    expect(notices()).toEqual([]);
  });

  it('leaves the device whose microphone stopped to its own notice', async () => {
    app = setUp('host1').app;
    app.dispatch(socketActions.messageReceived({ type: 'recording-stopped', reason: 'auto-stop' }));
    app.dispatch(update(AUTO_STOPPED_REASON));
    await tick();
    expect(notices()).toEqual([]);
    // A later stop seen only from the room (this device reading) is said again.
    app.dispatch(update('audio-stream-started'));
    app.dispatch(update(AUTO_STOPPED_REASON));
    await tick();
    expect(notices()).toEqual([['sessionLimits.autoStopped', true]]);
  });
});
