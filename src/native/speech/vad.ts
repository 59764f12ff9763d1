/**
 * Silero voice activity detection through sherpa-onnx-node. Silero tells speech from noise far
 * better than an energy threshold, which is what keeps music, typing and breathing out of the
 * captions and ends lines promptly at pauses.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { EngineUnavailableError } from './types';

const require = createRequire(import.meta.url);

/** Silero's window at 16 kHz: the VAD decides once per 512 samples (32 ms). */
export const VAD_WINDOW_SAMPLES = 512;

export interface VadOptions {
  modelPath: string;
  sampleRate: number;
  /** Speech probability above which a window counts as speech. */
  threshold: number;
  /** Speech shorter than this does not start an utterance (clicks, coughs). */
  minSpeechMs: number;
  /** Silence this long ends an utterance: the pause that ends a caption line. */
  minSilenceMs: number;
}

interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isDetected(): boolean;
  isEmpty(): boolean;
  pop(): void;
  reset(): void;
}

export class SileroVad {
  private readonly vad: SherpaVad;
  private readonly window = new Float32Array(VAD_WINDOW_SAMPLES);

  constructor(options: VadOptions) {
    if (!existsSync(options.modelPath)) {
      throw new EngineUnavailableError(
        `Silero VAD model not found at ${options.modelPath}`,
        'set HEARKEN_VAD_MODEL to the path of silero_vad.onnx (shipped in resources/models/silero-vad)',
      );
    }
    let sherpa: { Vad: new (config: object, bufferSeconds: number) => SherpaVad };
    try {
      sherpa = require('sherpa-onnx-node');
    } catch (error) {
      throw new EngineUnavailableError(
        `sherpa-onnx-node could not be loaded (${(error as Error).message})`,
        'npm install',
      );
    }
    this.vad = new sherpa.Vad(
      {
        sileroVad: {
          model: options.modelPath,
          threshold: options.threshold,
          minSpeechDuration: options.minSpeechMs / 1000,
          minSilenceDuration: options.minSilenceMs / 1000,
          // Our segmenter cuts long utterances itself; keep the VAD from doing it differently.
          maxSpeechDuration: 600,
          windowSize: VAD_WINDOW_SAMPLES,
        },
        sampleRate: options.sampleRate,
        numThreads: 1,
        debug: false,
      },
      // Seconds of audio the VAD may hold in completed segments; we drop them at once.
      30,
    );
  }

  /** Feeds one window of VAD_WINDOW_SAMPLES Int16 samples; returns whether speech is ongoing. */
  accept(samples: Int16Array): boolean {
    for (let i = 0; i < VAD_WINDOW_SAMPLES; i++) this.window[i] = (samples[i] ?? 0) / 32768;
    this.vad.acceptWaveform(this.window);
    // Completed segments are kept by sherpa for offline use; we only need the decision.
    while (!this.vad.isEmpty()) this.vad.pop();
    return this.vad.isDetected();
  }

  reset(): void {
    this.vad.reset();
  }
}
