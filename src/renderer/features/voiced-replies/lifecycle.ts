/**
 * When a voiced reply is over (conversation.md, Text-to-speech): after its estimated duration,
 * when its track ends, or once the voice has been under level 10 for 500 ms, whichever comes
 * first. The audio is known whole before it plays, so the silence is found in its samples
 * rather than by listening to the speakers: pure, and the same on every device.
 */
import { volumeLevel } from '../../../shared/audio';
import { TTS_SILENCE_LEVEL, TTS_SILENCE_MS } from '../../../shared/tts';

/** Level measured over windows this long, as the volume meter does. */
const WINDOW_MS = 20;

/**
 * Where in the audio (ms) the silence that ends the voice has lasted TTS_SILENCE_MS: the first
 * window from which every later window is under TTS_SILENCE_LEVEL, plus TTS_SILENCE_MS; undefined
 * when the audio does not end in that much silence (then the track's end comes first).
 */
export function silenceEndMs(samples: Int16Array, sampleRate: number): number | undefined {
  const window = Math.max(1, Math.round((sampleRate * WINDOW_MS) / 1000));
  let quietFrom = samples.length;
  for (let end = samples.length; end > 0; end -= window) {
    const start = Math.max(0, end - window);
    if (volumeLevel(samples.subarray(start, end)) >= TTS_SILENCE_LEVEL) break;
    quietFrom = start;
  }
  const quietMs = ((samples.length - quietFrom) / sampleRate) * 1000;
  if (quietMs < TTS_SILENCE_MS) return undefined;
  return (quietFrom / sampleRate) * 1000 + TTS_SILENCE_MS;
}

/** How long after playback starts the voiced reply ends (and the microphone comes back). */
export function playbackEndMs(samples: Int16Array, sampleRate: number, estimatedMs: number): number {
  const trackMs = (samples.length / sampleRate) * 1000;
  return Math.min(estimatedMs, trackMs, silenceEndMs(samples, sampleRate) ?? Infinity);
}
