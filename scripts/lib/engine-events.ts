/**
 * One recording through a PocketSphinx stream in this thread, as a speech worker feeds it: 60 ms
 * chunks (what clients send), each its own buffer, then the stream flushed. Returns every event.
 * `realtime` sleeps between chunks as a microphone would deliver them.
 */
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../../src/shared/constants';
import type { PocketSphinxEngine } from '../../src/native/speech/pocketsphinx/engine';
import type { RecognizerEvent } from '../../src/native/speech/types';

export async function decodeRecording(
  engine: PocketSphinxEngine,
  audio: Int16Array,
  options: {
    realtime?: boolean;
    /** The speaker's cepstral mean from their last stream, and where this stream's goes. */
    cmn?: { start?: readonly number[]; end(mean: number[] | undefined): void };
  } = {},
): Promise<RecognizerEvent[]> {
  const stream = engine.open({
    lang: 'en-US',
    ...(options.cmn?.start ? { cmnMean: options.cmn.start } : {}),
  });
  const events: RecognizerEvent[] = [];
  const startedAt = performance.now();
  for (let i = 0; i < audio.length; i += CHUNK_SAMPLES) {
    if (options.realtime) {
      const due = startedAt + ((i + CHUNK_SAMPLES) * 1000) / SAMPLE_RATE_HZ;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolveWait) => setTimeout(resolveWait, wait));
    }
    events.push(...stream.accept(audio.slice(i, i + CHUNK_SAMPLES)));
  }
  events.push(...stream.flush());
  stream.close();
  options.cmn?.end(stream.cmnMean());
  return events;
}
