/**
 * Whether one more speaker gets a recognition stream, and on which engine: the room's
 * `openSpeech` (rooms/room-contract.ts). Refusing one speaker with `speech-unavailable` is
 * better than everyone's captions falling behind.
 */
import type { SpeechPool } from '../../native/speech/pool';
import type { ServerLimits } from '../limits';
import type { RoomServices } from '../rooms';

export type SpeechAdmissionPool = Pick<SpeechPool, 'openStreams' | 'hasRoom' | 'status' | 'open'>;

export function speechAdmission(
  pool: SpeechAdmissionPool,
  limits: Pick<ServerLimits, 'maxDecoders' | 'speechLoadLimit'>,
): RoomServices['openSpeech'] {
  return (tier, lang, track) => {
    // The cap bounds the count (memory); the load limit (native/speech/load.ts) is what this
    // machine keeps real-time.
    if (pool.openStreams >= limits.maxDecoders || !pool.hasRoom(limits.speechLoadLimit)) {
      return {
        ok: false,
        code: 'speech-unavailable',
        message: `the server is captioning as many speakers as it can (${pool.openStreams}); try again in a moment`,
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
      };
    }
    const stream = pool.open(name, lang, {
      onEvent: (event) => track.handle(event),
      onError: (message) => track.context.onError(`speech recognition failed: ${message}`),
    });
    track.attach(stream);
    return { ok: true };
  };
}
