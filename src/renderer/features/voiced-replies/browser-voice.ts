/**
 * The spec's speech-synthesis fallback (conversation.md, section 9: speech synthesis rate 0.7):
 * when the server cannot speak a reply (no voice installed, the request refused or failed, no
 * answer in time), the sender's own browser reads it with `window.speechSynthesis`, so the
 * hearing people in the room still hear it. The decision is pure; the speaker takes the page's
 * speechSynthesis as a parameter, so tests give it a stub (Chromium may have no voices at all).
 */
import { TTS_SPEECH_SYNTHESIS_RATE, estimateTtsDurationMs } from '../../../shared/tts';
import type { Playback } from './player';

/** What the fallback needs of `window.speechSynthesis` and `SpeechSynthesisUtterance`. */
export interface SpeechSynthesisLike {
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
}
export type UtteranceFactory = (text: string) => SpeechSynthesisUtterance;

export interface BrowserVoice {
  /** False when this browser has no speech synthesis: the reply's error is then shown. */
  readonly available: boolean;
  /** Starts reading `text` in `lang` at the spec's rate. */
  speak(text: string, lang: string): Playback;
}

/**
 * Whether a reply the server could not voice is read by the browser instead: only one's own
 * reply (others' arrive as audio only, with no text to read), with text in it, when the browser
 * can speak. `serverError` is why the server could not: without one there is nothing to replace.
 */
export function shouldUseBrowserVoice(facts: {
  text: string;
  serverError: string | undefined;
  available: boolean;
}): boolean {
  return facts.serverError !== undefined && facts.available && facts.text.trim() !== '';
}

/**
 * How long the browser's voice may take before the reply is ended anyway (and the microphone
 * comes back): the spec's estimate, slowed by the synthesis rate. A browser that never says
 * "end" (some drop the event) cannot keep the microphone muted for ever.
 */
export function browserVoiceLimitMs(text: string, lang: string): number {
  return Math.ceil(estimateTtsDurationMs(text, lang) / TTS_SPEECH_SYNTHESIS_RATE);
}

export function browserVoice(
  synthesis: SpeechSynthesisLike | undefined,
  utterance: UtteranceFactory | undefined,
): BrowserVoice {
  if (!synthesis || !utterance)
    return {
      available: false,
      speak: () => {
        throw new Error('this browser has no speech synthesis');
      },
    };
  return {
    available: true,
    speak(text, lang) {
      const spoken = utterance(text);
      spoken.rate = TTS_SPEECH_SYNTHESIS_RATE;
      if (lang) spoken.lang = lang;
      const ended = new Promise<void>((resolve) => {
        spoken.addEventListener('end', () => resolve(), { once: true });
        spoken.addEventListener('error', () => resolve(), { once: true });
      });
      synthesis.speak(spoken);
      return { ended, stop: () => synthesis.cancel() };
    },
  };
}

/** The page's own speech synthesis, if it has one. */
export function pageBrowserVoice(scope: typeof globalThis = globalThis): BrowserVoice {
  const Utterance = (scope as { SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance })
    .SpeechSynthesisUtterance;
  return browserVoice(
    (scope as { speechSynthesis?: SpeechSynthesisLike }).speechSynthesis,
    Utterance ? (text) => new Utterance(text) : undefined,
  );
}
