/**
 * Reads a voiced reply aloud for its sender: the engine's audio goes back as
 * `response-text-to-speech` chunks as it is made (the first small, so playback can be prepared
 * at once), then one `isDone`. Every failure, the engine being off included, is an answer with
 * `error`, never an exception: the typed line has already reached the room either way.
 */
import type { ServerMessageOf } from '../../shared/protocol';
import {
  TTS_CHUNK_MAX_SAMPLES,
  TTS_FIRST_CHUNK_MAX_SAMPLES,
  estimateTtsDurationMs,
  voiceIdOf,
} from '../../shared/tts';
import type { TtsVoice } from '../../shared/user';
import { int16ToBase64 } from '../../shared/tts-audio';
import { TtsError, type TtsStatus } from '../../native/tts/types';

export interface VoicedReplyRequest {
  requestId: string;
  text: string;
  voice: TtsVoice;
  lang: string;
}

type Response = ServerMessageOf<'response-text-to-speech'>;

/** Splits the engine's chunks so no message is large and the first is small. */
function* pieces(samples: Int16Array, first: boolean): Generator<Int16Array> {
  let at = 0;
  let limit = first ? TTS_FIRST_CHUNK_MAX_SAMPLES : TTS_CHUNK_MAX_SAMPLES;
  while (at < samples.length) {
    yield samples.subarray(at, at + limit);
    at += limit;
    limit = TTS_CHUNK_MAX_SAMPLES;
  }
}

export async function speakReply(
  status: TtsStatus,
  request: VoicedReplyRequest,
  send: (message: Response) => void,
  signal: AbortSignal,
  log: (level: 'warn', message: string, extra?: object) => void,
): Promise<void> {
  const base = { type: 'response-text-to-speech' as const, requestId: request.requestId };
  if (!status.ok) {
    send({ ...base, isDone: true, error: `text-to-speech is unavailable: ${status.error}` });
    return;
  }
  const { engine } = status;
  const head = {
    ...base,
    voiceId: voiceIdOf(request.voice),
    sampleRate: engine.sampleRate,
    estimatedDurationMs: estimateTtsDurationMs(request.text, request.lang, request.voice),
  };
  let first = true;
  try {
    for await (const chunk of engine.synthesize({ ...request, signal })) {
      for (const piece of pieces(chunk, first)) {
        send({ ...head, audio: int16ToBase64(piece), isDone: false });
        first = false;
      }
    }
    if (!signal.aborted) send({ ...head, isDone: true });
  } catch (error) {
    const message = error instanceof TtsError ? error.message : 'the voice could not be made';
    if (!(error instanceof TtsError))
      log('warn', 'text-to-speech failed', { error: (error as Error).message });
    send({ ...base, isDone: true, error: message });
  }
}
