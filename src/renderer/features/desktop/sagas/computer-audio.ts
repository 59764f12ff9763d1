/**
 * The computer's sound as its own stream (issue 11): when the desktop captions the microphone
 * and the computer's sound together, the microphone goes on the room's connection (the audio
 * saga) and the computer's sound on a second connection of the same person, started with
 * `metadata.source: {kind: 'computer-audio', label}`, so the room shows two streams under two
 * names, never one mixed stream. The server makes the label a speaker anyone can rename.
 *
 * This connection lives within one recording (audio/sagas.ts recordOnce forks it and cancels it):
 * both streams start, stop and end together. Through a dropped connection both keep listening
 * and hold their audio (docs/transcripts.md "Held audio"): the computer's sound in a
 * ComputerAudioHold, the same bounded buffer as the microphone's. Its connection is closed and
 * opened again once the room's connection is back, or, lost alone, after the reconnection
 * interval (computerAudioAgain); the new one sends what was held first, as held (late) audio
 * faster than real time, then the live sound. It only sends; what the room says comes through
 * the main connection, so its messages are drained.
 */
import { type EventChannel, buffers, eventChannel } from 'redux-saga';
import { call, delay, race, select, take } from 'typed-redux-saga';
import {
  HELD_AUDIO_SEND_SPEED,
  RECONNECT_MIN_INTERVAL_MS,
  SAMPLE_RATE_HZ,
} from '../../../../shared/constants';
import { int16ToLittleEndianBytes } from '../../../../shared/audio';
import type { RecordingStartMetadata } from '../../../../shared/entities';
import { randomId } from '../../../../shared/ids';
import { type ClientMessageOf, isKnockResponse } from '../../../../shared/protocol';
import type { AppDeps } from '../../../app/deps';
import { type RootState, selectState } from '../../../app/root-reducer';
import type { CaptureSession } from '../../audio/capture';
import { HELD_FRAME_SAMPLES } from '../../audio/catch-up';
import { HeldAudio, joinChunks } from '../../audio/held-audio';
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

/**
 * The computer's sound of one recording, read from its capture for as long as the recording
 * runs: sent as it comes while a connection carries it live, held meanwhile (before the first
 * connection is accepted, and from a drop until a new connection has sent what was held).
 */
export class ComputerAudioHold {
  /** What no connection has carried yet, placed in the computer's capture. */
  readonly held: HeldAudio;
  /** This capture's id, so the room places held and live audio in it (rooms/catch-up.ts). */
  readonly captureId = randomId(12);
  /** A connection has carried the sound live: what is held from now on was held through a drop. */
  wasLive = false;
  private live: ((samples: Int16Array) => void) | undefined;
  private endedNow = false;
  private readonly endListeners = new Set<() => void>();
  private readonly unsubscribe: () => void;

  constructor(session: CaptureSession, now: () => number, held = new HeldAudio()) {
    this.held = held;
    this.unsubscribe = session.subscribe((event) => {
      if (event.kind === 'ended') {
        this.endedNow = true;
        for (const listener of this.endListeners) listener();
        return;
      }
      if (!this.live) {
        this.held.add(event.samples, now());
        return;
      }
      this.held.pass(event.samples.length);
      this.live(event.samples);
    });
  }

  get ended(): boolean {
    return this.endedNow;
  }

  /** From now on the sound goes to `send` as it comes; undefined: it is held again. */
  sendLiveTo(send: ((samples: Int16Array) => void) | undefined): void {
    this.live = send;
    if (send) this.wasLive = true;
  }

  /** Resolves when the capture ends (its device gone). */
  whenEnded(): Promise<void> {
    if (this.endedNow) return Promise.resolve();
    return new Promise((resolve) => this.endListeners.add(() => resolve()));
  }

  /** The recording is over: nothing more is read. */
  close(): void {
    this.live = undefined;
    this.endListeners.clear();
    this.unsubscribe();
  }
}

function connectionChannel(connection: SocketConnection): EventChannel<ConnectionEvent> {
  return eventChannel<ConnectionEvent>((emit) => connection.subscribe(emit), buffers.expanding(64));
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

function* serverClockOffset() {
  return (yield* select((s: RootState) => s.socket.clockOffsetMs)) ?? 0;
}

/**
 * What `hold` kept through a drop, on `connection`: an `audio` start marked late (where it
 * begins in the capture, when that was captured), then its chunks in frames of a second at
 * HELD_AUDIO_SEND_SPEED times real time, including those held meanwhile, until none is left.
 */
function* sendHeld(
  deps: AppDeps,
  hold: ComputerAudioHold,
  connection: SocketConnection,
  metadata: RecordingStartMetadata,
) {
  const first = hold.held.first!;
  const offset = yield* call(serverClockOffset);
  connection.send({
    type: 'audio',
    action: 'start',
    metadata: {
      ...metadata,
      format: 'pcm_s16le',
      late: true,
      capture: {
        id: hold.captureId,
        offsetSamples: first.offset,
        atMs: Math.max(0, Math.round(first.capturedAtMs + offset)),
      },
    },
  });
  let cursor = first.offset;
  while (true) {
    const batch = hold.held.sendFrom(cursor, HELD_FRAME_SAMPLES, deps.now());
    if (batch.length === 0) return;
    const samples = joinChunks(batch);
    connection.sendBinary(int16ToLittleEndianBytes(samples));
    const last = batch[batch.length - 1]!;
    cursor = last.offset + last.samples.length;
    yield* delay((samples.length * 1000) / SAMPLE_RATE_HZ / HELD_AUDIO_SEND_SPEED);
  }
}

/**
 * The live start, placed in the capture, and the sound live on `connection` from there, in this
 * same step (no chunk falls between). On the first connection, what was captured before it was
 * accepted goes now as the live stream's first frames (it was never held through a drop).
 */
function* goLive(
  deps: AppDeps,
  hold: ComputerAudioHold,
  connection: SocketConnection,
  metadata: RecordingStartMetadata,
) {
  const offset = yield* call(serverClockOffset);
  // Held audio a reconnection sent is all sent: only what came before a first acceptance waits.
  const waiting = hold.held.firstUnsent;
  connection.send({
    type: 'audio',
    action: 'start',
    metadata: {
      ...metadata,
      capture: {
        id: hold.captureId,
        offsetSamples: waiting?.offset ?? hold.held.end,
        atMs: Math.max(0, Math.round((waiting?.capturedAtMs ?? deps.now()) + offset)),
      },
    },
  });
  for (const chunk of hold.held.sendUnsent(deps.now()))
    connection.sendBinary(int16ToLittleEndianBytes(chunk.samples));
  // No PONG on this connection says what arrived: what it was given is let go.
  hold.held.confirm(Number.POSITIVE_INFINITY);
  hold.sendLiveTo((samples) => connection.sendBinary(int16ToLittleEndianBytes(samples)));
}

/**
 * Streams the computer's sound (`hold`) on a connection of its own until its capture ends, the
 * connection is lost or refused, or this saga is cancelled; what was held through a drop goes
 * first, late. The connection is closed in every case (the capture itself is stopped by whoever
 * owns it); from then the sound is held again.
 */
export function* sendComputerAudio(
  deps: AppDeps,
  hold: ComputerAudioHold,
  metadata: RecordingStartMetadata,
): Generator<unknown, ComputerAudioOutcome, unknown> {
  if (hold.ended) return { kind: 'ended' };
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
    const labelled = { ...metadata, source };
    if (hold.wasLive && hold.held.first) {
      started = true;
      const caughtUp = yield* race({
        sent: call(sendHeld, deps, hold, connection, labelled),
        connection: call(readUntil, channel, connection, params, false),
      });
      if (caughtUp.connection) {
        // Not known to have arrived: sent again by the next connection.
        hold.held.lost();
        deps.logger.log(
          'warn',
          TAG,
          `the computer audio's connection ended while sending held audio: ${JSON.stringify(caughtUp.connection)}`,
        );
        return caughtUp.connection as ComputerAudioOutcome;
      }
    }
    yield* call(goLive, deps, hold, connection, labelled);
    started = true;
    deps.logger.log('info', TAG, `computer audio streaming as "${source.label}"`);
    const result = yield* race({
      ended: call([hold, hold.whenEnded]),
      connection: call(readUntil, channel, connection, params, false),
    });
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
    hold.sendLiveTo(undefined);
    if (started) connection.send({ type: 'audio', action: 'stop' });
    channel.close();
    connection.close(1000, 'client closing');
  }
}

/** The computer's sound again, on a new connection, after its own was lost (once the reconnection interval has passed). */
export function* computerAudioAgain(
  deps: AppDeps,
  hold: ComputerAudioHold,
  metadata: RecordingStartMetadata,
): Generator<unknown, ComputerAudioOutcome, unknown> {
  yield* delay(RECONNECT_MIN_INTERVAL_MS);
  return yield* sendComputerAudio(deps, hold, metadata);
}
