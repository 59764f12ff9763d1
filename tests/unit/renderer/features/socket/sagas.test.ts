import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_MIN_INTERVAL_MS,
  REUSED_URL_VALID_MS,
  SOCKET_BATCH_FLUSH_MS,
  SOCKET_STATUS_CHECK_MS,
} from '../../../../../src/shared/constants';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { socketSaga } from '../../../../../src/renderer/features/socket/sagas';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { initialSessionState, sessionActions } from '../../../../../src/renderer/features/identity/slice';
import {
  type Fakes,
  type Running,
  makeFakes,
  makeStatus,
  makeTranscript,
  run,
} from '../../../../helpers/saga-harness';

const ROOM = 'host1_room';
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

describe('socket saga', () => {
  let fakes: Fakes;
  let app: Running;

  beforeEach(async () => {
    vi.useFakeTimers();
    fakes = makeFakes();
    app = run(socketSaga, [fakes.deps], {
      session: {
        ...initialSessionState,
        status: 'ready',
        identity: { kind: 'guest', avaId: 'me1', userName: 'Mia' },
      },
    });
    app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false }));
    await tick();
  });

  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  /** Opens the current socket and plays the server's side of the handshake. */
  async function accept(
    index: number,
    transcripts = [makeTranscript({ id: 'a', isFinal: true, texts: { 'en-US': 'Hi.' } })],
  ) {
    const socket = fakes.sockets[index]!;
    socket.open();
    await tick();
    socket.receive({
      type: 'connection-succeeded',
      speakerId: 'me1',
      roomId: ROOM,
      serverTimeMs: 5,
      readonly: false,
      role: 'participant',
    });
    socket.receive({ type: 'room-status', status: makeStatus({ id: ROOM }) });
    socket.receive({ type: 'transcripts', transcripts, seq: 1, hasOlder: false });
    await tick();
    return socket;
  }

  it('opens one socket and sends connection-params when it opens', async () => {
    expect(fakes.sockets).toHaveLength(1);
    expect(fakes.sockets[0]!.url).toBe('ws://test/ws');
    expect(app.state.socket.status).toBe('pending');
    fakes.sockets[0]!.open();
    await tick();
    expect(fakes.sockets[0]!.sent).toEqual([
      {
        type: 'connection-params',
        speakerId: 'me1',
        roomId: ROOM,
        username: 'Mia',
        clientInfo: { app: 'web', version: 'test' },
        role: 'participant',
        lang: 'en-US',
        // The reader's curse filter (the default), so the first captions come filtered.
        curseFilter: 2,
      },
    ]);
  });

  it('is online after connection-succeeded, then holds the room status and transcripts', async () => {
    await accept(0);
    expect(app.state.socket.status).toBe('online');
    expect(fakes.deps.link.isAttached).toBe(true);
    expect(app.state.conversation.status?.name).toBe('blue-river-42');
    expect(app.state.captions.ids).toEqual(['a']);
    expect(fakes.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('logs an error when the first two messages are not connection-succeeded then room-status', async () => {
    const socket = fakes.sockets[0]!;
    socket.open();
    socket.receive({ type: 'room-status', status: makeStatus({ id: ROOM }) });
    socket.receive({ type: 'transcripts', transcripts: [], seq: 0, hasOlder: false });
    await tick();
    const errors = fakes.logger.entries.filter((e) => e.level === 'error').map((e) => e.msg);
    expect(errors).toEqual([
      'expected connection-succeeded as the first message, received room-status',
      'expected room-status as the second message, received transcripts',
    ]);
  });

  it('pings every PING_INTERVAL_MS and stays online while PONGs come back', async () => {
    const socket = await accept(0);
    for (let i = 1; i <= 3; i++) {
      await tick(PING_INTERVAL_MS);
      expect(socket.sentOfType('ping')).toHaveLength(i);
      const ping = socket.sentOfType('ping')[i - 1]!;
      socket.receive({ type: 'PONG', serverTimeMs: ping.clientTimeMs + 7, clientTimeMs: ping.clientTimeMs });
      await tick(PONG_TIMEOUT_MS - 1);
    }
    expect(app.state.socket.status).toBe('online');
    expect(app.state.socket.clockOffsetMs).toBe(7);
    expect(fakes.sockets).toHaveLength(1);
  });

  it('treats a missing PONG as a dead socket and reconnects, re-sending connection-params', async () => {
    const first = await accept(0);
    await tick(PING_INTERVAL_MS);
    await tick(PONG_TIMEOUT_MS);
    expect(first.closed).toBe(true);
    expect(fakes.deps.link.isAttached).toBe(false);
    // The last attempt was more than RECONNECT_MIN_INTERVAL_MS ago: reconnect at once.
    expect(app.state.socket.status).toBe('reconnecting');
    expect(fakes.sockets).toHaveLength(2);
    const second = await accept(1);
    expect(second.sentOfType('connection-params')).toHaveLength(1);
    expect(app.state.socket.status).toBe('online');
    // The transcripts came again and replaced the captions: no duplicates.
    expect(app.state.captions.ids).toEqual(['a']);
  });

  it('never reconnects more often than every RECONNECT_MIN_INTERVAL_MS', async () => {
    fakes.sockets[0]!.drop();
    await tick();
    expect(app.state.socket.status).toBe('disconnected');
    await tick(RECONNECT_MIN_INTERVAL_MS - 1);
    expect(fakes.sockets).toHaveLength(1);
    await tick(1);
    expect(fakes.sockets).toHaveLength(2);
    expect(app.state.socket.status).toBe('reconnecting');
  });

  it('proves itself with the identity current at each attempt (a token refreshed meanwhile)', async () => {
    await accept(0);
    app.dispatch(
      sessionActions.ready({ kind: 'account', avaId: 'me1', userName: 'Mia', token: 'a.fresh.token' }),
    );
    fakes.sockets[0]!.drop();
    await tick(RECONNECT_MIN_INTERVAL_MS);
    fakes.sockets[1]!.open();
    await tick();
    expect(fakes.sockets[1]!.sentOfType('connection-params')[0]).toMatchObject({
      speakerId: 'me1',
      identityToken: 'a.fresh.token',
    });
  });

  it('goes offline with the browser and reconnects when it is back', async () => {
    const first = await accept(0);
    fakes.network.set(false);
    await tick();
    expect(app.state.socket.status).toBe('offline');
    expect(first.closed).toBe(true);
    await tick(60_000);
    expect(fakes.sockets).toHaveLength(1);
    fakes.network.set(true);
    await tick();
    expect(fakes.sockets).toHaveLength(2);
    expect(app.state.socket.status).toBe('reconnecting');
    await accept(1);
    expect(app.state.socket.status).toBe('online');
  });

  it('reconnects when the user asks to, even if the browser still says offline', async () => {
    await accept(0);
    fakes.network.set(false);
    await tick();
    await tick(RECONNECT_MIN_INTERVAL_MS);
    app.dispatch(socketActions.reconnectRequested());
    await tick();
    expect(fakes.sockets).toHaveLength(2);
  });

  it('checks every SOCKET_STATUS_CHECK_MS what the browser says, and goes offline when its event never came', async () => {
    const first = await accept(0);
    // navigator.onLine turns false without an offline event (a laptop waking up, say).
    fakes.network.online = false;
    await tick(SOCKET_STATUS_CHECK_MS - 1);
    expect(app.state.socket.status).toBe('online');
    await tick(1);
    expect(app.state.socket.status).toBe('offline');
    expect(first.closed).toBe(true);
    fakes.network.online = true;
    await tick(SOCKET_STATUS_CHECK_MS);
    // Back online: the next attempt, as soon as RECONNECT_MIN_INTERVAL_MS allows.
    await tick(RECONNECT_MIN_INTERVAL_MS);
    expect(fakes.sockets).toHaveLength(2);
  });

  it('reconnects to the same URL within REUSED_URL_VALID_MS, and asks for a fresh one after', async () => {
    const first = await accept(0);
    fakes.deps.socketUrl = () => 'ws://moved/ws';
    first.drop();
    await tick(RECONNECT_MIN_INTERVAL_MS);
    expect(fakes.sockets[1]!.url).toBe('ws://test/ws');
    await accept(1);
    fakes.network.set(false);
    await tick(REUSED_URL_VALID_MS);
    fakes.network.set(true);
    await tick();
    expect(fakes.sockets[2]!.url).toBe('ws://moved/ws');
  });

  it('hands partial captions on in batches every SOCKET_BATCH_FLUSH_MS, and a final at once after them', async () => {
    const socket = await accept(0);
    socket.receive({
      type: 'transcript',
      transcript: makeTranscript({ id: 'b', texts: { 'en-US': 'Good' } }),
      seq: 1,
    });
    await tick(SOCKET_BATCH_FLUSH_MS - 1);
    expect(app.state.captions.ids).toEqual(['a']);
    await tick(1);
    expect(app.state.captions.ids).toEqual(['a', 'b']);
    socket.receive({
      type: 'transcript',
      transcript: makeTranscript({ id: 'c', texts: { 'en-US': 'And' } }),
      seq: 1,
    });
    socket.receive({
      type: 'transcript',
      transcript: makeTranscript({ id: 'b', isFinal: true, texts: { 'en-US': 'Good morning.' } }),
      seq: 2,
    });
    await tick();
    expect(app.state.captions.ids).toEqual(['a', 'b', 'c']);
    expect(app.state.captions.byId['b']?.texts['en-US']).toBe('Good morning.');
  });

  it('shows and logs server errors', async () => {
    const socket = await accept(0);
    socket.receive({
      type: 'error',
      error: { code: 'forbidden', message: 'only the host may end the room' },
    });
    await tick();
    expect(app.state.notifications.items).toEqual([
      expect.objectContaining({
        intent: 'danger',
        key: 'errors.socket.forbidden',
        detail: 'only the host may end the room',
      }),
    ]);
    expect(fakes.logger.entries.some((e) => e.level === 'error' && e.msg.includes('only the host'))).toBe(
      true,
    );
  });

  it('closes the socket and stops reconnecting when the user leaves', async () => {
    const socket = await accept(0);
    app.dispatch(conversationActions.exited());
    await tick();
    expect(socket.closed).toBe(true);
    expect(app.state.socket.status).toBe('closed');
    await tick(60_000);
    expect(fakes.sockets).toHaveLength(1);
  });

  it('does not reconnect to a room that has ended', async () => {
    const socket = await accept(0);
    socket.receive({
      type: 'room-status-update',
      reason: 'ended',
      status: makeStatus({ id: ROOM, state: { value: 'ended' } }),
    });
    socket.drop(1000);
    await tick(60_000);
    expect(fakes.sockets).toHaveLength(1);
    expect(app.state.socket.status).toBe('closed');
  });

  it('stops trying when the server refuses the connection, and says why', async () => {
    const socket = fakes.sockets[0]!;
    socket.open();
    socket.receive({
      type: 'error',
      error: { code: 'room-not-found', message: 'no room host1_room' },
      inReplyTo: 'connection-params',
    });
    await tick();
    expect(socket.closed).toBe(true);
    expect(app.state.socket.status).toBe('closed');
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['errors.socket.room-not-found']);
    await tick(60_000);
    expect(fakes.sockets).toHaveLength(1);
    // The reason stays (RefusedNotice shows it with the way back) after the notice has faded.
    expect(app.state.socket.refusal).toEqual({ code: 'room-not-found', message: 'no room host1_room' });
    // Another room starts without it.
    app.dispatch(conversationActions.entered({ roomId: 'host1_other', readonly: false }));
    await tick();
    expect(app.state.socket.refusal).toBeUndefined();
  });

  it('keeps the connection for an error about one message once connected', async () => {
    const socket = await accept(0);
    socket.receive({
      type: 'error',
      error: { code: 'forbidden', message: 'not the host' },
      inReplyTo: 'update-title',
    });
    await tick(PING_INTERVAL_MS);
    expect(socket.closed).toBe(false);
    expect(app.state.socket.status).toBe('online');
  });
});
