/**
 * What the capture worklet does with the microphone's samples, kept free of Web Audio so it is
 * tested under Node: resample to 16 kHz if the audio context runs at another rate (the browser
 * resamples when it honours `new AudioContext({ sampleRate: 16000 })`), convert to Int16, and cut
 * into 60 ms chunks of CHUNK_SAMPLES (960) samples.
 */
import { Chunker, StreamingResampler, floatToInt16 } from '../../../shared/audio';
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../../../shared/constants';

export class CapturePipeline {
  private readonly resampler: StreamingResampler | undefined;
  private readonly chunker: Chunker;

  constructor(
    readonly inputRateHz: number,
    chunkSamples = CHUNK_SAMPLES,
  ) {
    this.resampler =
      inputRateHz === SAMPLE_RATE_HZ ? undefined : new StreamingResampler(inputRateHz, SAMPLE_RATE_HZ);
    this.chunker = new Chunker(chunkSamples);
  }

  get resampling(): boolean {
    return this.resampler !== undefined;
  }

  /** Takes one block of float samples at the input rate; returns the chunks it completed. */
  push(input: Float32Array): Int16Array[] {
    const samples = this.resampler ? this.resampler.process(input) : input;
    return samples.length === 0 ? [] : this.chunker.push(floatToInt16(samples));
  }
}

/** Messages the worklet posts to the page. */
export type ProcessorMessage =
  { type: 'started'; sampleRateHz: number; resampling: boolean } | { type: 'chunk'; samples: Int16Array };

export const CAPTURE_PROCESSOR_NAME = 'hearken-capture';
