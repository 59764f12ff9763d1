/**
 * The socket saga owns the one WebSocket of the conversation screen. Between
 * `conversation/entered` and `conversation/exited` it keeps a connection to the room:
 *
 *   open -> send connection-params -> connection-succeeded (online) -> room-status -> transcripts
 *
 * pings every PING_INTERVAL_MS and treats a missing PONG (PONG_TIMEOUT_MS) as a dead socket;
 * when the socket is lost it reconnects, never more often than RECONNECT_MIN_INTERVAL_MS;
 * the browser's offline event closes it and shows the offline state until the browser is back
 * online or the user asks to reconnect. Every reconnection re-sends connection-params; the
 * server then re-sends `transcripts` (its latest finals), which the captions merge by id (no
 * duplicates), and the captions saga asks `transcripts-since` for whatever was missed.
 */
import { type EventChannel, buffers, eventChannel } from 'redux-saga';
import { call, cancelled, delay, fork, put, race, select, take, takeLatest } from 'typed-redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { PING_INTERVAL_MS, PONG_TIMEOUT_MS, SOCKET_STATUS_CHECK_MS } from '../../../shared/constants';
import { type ClientMessageOf, type SocketErrorCode, isKnockResponse } from '../../../shared/protocol';
import type { AppDeps } from '../../app/deps';
import { conversationActions } from '../conversation/slice';
import { notificationsActions } from '../notifications/slice';
import { waitForIdentity } from '../identity/sagas';
import type { Identity } from '../identity/slice';
import { type RootState, selectState } from '../../app/root-reducer';
import type { ConnectionEvent, SocketConnection } from './connection';
import { SocketBatcher } from './batcher';
import { handshakeProblem } from './handshake';
import { type ReusedUrl, reconnectDelayMs, socketUrlToUse } from './reconnect';
import { isSocketConnectedEvent, socketActions } from './slice';
import { attemptEvent } from './status-machine';

const TAG = 'socket';

/**
 * A socket the server has not accepted (connection-succeeded) within one ping period plus the
 * pong timeout is treated like one that stopped answering pings.
 */
export const CONNECT_TIMEOUT_MS = PING_INTERVAL_MS + PONG_TIMEOUT_MS;

/** How one connection ended. */
export type ConnectionOutcome = 'closed' | 'dead' | 'offline' | 'reconnect' | 'refused';

/**
 * Errors that, sent before `connection-succeeded`, mean the server will not take this connection
 * however often we try: the room is gone or ended, or we may not join it. No reconnection then.
 */
export const REFUSAL_CODES: ReadonlySet<SocketErrorCode> = new Set<SocketErrorCode>([
  'room-not-found',
  'room-ended',
  'forbidden',
]);

export function buildConnectionParams(
  identity: Identity,
  roomId: string,
  lang: string,
  version: string,
  joinToken?: string,
  curseFilter?: number,
  role: 'participant' | 'scribe' = 'participant',
): ClientMessageOf<'connection-params'> {
  return {
    type: 'connection-params',
    speakerId: identity.avaId,
    roomId,
    username: identity.userName || undefined,
    clientInfo: { app: 'web', version },
    role,
    lang,
    // An avaId proves nothing: an account proves it with its identity token, a guest with the
    // credential the server signed for it.
    ...(identity.kind === 'account' && identity.token ? { identityToken: identity.token } : {}),
    ...(identity.kind === 'guest' && identity.credential ? { guestCredential: identity.credential } : {}),
    ...(joinToken ? { token: joinToken } : {}),
    ...(curseFilter !== undefined ? { curseFilter } : {}),
  };
}

const isAdmissionRequested = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  isKnockResponse(action.payload) &&
  action.payload.status === 'requested';

const isPong = (action: Action): boolean =>
  socketActions.messageReceived.match(action) && action.payload.type === 'PONG';

/** The connection's events, the batched ones (batcher.ts) let out every SOCKET_BATCH_FLUSH_MS. */
function connectionChannel(connection: SocketConnection): EventChannel<ConnectionEvent> {
  return eventChannel<ConnectionEvent>((emit) => {
    const batcher = new SocketBatcher(emit);
    const unsubscribe = connection.subscribe((event) => batcher.push(event));
    return () => {
      unsubscribe();
      batcher.dispose();
    };
  }, buffers.expanding(64));
}

/** Reads one connection's events until it closes (or the server refuses it). */
function* readConnection(
  deps: AppDeps,
  connection: SocketConnection,
  channel: EventChannel<ConnectionEvent>,
  params: ClientMessageOf<'connection-params'>,
) {
  let position = 0;
  let accepted = false;
  while (true) {
    const event = yield* take(channel);
    switch (event.kind) {
      case 'open':
        connection.send(params);
        break;
      case 'unreadable':
        deps.logger.log('warn', TAG, `dropped an unreadable message: ${event.text}`);
        break;
      case 'close':
        deps.logger.log(
          'info',
          TAG,
          `socket closed (${event.code}${event.reason ? ` ${event.reason}` : ''})`,
        );
        return 'closed';
      case 'message': {
        const message = event.message;
        // Waiting at the host's door comes before the handshake proper (connection-response),
        // and pings are answered while waiting there (PONG).
        if (message.type !== 'connection-response' && message.type !== 'PONG') {
          const problem = handshakeProblem(position, message.type);
          if (problem) deps.logger.log('error', TAG, problem);
          position++;
        }
        if (message.type === 'connection-succeeded') {
          accepted = true;
          deps.link.attach(connection);
          yield* put(socketActions.statusEvent('succeeded'));
        }
        yield* put(socketActions.messageReceived(message));
        // Refused at the door: the reason is shown (admission slice) and no reconnection is tried.
        if (isKnockResponse(message) && message.status === 'refused') return 'refused';
        if (message.type === 'error') {
          deps.logger.log(
            'error',
            TAG,
            `server error ${message.error.code}: ${message.error.message}` +
              (message.inReplyTo ? ` (in reply to ${message.inReplyTo})` : ''),
          );
          yield* put(
            notificationsActions.notify({
              intent: 'danger',
              key: `errors.socket.${message.error.code}`,
              detail: message.error.message,
            }),
          );
          if (!accepted && REFUSAL_CODES.has(message.error.code)) {
            yield* put(socketActions.refused(message.error));
            return 'refused';
          }
        }
        break;
      }
    }
  }
}

/** Pings while online; returns (the socket is dead) when a PONG does not come in time. */
export function* heartbeat(deps: AppDeps, connection: SocketConnection) {
  // Someone waiting for the host to let them in is not a dead socket: the server answers its
  // pings, and ends the wait itself (accepted or refused).
  const { timeout: neverOnline } = yield* race({
    online: take(isSocketConnectedEvent),
    waiting: take(isAdmissionRequested),
    timeout: delay(CONNECT_TIMEOUT_MS),
  });
  if (neverOnline) {
    deps.logger.log('warn', TAG, `not accepted within ${CONNECT_TIMEOUT_MS} ms: giving up on this socket`);
    return;
  }
  while (true) {
    yield* delay(PING_INTERVAL_MS);
    connection.send({ type: 'ping', clientTimeMs: deps.now() });
    const { timeout } = yield* race({ pong: take(isPong), timeout: delay(PONG_TIMEOUT_MS) });
    if (timeout) {
      deps.logger.log('warn', TAG, `no PONG within ${PONG_TIMEOUT_MS} ms: the socket is presumed dead`);
      return;
    }
  }
}

/** One connection, from open to its end. */
export function* runConnection(
  deps: AppDeps,
  params: ClientMessageOf<'connection-params'>,
  url: string = deps.socketUrl(),
) {
  const connection = deps.openSocket(url);
  const channel = connectionChannel(connection);
  try {
    const result = yield* race({
      closed: call(readConnection, deps, connection, channel, params),
      dead: call(heartbeat, deps, connection),
      offline: take((a: Action) => socketActions.browserOnlineChanged.match(a) && !a.payload),
      reconnect: take(socketActions.reconnectRequested.type),
    });
    if (result.closed === 'refused') return 'refused';
    return (Object.keys(result)[0] ?? 'closed') as ConnectionOutcome;
  } finally {
    deps.link.detach(connection);
    channel.close();
    connection.close(1000, 'client closing');
  }
}

const selectRoomEnded = (state: RootState) => state.conversation.status?.state.value === 'ended';
const selectStatus = (state: RootState) => state.socket.status;
const selectBrowserOnline = (state: RootState) => state.socket.browserOnline;

/** Keeps the room connected until cancelled (the user left) or the room ends. */
export function* connectionLoop(deps: AppDeps, roomId: string) {
  let lastAttemptMs: number | undefined;
  let reused: ReusedUrl | undefined;
  try {
    while (true) {
      if (!(yield* select(selectBrowserOnline))) {
        yield* put(socketActions.statusEvent('offline'));
        yield* take(
          (a: Action) =>
            socketActions.reconnectRequested.match(a) ||
            (socketActions.browserOnlineChanged.match(a) && a.payload),
        );
      }
      const wait = reconnectDelayMs(lastAttemptMs, deps.now());
      if (wait > 0) yield* delay(wait);
      lastAttemptMs = deps.now();
      const status = yield* select(selectStatus);
      yield* put(socketActions.statusEvent(attemptEvent(status)));
      // Read for every attempt: an account's identity token is refreshed while the room is open,
      // and a reconnection an hour in must not present the expired one (and be refused for good).
      const identity = yield* call(waitForIdentity);
      const lang = yield* select((s: RootState) => s.settings.speechLang);
      const joinToken = (yield* select(selectState)).conversation.joinToken;
      // The reader's curse filter applies from the first captions (the snapshot) on.
      const curseFilter = yield* select((s: RootState) => s.settings.curseFilter);
      const role = (yield* select(selectState)).conversation.role ?? 'participant';
      const params = buildConnectionParams(
        identity,
        roomId,
        lang,
        deps.appVersion,
        joinToken,
        curseFilter,
        role,
      );
      const url = socketUrlToUse(reused, deps.now(), deps.socketUrl);
      const outcome = yield* runConnection(deps, params, url);
      // The URL was in use until now: a reconnection soon after goes back to it.
      reused = { url, lastUsedMs: deps.now() };
      if (outcome === 'refused' || (yield* select(selectRoomEnded))) {
        yield* put(socketActions.statusEvent('close'));
        return;
      }
      yield* put(socketActions.statusEvent(outcome === 'offline' ? 'offline' : 'lost'));
    }
  } finally {
    if (yield* cancelled()) yield* put(socketActions.statusEvent('close'));
  }
}

function* roomConnection(deps: AppDeps, action: ReturnType<typeof conversationActions.entered>) {
  yield* race({
    run: call(connectionLoop, deps, action.payload.roomId),
    exit: take(conversationActions.exited.type),
  });
}

/**
 * The status check (conversation.md section 9: every SOCKET_STATUS_CHECK_MS): the browser's
 * online and offline events are not always fired (a sleeping laptop, some desktop shells), so
 * what the browser says is read again every second and a change missed by the events is acted on.
 */
export function* statusCheck(deps: AppDeps) {
  while (true) {
    yield* delay(SOCKET_STATUS_CHECK_MS);
    const online = deps.network.isOnline();
    if (online !== (yield* select(selectBrowserOnline))) {
      deps.logger.log('info', TAG, `status check: the browser is ${online ? 'online' : 'offline'}`);
      yield* put(socketActions.browserOnlineChanged(online));
    }
  }
}

function* watchNetwork(deps: AppDeps) {
  const channel = eventChannel<boolean>((emit) => deps.network.subscribe(emit));
  yield* put(socketActions.browserOnlineChanged(deps.network.isOnline()));
  yield* fork(statusCheck, deps);
  try {
    while (true) {
      const online = yield* take(channel);
      deps.logger.log('info', TAG, online ? 'the browser is online' : 'the browser went offline');
      yield* put(socketActions.browserOnlineChanged(online));
    }
  } finally {
    channel.close();
  }
}

export function* socketSaga(deps: AppDeps) {
  yield* fork(watchNetwork, deps);
  yield* takeLatest(conversationActions.entered.type, roomConnection, deps);
}
