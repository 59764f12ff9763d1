/**
 * The text-to-speech engine voiced replies are spoken with. Its start-up line is said once here;
 * every voiced reply is then answered with the same reason when it is off.
 */
import { openTtsEngine } from '../../native/tts/engines';
import type { TtsEngineSpec, TtsStatus } from '../../native/tts/types';

export async function startTts(
  spec: TtsEngineSpec | undefined,
  log: { info(message: string): void; warn(message: string): void },
): Promise<TtsStatus> {
  // No engine configured: eSpeak NG, found on the PATH, as the installation guide installs it.
  const tts = await openTtsEngine(spec ?? { kind: 'espeak-ng' });
  if (tts.ok) log.info(`text-to-speech: ${tts.engine.id}`);
  else log.warn(`text-to-speech is off: ${tts.error}`);
  return tts;
}
