/**
 * The one text-to-speech interface every engine implements, as speech/types.ts is for
 * recognition: eSpeak NG now; a neural engine (sherpa-onnx TTS with a downloaded voice) later,
 * as another `kind` whose voices come from a model folder like the recognition models.
 */
import type { TtsVoice } from '../../shared/user';

export type TtsEngineKind = 'espeak-ng';

export interface SynthesisRequest {
  text: string;
  voice: TtsVoice;
  /** BCP 47 (en-US, fr-FR, es): the language the text is read in. */
  lang: string;
  /** Stops the synthesis (the requester left): the stream ends without an error. */
  signal?: AbortSignal;
}

export interface TtsEngine {
  /** `espeak-ng:1.51`: names the engine in logs and the config route. */
  readonly id: string;
  readonly kind: TtsEngineKind;
  /** Sample rate of the audio it produces (mono 16-bit PCM). */
  readonly sampleRate: number;
  /** Languages it can read (BCP 47, lower case as the engine names them). */
  readonly langs: readonly string[];
  /** Whether `lang` has a voice here. */
  supports(lang: string): boolean;
  /** The engine's own name of the voice that reads `lang` (es-ES and es-MX may share one). */
  languageOf(lang: string): string | undefined;
  /**
   * The speech, as mono Int16 chunks in the order they are made, so the first reaches the
   * listener before the whole text is spoken. Throws TtsError on a failed synthesis.
   */
  synthesize(request: SynthesisRequest): AsyncIterable<Int16Array>;
}

/** Which engine, from the configuration (HEARKEN_TTS_ENGINE, HEARKEN_ESPEAK_NG). */
export interface TtsEngineSpec {
  kind: TtsEngineKind | 'off';
  /** eSpeak NG's program (default `espeak-ng` on the PATH). */
  program?: string;
}

/** The engine the server runs with, or why there is none (said once at start; requests get it). */
export type TtsStatus = { ok: true; engine: TtsEngine } | { ok: false; error: string };

/** A synthesis that failed (bad language, engine crash): its message is the client's error. */
export class TtsError extends Error {
  override name = 'TtsError';
}
