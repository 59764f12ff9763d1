/**
 * Whether one more speaker gets a recognition stream, and on which engine: the room's
 * `openSpeech` (rooms/room-contract.ts). Refusing one speaker with `speech-unavailable` is
 * better than everyone's captions falling behind.
 */
import type { PoolStream, SpeechPool } from '../../native/speech/pool';
import type { ServerLimits } from '../limits';
import type { RoomServices } from '../rooms';
import { SpeechShares, shareRefusalMessage } from './shares';

export type SpeechAdmissionPool = Pick<SpeechPool, 'openStreams' | 'hasRoom' | 'status' | 'open'>;

export function speechAdmission(
  pool: SpeechAdmissionPool,
  limits: Pick<
    ServerLimits,
    'maxDecoders' | 'speechLoadLimit' | 'maxStreamsPerIdentity' | 'maxStreamsPerRoom' | 'streamSilentMs'
  >,
  shares = new SpeechShares(limits),
): RoomServices['openSpeech'] {
  return (tier, lang, track, holder) => {
    // A fair share first: one identity or one room never holds every decoder (issue 29 F-01).
    const refusal = shares.refusal(holder);
    if (refusal) {
      const message = shareRefusalMessage(refusal, limits.streamSilentMs);
      return { ok: false, code: 'speech-unavailable', message, reason: 'fair-share' };
    }
    // The cap bounds the count (memory); the load limit (native/speech/load.ts) is what this
    // machine keeps real-time. Each refusal says which: a full server, or one too busy.
    if (pool.openStreams >= limits.maxDecoders) {
      return {
        ok: false,
        code: 'speech-unavailable',
        message: `the server is full: it is captioning ${pool.openStreams} speakers, the most it holds at once; try again in a moment`,
        reason: 'full',
      };
    }
    if (!pool.hasRoom(limits.speechLoadLimit)) {
      return {
        ok: false,
        code: 'speech-unavailable',
        message: `the server is captioning as many speakers as it can (${pool.openStreams}); try again in a moment`,
        reason: 'busy',
      };
    }
    // Premium falls back to basic rather than leaving someone without captions (speech/serving.ts
    // tells readers so).
    const name = pool.status(tier).ok ? tier : 'basic';
    const status = pool.status(name);
    if (!status.ok) {
      return {
        ok: false,
        code: 'speech-unavailable',
        message: `speech recognition is unavailable: ${status.error}`,
        reason: 'engine',
      };
    }
    // The share is given back when the stream closes, or fails (its owner opens a new one,
    // which takes a share of its own).
    const release = shares.take(holder);
    let stream: PoolStream;
    try {
      stream = pool.open(name, lang, {
        onEvent: (event) => track.handle(event),
        onError: (message) => {
          release();
          track.context.onError(`speech recognition failed: ${message}`);
        },
      });
    } catch (error) {
      release();
      throw error;
    }
    track.attach(releasingOnClose(stream, release));
    return { ok: true };
  };
}

/** `stream`, giving its share back when it is closed. */
function releasingOnClose(stream: PoolStream, release: () => void): PoolStream {
  return {
    get engineId() {
      return stream.engineId;
    },
    get backlogSamples() {
      return stream.backlogSamples;
    },
    write: (samples) => stream.write(samples),
    flush: () => stream.flush(),
    boost: (words) => stream.boost(words),
    close: () => {
      release();
      return stream.close();
    },
  };
}
