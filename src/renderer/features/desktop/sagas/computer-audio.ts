/**
 * The computer's sound as its own stream (issue 11): when the desktop captions the microphone
 * and the computer's sound together, the microphone goes on the room's connection (the audio
 * saga) and the computer's sound on a second connection of the same person, started with
 * `metadata.source: {kind: 'computer-audio', label}`, so the room shows two streams under two
 * names, never one mixed stream. The server makes the label a speaker anyone can rename.
 *
 * This connection lives within one recording (audio/sagas.ts recordOnce forks it and cancels it):
 * both streams start, stop and end together. Through a dropped connection the microphone keeps
 * listening and holds its audio (docs/transcripts.md "Held audio"); the computer's sound is not
 * held: its connection is closed and opened again once the room's connection is back, or, lost
 * alone, after the reconnection interval (computerAudioAgain). It only sends; what the room says
 * comes through the main connection, so its messages are drained.
 */
import { type EventChannel, buffers, eventChannel } from 'redux-saga';
import { call, cancel, delay, fork, join, race, select, take } from 'typed-redux-saga';
import { RECONNECT_MIN_INTERVAL_MS } from '../../../../shared/constants';
import { int16ToLittleEndianBytes } from '../../../../shared/audio';
import type { RecordingStartMetadata } from '../../../../shared/entities';
import { type ClientMessageOf, isKnockResponse } from '../../../../shared/protocol';
import type { AppDeps } from '../../../app/deps';
import { selectState } from '../../../app/root-reducer';
import type { CaptureEvent, CaptureSession } from '../../audio/capture';
import { waitForIdentity } from '../../identity/sagas';
import type { ConnectionEvent, SocketConnection } from '../../socket/connection';
import { CONNECT_TIMEOUT_MS, buildConnectionParams } from '../../socket/sagas';
import { computerAudioLabel } from '../computer-audio-label';

const TAG = 'computer-audio';

/** How the computer's stream ended: its capture ended, its connection was lost, or the server refused it. */
export type ComputerAudioOutcome =
  { kind: 'ended' } | { kind: 'lost' } | { kind: 'refused'; message: string };

/** What the audio start says of the computer's sound: its kind, and the name it is shown under. */
export function* computerAudioSource() {
  const state = yield* select(selectState);
  return {
    kind: 'computer-audio' as const,
    label: computerAudioLabel(state.conversation.status?.title, state.settings.language),
  };
}

function connectionChannel(connection: SocketConnection): EventChannel<ConnectionEvent> {
  return eventChannel<ConnectionEvent>((emit) => connection.subscribe(emit), buffers.expanding(64));
}

function captureChannel(session: CaptureSession): EventChannel<CaptureEvent> {
  return eventChannel<CaptureEvent>((emit) => session.subscribe(emit), buffers.expanding(32));
}

/**
 * Reads the connection until it ends: 'accepted' once the server took it (connection-succeeded)
 * when `untilAccepted`, else only its end. An error from the server is a refusal (this link has
 * nothing to retry that the server would take better next time), a close a loss.
 */
function* readUntil(
  channel: EventChannel<ConnectionEvent>,
  connection: SocketConnection,
  params: ClientMessageOf<'connection-params'>,
  untilAccepted: boolean,
) {
  while (true) {
    const event = yield* take(channel);
    if (event.kind === 'open') connection.send(params);
    if (event.kind === 'close') return { kind: 'lost' } as const;
    if (event.kind !== 'message') continue;
    const message = event.message;
    if (message.type === 'connection-succeeded' && untilAccepted) return { kind: 'accepted' } as const;
    if (isKnockResponse(message) && message.status === 'refused')
      return { kind: 'refused', message: message.reason ?? 'refused' } as const;
    if (message.type === 'error') return { kind: 'refused', message: message.error.message } as const;
  }
}

/** Sends the capture's chunks as they come; returns when the capture ends. */
function* pump(session: CaptureSession, connection: SocketConnection) {
  const channel = captureChannel(session);
  try {
    while (true) {
      const event = yield* take(channel);
      if (event.kind === 'ended') return;
      connection.sendBinary(int16ToLittleEndianBytes(event.samples));
    }
  } finally {
    channel.close();
  }
}

/**
 * Streams `session` (the computer's sound) on a connection of its own until it ends, is lost or
 * refused, or this saga is cancelled; the connection is closed in every case (the session itself
 * is stopped by whoever owns it).
 */
export function* sendComputerAudio(
  deps: AppDeps,
  session: CaptureSession,
  metadata: RecordingStartMetadata,
): Generator<unknown, ComputerAudioOutcome, unknown> {
  const state = yield* select(selectState);
  const roomId = state.conversation.roomId;
  if (!roomId) return { kind: 'refused', message: 'not in a conversation' };
  const identity = yield* call(waitForIdentity);
  const params = buildConnectionParams(
    identity,
    roomId,
    metadata.lang,
    deps.appVersion,
    state.conversation.joinToken,
  );
  const source = yield* call(computerAudioSource);
  const connection = deps.openSocket(deps.socketUrl());
  const channel = connectionChannel(connection);
  let started = false;
  try {
    const { answer, timeout } = yield* race({
      answer: call(readUntil, channel, connection, params, true),
      timeout: delay(CONNECT_TIMEOUT_MS),
    });
    if (timeout) {
      deps.logger.log('warn', TAG, `not accepted within ${CONNECT_TIMEOUT_MS} ms`);
      return { kind: 'lost' };
    }
    if (answer && answer.kind !== 'accepted') {
      deps.logger.log('warn', TAG, `the computer audio's connection ended: ${JSON.stringify(answer)}`);
      return answer;
    }
    connection.send({ type: 'audio', action: 'start', metadata: { ...metadata, source } });
    started = true;
    deps.logger.log('info', TAG, `computer audio streaming as "${source.label}"`);
    const sending = yield* fork(pump, session, connection);
    const result = yield* race({
      ended: join(sending),
      connection: call(readUntil, channel, connection, params, false),
    });
    if (sending.isRunning()) yield* cancel(sending);
    if (result.connection) {
      deps.logger.log(
        'warn',
        TAG,
        `the computer audio's connection ended: ${JSON.stringify(result.connection)}`,
      );
      return result.connection as ComputerAudioOutcome;
    }
    return { kind: 'ended' };
  } finally {
    if (started) connection.send({ type: 'audio', action: 'stop' });
    channel.close();
    connection.close(1000, 'client closing');
  }
}

/** The computer's sound again, on a new connection, after its own was lost (once the reconnection interval has passed). */
export function* computerAudioAgain(
  deps: AppDeps,
  session: CaptureSession,
  metadata: RecordingStartMetadata,
): Generator<unknown, ComputerAudioOutcome, unknown> {
  yield* delay(RECONNECT_MIN_INTERVAL_MS);
  return yield* sendComputerAudio(deps, session, metadata);
}
