/**
 * Held audio on the wire (docs/transcripts.md "Held audio"): every recording start says where
 * its frames sit in the microphone capture; PONGs let go of what surely arrived; and once a lost
 * connection is back, what the microphone captured meanwhile (HeldAudio) goes first, as held
 * audio faster than real time, and only then the live audio.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, race, select, take } from 'typed-redux-saga';
import { int16ToLittleEndianBytes } from '../../../shared/audio';
import { HELD_AUDIO_SEND_SPEED, SAMPLE_RATE_HZ } from '../../../shared/constants';
import type { RecordingStartMetadata } from '../../../shared/entities';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { conversationActions } from '../conversation/slice';
import { isSocketConnectedEvent, socketActions } from '../socket/slice';
import { type HeldAudio, joinChunks } from './held-audio';

/** Held audio goes in frames of a second (the largest the server takes). */
export const HELD_FRAME_SAMPLES = SAMPLE_RATE_HZ;

export const isSocketGone = (action: Action): boolean =>
  socketActions.statusEvent.match(action) &&
  (action.payload === 'lost' || action.payload === 'offline' || action.payload === 'close');

export const isRoomEnded = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  (action.payload.type === 'room-status' || action.payload.type === 'room-status-update') &&
  action.payload.status.state.value === 'ended';

const isPong = (action: Action): boolean =>
  socketActions.messageReceived.match(action) && action.payload.type === 'PONG';

/** Lets go of the audio each PONG proves arrived (for as long as the recording runs). */
export function* confirmOnPong(held: HeldAudio) {
  while (true) {
    const action = (yield* take(isPong)) as ReturnType<typeof socketActions.messageReceived>;
    if (action.payload.type === 'PONG') held.confirm(action.payload.clientTimeMs);
  }
}

function* serverClockOffset() {
  return (yield* select((s: RootState) => s.socket.clockOffsetMs)) ?? 0;
}

/**
 * The metadata of a live start: `metadata` with where its frames begin in the capture (the next
 * chunk, captured from now on).
 */
export function* liveStartMetadata(
  deps: AppDeps,
  metadata: RecordingStartMetadata,
  captureId: string,
  held: HeldAudio,
) {
  const offset = yield* serverClockOffset();
  return {
    ...metadata,
    capture: { id: captureId, offsetSamples: held.end, atMs: Math.max(0, Math.round(deps.now() + offset)) },
  } satisfies RecordingStartMetadata;
}

/**
 * Sends what `held` keeps as held audio: an `audio` start marked late (where it begins, when that
 * was captured, and `resumedFromMs`, where the connection was lost), then its chunks in frames of
 * a second at HELD_AUDIO_SEND_SPEED times real time, including those the microphone adds
 * meanwhile, until none is left. Returns false when nothing was held (the caller's live start
 * then carries `resumedFromMs`). The caller sends the live start right after, in the same step,
 * so no chunk falls between the two.
 */
export function* sendHeldAudio(
  deps: AppDeps,
  held: HeldAudio,
  metadata: RecordingStartMetadata,
  captureId: string,
  resumedFromMs: number | undefined,
) {
  const first = held.first;
  if (!first) return false;
  const offset = yield* serverClockOffset();
  const { resumedFromMs: _live, ...rest } = metadata;
  deps.link.send({
    type: 'audio',
    action: 'start',
    metadata: {
      ...rest,
      format: 'pcm_s16le',
      late: true,
      ...(resumedFromMs !== undefined ? { resumedFromMs: Math.max(0, Math.round(resumedFromMs)) } : {}),
      capture: {
        id: captureId,
        offsetSamples: first.offset,
        atMs: Math.max(0, Math.round(first.capturedAtMs + offset)),
      },
    },
  });
  let cursor = first.offset;
  while (true) {
    const batch = held.sendFrom(cursor, HELD_FRAME_SAMPLES, deps.now());
    if (batch.length === 0) return true;
    const samples = joinChunks(batch);
    deps.link.sendBinary(int16ToLittleEndianBytes(samples));
    const last = batch[batch.length - 1]!;
    cursor = last.offset + last.samples.length;
    yield* delay((samples.length * 1000) / SAMPLE_RATE_HZ / HELD_AUDIO_SEND_SPEED);
  }
}

/** Held audio a recording stopped with (its connection down, or its held audio being sent). */
export interface HeldAfterStop {
  held: HeldAudio;
  metadata: RecordingStartMetadata;
  captureId: string;
  /** Where the connection was lost (server clock), for the gap if some was not held. */
  lostAtMs: number | undefined;
}

/**
 * A recording stopped during a drop (docs/transcripts.md "Held audio"): what the microphone heard
 * before the stop is still captioned. Once the connection is back (at once if it is), the held
 * audio is sent, late, then the recording's stop, which lets the room decode it to its end. A
 * drop while sending waits for the next reconnection. Given up only when the conversation is
 * left or ends first: nobody can read its captions any more.
 */
export function* sendHeldAfterStop(deps: AppDeps, after: HeldAfterStop) {
  let online = (yield* select((s: RootState) => s.socket.status)) === 'online' && deps.link.isAttached;
  while (true) {
    if (!online) {
      const result = yield* race({
        back: take(isSocketConnectedEvent),
        exit: take(conversationActions.exited.type),
        ended: take(isRoomEnded),
      });
      if (!result.back) {
        deps.logger.log(
          'info',
          'audio',
          'the conversation ended before the connection came back: held audio dropped',
        );
        return false;
      }
    }
    const result = yield* race({
      sent: call(sendHeldAudio, deps, after.held, after.metadata, after.captureId, after.lostAtMs),
      gone: take(isSocketGone),
    });
    if (result.sent !== undefined) {
      deps.link.send({ type: 'audio', action: 'stop' });
      return true;
    }
    after.held.lost();
    online = false;
  }
}
