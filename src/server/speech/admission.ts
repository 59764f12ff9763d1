/**
 * Whether one more speaker gets a recognition stream, and on which engine: the room's
 * `openSpeech` (rooms/room-contract.ts). Refusing one speaker with `speech-unavailable` is
 * better than everyone's captions falling behind.
 */
import type { PoolStream, PoolStreamHandlers, SpeechPool } from '../../native/speech/pool';
import type { RecognizerEvent } from '../../native/speech/types';
import type { ServerLimits } from '../limits';
import type { RoomServices } from '../rooms';
import { SpeechShares, shareRefusalMessage } from './shares';
import { VoiceMemory } from './voice-memory';

type Refusal = Extract<ReturnType<RoomServices['openSpeech']>, { ok: false }>;

export type SpeechAdmissionPool = Pick<SpeechPool, 'openStreams' | 'hasRoom' | 'status' | 'open'>;

export function speechAdmission(
  pool: SpeechAdmissionPool,
  limits: Pick<
    ServerLimits,
    'maxDecoders' | 'speechLoadLimit' | 'maxStreamsPerIdentity' | 'maxStreamsPerRoom' | 'streamSilentMs'
  >,
  shares = new SpeechShares(limits),
  /**
   * Cluster mode: a stream decoded on another node for a speaker this node has no room for
   * (cluster/remote-speech); undefined when no node has room either.
   */
  elsewhere?: (engine: string, lang: string, handlers: PoolStreamHandlers) => PoolStream | undefined,
  voices = new VoiceMemory(),
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
    const full: Refusal | undefined =
      pool.openStreams >= limits.maxDecoders
        ? {
            ok: false,
            code: 'speech-unavailable',
            message: `the server is full: it is captioning ${pool.openStreams} speakers, the most it holds at once; try again in a moment`,
            reason: 'full',
          }
        : !pool.hasRoom(limits.speechLoadLimit)
          ? {
              ok: false,
              code: 'speech-unavailable',
              message: `the server is captioning as many speakers as it can (${pool.openStreams}); try again in a moment`,
              reason: 'busy',
            }
          : undefined;
    // In a cluster a full node places the speaker on another node with room (cluster/remote-speech).
    if (full && !elsewhere) return full;
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
    const handlers = {
      onEvent: (event: RecognizerEvent) => track.handle(event),
      onError: (message: string) => {
        release();
        track.context.onError(`speech recognition failed: ${message}`);
      },
    };
    let stream: PoolStream;
    try {
      const placed = full ? elsewhere?.(name, lang, handlers) : undefined;
      if (full && !placed) {
        release();
        return full;
      }
      // The speaker's own voice and microphone as their last stream learnt them (voice-memory.ts).
      const cmnMean = holder.voice ? voices.get(holder.voice) : undefined;
      stream = placed ?? pool.open(name, lang, handlers, cmnMean ? { cmnMean } : {});
    } catch (error) {
      release();
      throw error;
    }
    const remember = holder.voice
      ? (mean: number[] | undefined) => voices.set(holder.voice!, mean)
      : undefined;
    track.attach(releasingOnClose(stream, release, remember));
    return { ok: true };
  };
}

/** `stream`, giving its share back when it is closed, and what it learnt of the voice to `remember`. */
function releasingOnClose(
  stream: PoolStream,
  release: () => void,
  remember?: (cmnMean: number[] | undefined) => void,
): PoolStream {
  return {
    get engineId() {
      return stream.engineId;
    },
    get cmnMean() {
      return stream.cmnMean;
    },
    get backlogSamples() {
      return stream.backlogSamples;
    },
    write: (samples) => stream.write(samples),
    flush: () => stream.flush(),
    boost: (words) => stream.boost(words),
    close: async () => {
      release();
      await stream.close();
      remember?.(stream.cmnMean);
    },
  };
}
