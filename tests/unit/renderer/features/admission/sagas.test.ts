import { all, call } from 'redux-saga/effects';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_TIMEOUT_MS } from '../../../../../src/renderer/features/socket/sagas';
import { PING_INTERVAL_MS, RECONNECT_MIN_INTERVAL_MS } from '../../../../../src/shared/constants';
import { admissionSaga } from '../../../../../src/renderer/features/admission/sagas';
import { admissionActions } from '../../../../../src/renderer/features/admission/slice';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { socketSaga } from '../../../../../src/renderer/features/socket/sagas';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import type { AppDeps } from '../../../../../src/renderer/app/deps';
import { type Fakes, type Running, makeFakes, makeStatus, run } from '../../../../helpers/saga-harness';

const ROOM = 'host1_room';
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function* sockets(deps: AppDeps) {
  yield all([call(socketSaga, deps), call(admissionSaga, deps)]);
}

describe('admission, as the person waiting', () => {
  let fakes: Fakes;
  let app: Running;

  beforeEach(async () => {
    vi.useFakeTimers();
    fakes = makeFakes();
    app = run(sockets, [fakes.deps], {
      session: {
        ...initialSessionState,
        status: 'ready',
        identity: { kind: 'guest', avaId: 'me1', userName: 'Mia', credential: 'me1.cred' },
      },
    });
    app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false, token: 'tokrw' }));
    await tick();
    fakes.sockets[0]!.open();
    await tick();
  });

  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('sends the join token and credential, waits past the connect timeout, and joins once let in', async () => {
    const socket = fakes.sockets[0]!;
    expect(socket.sentOfType('connection-params')[0]).toMatchObject({
      token: 'tokrw',
      guestCredential: 'me1.cred',
    });
    socket.receive({ type: 'connection-response', id: 'r1', status: 'requested' });
    await tick();
    expect(app.state.admission.joining).toBe('requested');
    // Longer than a socket that is never accepted is given: still waiting, and still pinging.
    await tick(PING_INTERVAL_MS + 100);
    const ping = socket.sentOfType('ping').at(-1)!;
    socket.receive({ type: 'PONG', serverTimeMs: 1, clientTimeMs: ping.clientTimeMs });
    await tick(CONNECT_TIMEOUT_MS - PING_INTERVAL_MS + 1000);
    expect(socket.closed).toBe(false);
    expect(fakes.sockets).toHaveLength(1);
    socket.receive({ type: 'connection-response', id: 'r1', status: 'accepted' });
    socket.receive({
      type: 'connection-succeeded',
      speakerId: 'me1',
      roomId: ROOM,
      serverTimeMs: 5,
      readonly: false,
      role: 'participant',
    });
    socket.receive({ type: 'room-status', status: makeStatus({ id: ROOM }) });
    await tick();
    expect(app.state.admission.joining).toBe('accepted');
    expect(app.state.socket.status).toBe('online');
    // The handshake order is still right: the door's messages come before it.
    expect(fakes.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('shows why the host refused, and does not knock again by itself', async () => {
    const socket = fakes.sockets[0]!;
    socket.receive({ type: 'connection-response', id: 'r1', status: 'requested' });
    socket.receive({ type: 'connection-response', id: 'r1', status: 'refused', reason: 'timeout' });
    await tick();
    expect(app.state.admission).toMatchObject({ joining: 'none', refusal: 'timeout' });
    await tick(RECONNECT_MIN_INTERVAL_MS * 3);
    expect(fakes.sockets).toHaveLength(1);
  });
});

describe('admission, as the host', () => {
  let fakes: Fakes;
  let app: Running;

  beforeEach(async () => {
    vi.useFakeTimers();
    fakes = makeFakes();
    app = run(sockets, [fakes.deps], {
      session: {
        ...initialSessionState,
        status: 'ready',
        identity: { kind: 'guest', avaId: 'host1', userName: 'Hana', credential: 'host1.cred' },
      },
    });
    app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false }));
    await tick();
    const socket = fakes.sockets[0]!;
    socket.open();
    await tick();
    socket.receive({
      type: 'connection-succeeded',
      speakerId: 'host1',
      roomId: ROOM,
      serverTimeMs: 5,
      readonly: false,
      role: 'participant',
    });
    socket.receive({ type: 'room-status', status: makeStatus({ id: ROOM }) });
    await tick();
  });

  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('lists who asks, sends the answer, and forgets requests the server closed', async () => {
    const socket = fakes.sockets[0]!;
    const ask = (id: string, userName: string) =>
      socket.receive({
        type: 'connection-request',
        id,
        to: ROOM,
        role: 'participant',
        fromSource: 'link',
        from: { avaId: `a-${id}`, userName },
      });
    ask('r1', 'Nia');
    ask('r2', 'Omar');
    ask('r1', 'Nia');
    await tick();
    expect(app.state.admission.requests.map((r) => r.userName)).toEqual(['Nia', 'Omar']);
    app.dispatch(admissionActions.answered({ id: 'r1', accept: true }));
    await tick();
    expect(socket.sentOfType('connection-request-answer')).toEqual([
      { type: 'connection-request-answer', id: 'r1', accept: true },
    ]);
    expect(app.state.admission.requests.map((r) => r.id)).toEqual(['r2']);
    socket.receive({ type: 'connection-request-closed', id: 'r2' });
    await tick();
    expect(app.state.admission.requests).toEqual([]);
    app.dispatch(admissionActions.requireChanged(true));
    await tick();
    expect(socket.sentOfType('connection-params-update')).toContainEqual({
      type: 'connection-params-update',
      requireAdmission: true,
    });
  });
});
