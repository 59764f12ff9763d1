/**
 * A typed reply spoken into the meeting by the room's bot (ava-bot-text-to-speech): the TTS
 * engine's audio is played through the bot's microphone chunk by chunk as it is made, so the
 * meeting hears the start of a long reply before its end is synthesised. The typed line itself
 * has already reached the room; a voice that cannot be made is logged, not thrown.
 */
import type { SynthesisRequest, TtsEngine } from '../../native/tts/types';

export async function speakIntoMeeting(
  engine: Pick<TtsEngine, 'synthesize' | 'sampleRate'>,
  request: Omit<SynthesisRequest, 'signal'>,
  play: (samples: Int16Array, sampleRate: number) => Promise<boolean>,
  signal: AbortSignal,
  log: (level: 'warn', message: string, extra?: object) => void,
): Promise<boolean> {
  try {
    for await (const chunk of engine.synthesize({ ...request, signal })) {
      if (signal.aborted) return false;
      // The bot left the meeting meanwhile: the rest has nowhere to go.
      if (!(await play(chunk, engine.sampleRate))) return false;
    }
    return !signal.aborted;
  } catch (error) {
    log('warn', 'a reply could not be spoken into the meeting', { error: (error as Error).message });
    return false;
  }
}
